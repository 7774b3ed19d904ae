package ledger_test

import (
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// "Withdrawals are pull, never push: the balance is zeroed before the transfer is
// emitted, and one claimant cannot reach another's."
func TestGettingPaidIsPullAndZeroed(t *testing.T) {
	a, task, _ := graded(t, ledgertest.Reading(4, 0, false))
	a.Settle(task)
	if got := a.s.Balance(a.Addr("bob")); !got.Eq(Ether(995)) {
		t.Fatalf("award pushed money to the wallet: %s", got)
	}
	a.Refused(errNothingOwed, "stranger", Amount{}, Withdraw{})
	if got := a.s.Claimable(a.Addr("stranger")); !got.IsZero() {
		t.Fatalf("stranger owed %s", got)
	}
	out := a.Do("bob", Amount{}, Withdraw{})
	if len(out.Events) != 1 || !out.Events[0].Amount.Eq(Ether(205)) {
		t.Fatalf("events %+v", out.Events)
	}
	if got := a.s.Claimable(a.Addr("bob")); !got.IsZero() {
		t.Fatalf("claimable %s after withdraw, want 0", got)
	}
	if got := a.s.Balance(a.Addr("bob")); !got.Eq(Ether(1200)) {
		t.Fatalf("wallet %s, want 1200 GEN", got)
	}
	a.Refused(errNothingOwed, "bob", Amount{}, Withdraw{})
	if b := a.s.Arena().Balances; !b.PaidOut.Eq(Ether(205)) || !b.ClaimableTotal.IsZero() {
		t.Fatalf("balances %+v", b)
	}
}

// "faucet (dev mode only) credits a wallet; dev_advance adds to the clock": both refused
// outside dev mode, and bad arguments refused by message.
func TestDevModeOnly(t *testing.T) {
	live := newArena(t, 5, func(t *Terms) { t.DevMode = false })
	live.Refused(errDevOnly, "alice", Amount{}, Faucet{To: live.Addr("alice"), Amount: Ether(1)})
	live.Refused(errDevOnly, "alice", Amount{}, Advance{Seconds: 60})

	a := newArena(t, 5, nil)
	a.Refused(errFaucetTo, "alice", Amount{}, Faucet{Amount: Ether(1)})
	a.Refused(errFaucetAmount, "alice", Amount{}, Faucet{To: a.Addr("alice")})
	a.Refused(errAdvance, "alice", Amount{}, Advance{Seconds: 0})
	a.Refused(errAdvance, "alice", Amount{}, Advance{Seconds: MaxAdvanceS + 1})
	a.Do("alice", Amount{}, Faucet{To: a.Addr("newcomer"), Amount: Ether(7)})
	if got := a.s.Balance(a.Addr("newcomer")); !got.Eq(Ether(7)) {
		t.Fatalf("faucet credited %s", got)
	}
	before := a.s.Now()
	a.Do("alice", Amount{}, Advance{Seconds: 3600})
	if got := a.s.Now(); got != before+3600 {
		t.Fatalf("clock %d, want %d", got, before+3600)
	}
}
