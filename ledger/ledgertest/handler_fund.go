package ledgertest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/cockroachdb/datadriven"
)

// fund credits wallets through the dev-mode faucet, each name sending its own faucet
// transaction:
//
//	fund name=alice amount=100
//	fund name=(alice,bob,carol) amount=1000
func (h *Harness) fund(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "name", "amount")
	a.need("name")
	a.need("amount")
	amount := a.amount("amount", ledger.Amount{})
	var b strings.Builder
	for _, n := range a.vals("name") {
		out := h.send(t, n, ledger.Amount{}, ledger.Faucet{To: h.c.Addr(n), Amount: amount})
		if !out.OK() {
			fmt.Fprintf(&b, "%s: %s\n", n, out.Err)
			continue
		}
		fmt.Fprintf(&b, "%s: wallet %s\n", n, gen(h.s.Balance(h.c.Addr(n))))
	}
	return b.String()
}
