package ledger_test

import (
	"testing"

	. "github.com/arena/arena/ledger"
)

// "A nonce per sender refuses replays", and a transaction the engine should never have
// put in a block (wrong chain, bad nonce, an empty wallet, value on a kind that takes
// none) is refused without consuming the nonce.
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
