package ledgertest

import (
	"fmt"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/cockroachdb/datadriven"
)

// post opens a task; the prize goes into prize escrow:
//
//	post from=sponsor prize=200 closes=1h [title=(...)] [spec=(...)] [rubric=(...)]
func (h *Harness) post(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "from", "prize", "closes", "title", "spec", "rubric")
	from := a.str("from", "sponsor")
	body := ledger.PostTask{
		Title:     a.str("title", "Launch note"),
		Spec:      a.str("spec", "Write the launch note the rubric describes."),
		Rubric:    a.str("rubric", "The note must be at most 600 characters."),
		ClosesInS: a.seconds("closes", 3600),
	}
	out := h.send(t, from, a.amount("prize", ledger.Amount{}), body)
	if !out.OK() {
		return out.Err
	}
	tv, _ := h.s.Task(ledger.TaskID(out.Created))
	return fmt.Sprintf("task %d posted by %s: prize %s, closes %s (prize_escrow=%s)",
		tv.ID, from, gen(tv.Prize), clock(tv.ClosesAt), gen(h.s.Arena().Balances.PrizeEscrow))
}
