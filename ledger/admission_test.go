package ledger_test

import (
	"testing"

	. "github.com/arena/arena/ledger"
)

// "A nonce per sender refuses replays", and a transaction the engine should never have
// put in a block (another arena or chain, bad nonce, past its validity bound, an empty
// wallet, value on a kind that takes none) is refused without consuming the nonce.
func TestAdmissionRefusesWithoutConsumingTheNonce(t *testing.T) {
	a := newArena(t, 5, nil)
	tests := []struct {
		name string
		tx   func() *Tx
		want *Error
	}{
		{"other chain", func() *Tx {
			tx := a.Tx("alice", Amount{}, Withdraw{})
			tx.Chain = "other"
			return tx
		}, errChain},
		{"other arena", func() *Tx {
			tx := a.Tx("alice", Amount{}, Withdraw{})
			tx.Arena[0] ^= 1
			return tx
		}, errArena},
		{"past its validity bound", func() *Tx {
			tx := a.Tx("alice", Amount{}, Withdraw{})
			tx.ValidUntil = uint64(a.Now()) - 1
			return tx
		}, errExpired},
		{"nonce replayed", func() *Tx {
			tx := a.Tx("alice", Amount{}, Withdraw{})
			tx.Nonce = 0
			return tx
		}, errNonce},
		{"nonce skipped", func() *Tx {
			tx := a.Tx("alice", Amount{}, Withdraw{})
			tx.Nonce = 2
			return tx
		}, errNonce},
		{"value on grade", func() *Tx { return a.Tx("alice", Ether(1), Grade{Entry: 1}) }, errNoValue},
		{"value on withdraw", func() *Tx { return a.Tx("alice", NewAmount(1), Withdraw{}) }, errNoValue},
		{"empty wallet", func() *Tx { return a.Tx("poor", entryBond, Submit{Task: 1, Work: "w"}) }, errFunds},
		{"no body", func() *Tx { return &Tx{Chain: testChain, From: a.Addr("alice"), Nonce: 1} }, errNoBody},
		{"pointer body", func() *Tx { return &Tx{Chain: testChain, From: a.Addr("alice"), Nonce: 1, Body: &Withdraw{}} }, errNoBody},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tx := tt.tx()
			wantErr(t, a.s.Check(tx), tt.want)
			a.s.BeginBlock(Block{Height: a.s.Height(), Time: a.Now()})
			before := a.s.Hash()
			out, err := a.s.Apply(tx, Block{Height: a.s.Height(), Time: a.Now()})
			if err != nil || out.Err != tt.want.Error() {
				t.Fatalf("Apply: %v, %q; want %q", err, out.Err, tt.want)
			}
			if a.s.Hash() != before {
				t.Fatal("an admission refusal changed the state")
			}
		})
	}
	if got := a.s.NextNonce(a.Addr("alice")); got != 1 {
		t.Fatalf("next nonce %d after admission refusals, want 1", got)
	}
}

// "Any other refusal (by the rules) consumes the nonce": the transaction is in a block, so
// its nonce is spent and a replay of it is refused at admission.
func TestAdmissionRuleRefusalConsumesTheNonce(t *testing.T) {
	a := newArena(t, 5, nil)
	tx := a.Tx("alice", Amount{}, Withdraw{})
	if out := a.Apply(tx); out.Err != errNothingOwed.Error() {
		t.Fatalf("got %q", out.Err)
	}
	if got := a.s.NextNonce(a.Addr("alice")); got != 2 {
		t.Fatalf("next nonce %d, want 2", got)
	}
	wantErr(t, a.s.Check(tx), errNonce)
	if err := a.s.Check(a.Tx("alice", Amount{}, Withdraw{})); err != nil {
		t.Fatalf("next transaction refused: %v", err)
	}
}

// A transaction is valid up to and including the second its validUntil names, and a fee
// above the sender's maxFee is refused at admission without consuming the nonce.
func TestAdmissionBoundsTimeAndFee(t *testing.T) {
	a := newArena(t, 5, func(terms *Terms) { terms.FeePerTx = NewAmount(7) })
	tx := a.Tx("alice", Amount{}, Faucet{To: a.Addr("alice"), Amount: Ether(1)})
	if !tx.MaxFee.Eq(NewAmount(7)) {
		t.Fatalf("stamped maxFee %s, want the schedule's 7", tx.MaxFee)
	}
	tx.MaxFee = NewAmount(6)
	wantErr(t, a.s.Check(tx), errMaxFee)

	at := a.Tx("alice", Amount{}, Faucet{To: a.Addr("alice"), Amount: Ether(1)})
	at.ValidUntil = uint64(a.Now())
	if err := a.s.Check(at); err != nil {
		t.Fatalf("a transaction at its validUntil second: %v", err)
	}
	if got := a.s.NextNonce(a.Addr("alice")); got != 1 {
		t.Fatalf("next nonce %d, want 1", got)
	}
}

// An engine admits a block's transactions at the clock that block gives (CheckIn): one
// whose validUntil that block's time passes is refused there, though the last block's
// clock still admits it, and the state is left as it was.
func TestCheckInReadsTheBlocksClock(t *testing.T) {
	a := newArena(t, 5, nil)
	tx := a.Tx("alice", Amount{}, Withdraw{})
	tx.ValidUntil = uint64(a.s.Now())
	if err := a.s.Check(tx); err != nil {
		t.Fatalf("Check at the last block's clock: %v", err)
	}
	before, h := a.s.Hash(), a.s.Height()
	wantErr(t, a.s.CheckIn(tx, Block{Height: h + 1, Time: a.s.Now() + 1}), errExpired)
	if err := a.s.CheckIn(tx, Block{Height: h + 1, Time: a.s.Now()}); err != nil {
		t.Fatalf("CheckIn at its validUntil second: %v", err)
	}
	if a.s.Hash() != before || a.s.Height() != h {
		t.Fatal("CheckIn changed the state")
	}
}
