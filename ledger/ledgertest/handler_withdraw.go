package ledgertest

import (
	"fmt"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/cockroachdb/datadriven"
)

// withdraw pays out everything the arena owes the sender:
//
//	withdraw from=alice
func (h *Harness) withdraw(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "from")
	a.need("from")
	from := a.str("from", "")
	owed := h.s.Claimable(h.c.Addr(from))
	out := h.send(t, from, ledger.Amount{}, ledger.Withdraw{})
	if !out.OK() {
		return out.Err
	}
	if left := h.s.Claimable(h.c.Addr(from)); !left.IsZero() {
		d.Fatalf(t, "%s still owed %s after withdrawing", from, gen(left))
	}
	return fmt.Sprintf("%s withdrew %s: wallet %s, owed 0", from, gen(owed), gen(h.s.Balance(h.c.Addr(from))))
}
