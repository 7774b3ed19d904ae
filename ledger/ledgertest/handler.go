// Package ledgertest drives a ledger.State from contest scripts in cockroachdb's
// datadriven format, through the ledger's exported API only: every transaction is signed
// with a real secp256k1 key, verified, and applied in a block of its own, and the
// ledger's invariants are checked after every command.
//
// A script is a list of commands, each followed by "----" and what it printed:
//
//	open validators=4 quorum=3 window=6h dev=true
//	fund name=(alice,bob) amount=100
//	post from=sponsor prize=200 closes=1h
//	enter task=1 from=alice work=(the launch note)
//	grade entry=1 readings=(4,4,4,4)
//	appeal entry=1 from=carol at=+2h readings=(3) dq=mandatory
//	wait 7h
//	award task=1
//	withdraw from=alice
//	balances
//	show entry=1
//
// Amounts are whole units of the currency, durations are Go durations (1h, 30m), and
// times print as offsets from the opening of the arena (t+7h). The handler_<cmd>.go
// files document each command's arguments.
package ledgertest

import (
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/cockroachdb/datadriven"
)

// genesisTime is the block time at which every contest opens.
const genesisTime = 1_700_000_000

// Harness is one contest: the ledger state, the named keys, the block height and the
// clock. The zero value is not usable; call New.
type Harness struct {
	s      *ledger.State
	terms  ledger.Terms
	keys   keyring
	height uint64
	now    int64
}

// New returns a harness with no arena open; a script's first command opens one.
func New() *Harness {
	return &Harness{keys: newKeyring(), now: genesisTime}
}

// Handle runs one command of a script and returns what it printed. A refusal by the
// ledger is printed, not failed; a broken invariant, a refusal that moved money or a
// malformed command fails the test.
func (h *Harness) Handle(t *testing.T, d *datadriven.TestData) string {
	t.Helper()
	if h.s == nil && d.Cmd != "open" {
		d.Fatalf(t, "%s before open", d.Cmd)
	}
	out := h.dispatch(t, d)
	if h.s != nil {
		if err := h.s.CheckInvariants(); err != nil {
			d.Fatalf(t, "after %s: %v", d.Cmd, err)
		}
	}
	return strings.TrimRight(out, "\n") + "\n"
}

// dispatch runs the command's handler.
func (h *Harness) dispatch(t *testing.T, d *datadriven.TestData) string {
	switch d.Cmd {
	case "open":
		return h.open(t, d)
	case "fund":
		return h.fund(t, d)
	case "post":
		return h.post(t, d)
	case "enter":
		return h.enter(t, d)
	case "grade":
		return h.grade(t, d)
	case "attempt":
		return h.attempt(t, d)
	case "attest":
		return h.attest(t, d)
	case "appeal":
		return h.appeal(t, d)
	case "wait":
		return h.wait(t, d)
	case "award":
		return h.award(t, d)
	case "withdraw":
		return h.withdraw(t, d)
	case "balances":
		return h.balances(t, d)
	case "show":
		return h.show(t, d)
	}
	d.Fatalf(t, "unknown command %q", d.Cmd)
	return ""
}

// send signs body from the named actor with its next nonce, verifies the signature and
// applies the transaction in the next block at the harness clock. A refusal must leave
// every balance as it was.
func (h *Harness) send(t *testing.T, from string, value ledger.Amount, body ledger.Body) ledger.Outcome {
	t.Helper()
	k := h.keys.get(t, from)
	tx := &ledger.Tx{Chain: h.terms.Chain, From: k.addr, Nonce: h.s.NextNonce(k.addr), Value: value, Body: body}
	k.sign(t, tx)
	if err := tx.Verify(); err != nil {
		t.Fatalf("verify %s by %s: %v", body.Kind(), from, err)
	}
	before := h.s.Arena().Balances
	h.height++
	out, err := h.s.Apply(tx, ledger.Block{Height: h.height, Time: h.now})
	if err != nil {
		t.Fatalf("apply %s by %s: %v", body.Kind(), from, err)
	}
	if after := h.s.Arena().Balances; !out.OK() && !sameBalances(before, after) {
		t.Fatalf("refused %s by %s moved money: %+v -> %+v", body.Kind(), from, before, after)
	}
	return out
}

func sameBalances(x, y ledger.Balances) bool {
	return x.PrizeEscrow.Eq(y.PrizeEscrow) && x.BondEscrow.Eq(y.BondEscrow) && x.SlashPool.Eq(y.SlashPool) &&
		x.ClaimableTotal.Eq(y.ClaimableTotal) && x.PaidIn.Eq(y.PaidIn) && x.PaidOut.Eq(y.PaidOut)
}

// name returns the script name of a, or its hex form for an address no script named.
func (h *Harness) name(a ledger.Address) string { return h.keys.name(a) }

// names returns the script names of as, in order, joined by spaces.
func (h *Harness) names(as []ledger.Address) string {
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = h.name(a)
	}
	return strings.Join(out, " ")
}

// owed lists every named actor the arena owes, by name.
func (h *Harness) owed() []string {
	var out []string
	for _, n := range h.keys.sorted() {
		if c := h.s.Claimable(h.keys.byName[n].addr); !c.IsZero() {
			out = append(out, n+"="+gen(c))
		}
	}
	return out
}
