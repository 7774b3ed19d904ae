package ledgertest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/cockroachdb/datadriven"
)

// award settles a task: the prize to the winner or back to the sponsor, and every bond
// refunded or slashed:
//
//	award task=1 [from=grader]
func (h *Harness) award(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "task", "from")
	id := ledger.TaskID(a.id("task"))
	out := h.send(t, a.str("from", "grader"), ledger.Amount{}, ledger.Award{Task: id})
	if !out.OK() {
		return out.Err
	}
	tv, _ := h.s.Task(id)
	var b strings.Builder
	if tv.State == ledger.TaskVoided {
		fmt.Fprintf(&b, "task %d voided: prize %s back to %s\n", id, gen(tv.Prize), h.name(tv.Sponsor))
	} else {
		fmt.Fprintf(&b, "task %d awarded to entry %d by %s at score %d: prize %s to %s\n",
			id, tv.Winner, h.name(*tv.WinnerAddr), tv.WinScore, gen(tv.Prize), h.name(*tv.WinnerAddr))
	}
	for _, e := range h.s.Entries(id) {
		to := "back to " + h.name(e.Solver)
		if e.Outcome == "slashed" {
			to = "into the slash pool"
		}
		fmt.Fprintf(&b, "entry %d %s: bond %s %s\n", e.ID, e.Outcome, gen(e.Bond), to)
	}
	bal := h.s.Arena().Balances
	fmt.Fprintf(&b, "prize_escrow=%s bond_escrow=%s slash_pool=%s claimable_total=%s",
		gen(bal.PrizeEscrow), gen(bal.BondEscrow), gen(bal.SlashPool), gen(bal.ClaimableTotal))
	return b.String()
}
