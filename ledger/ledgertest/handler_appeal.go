package ledgertest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/cockroachdb/datadriven"
)

// appeal files an appeal against an entry's grade in force, at=+D after that grade
// settled (the clock moves there), and, given readings (see readingArgs), has the
// regrade committee attest:
//
//	appeal entry=1 from=carol [at=+2h] [argument=(...)] [bond=20] [readings=(3) dq=mandatory]
func (h *Harness) appeal(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, append([]string{"entry", "from", "at", "argument", "bond"}, readingArgs...)...)
	a.need("from")
	e := ledger.EntryID(a.id("entry"))
	if a.has("at") {
		h.moveTo(t, a, e)
	}
	from := a.str("from", "")
	body := ledger.Appeal{Entry: e, Argument: a.str("argument", "the reading is wrong")}
	out := h.send(t, from, a.amount("bond", h.terms.AppealBond), body)
	if !out.OK() {
		return out.Err
	}
	r, _ := h.s.Round(ledger.RoundID(out.Created))
	ev, _ := h.s.Entry(e)
	var b strings.Builder
	fmt.Fprintf(&b, "appeal by %s on entry %d at %s against round %d: bond %s (bond_escrow=%s)\n",
		from, e, clock(h.s.Now()), ev.Appeal.Against, gen(ev.Appeal.Bond), gen(h.s.Arena().Balances.BondEscrow))
	b.WriteString(h.opened(r) + "\n")
	if a.hasReadings() {
		b.WriteString(h.consensus(t, a, r.ID))
	}
	return b.String()
}

// moveTo moves the clock to at=+D after the entry's grade in force settled.
func (h *Harness) moveTo(t *testing.T, a args, e ledger.EntryID) {
	ev, ok := h.s.Entry(e)
	if !ok || ev.Current == nil {
		a.d.Fatalf(t, "at=: entry %d has no grade to time the appeal from", e)
	}
	at := a.str("at", "")
	if !strings.HasPrefix(at, "+") {
		a.d.Fatalf(t, "at=%s: want +D, a duration after the grade settled", at)
	}
	target := ev.Current.SettledAt + a.parseSeconds(at[1:])
	if target < h.s.Now() {
		a.d.Fatalf(t, "at=%s is %s, already past (the clock reads %s)", at, clock(target), clock(h.s.Now()))
	}
	h.bare.Wait(target - h.s.Now())
}
