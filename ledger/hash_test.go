package ledger_test

import (
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// TestTheHashCommitsToEveryObject: two arenas that differ in one byte of one entry's
// work, or in one account's nonce, have different hashes.
func TestTheHashCommitsToEveryObject(t *testing.T) {
	play := func(work string) *arena {
		a := newArena(t, 4, nil)
		task := a.Post(Ether(200))
		a.Enter(task, "alice", work)
		return a
	}
	a, b := play("a short note"), play("a short nose")
	if a.s.Hash() == b.s.Hash() {
		t.Fatal("arenas that differ in an entry's work have the same state hash")
	}
	// A withdrawal refused by the rules, in the block already applied, moves alice's
	// nonce and nothing else: not the height, not the clock, not a balance.
	before, height, nonce := a.s.Hash(), a.s.Height(), a.s.NextNonce(a.Addr("alice"))
	out, err := a.s.Apply(a.Tx("alice", Amount{}, Withdraw{}), Block{Height: height})
	if err != nil || out.Err != errNothingOwed.Error() {
		t.Fatalf("withdraw: %v %q, want %q", err, out.Err, errNothingOwed)
	}
	if a.s.Height() != height || a.s.NextNonce(a.Addr("alice")) != nonce+1 {
		t.Fatalf("height %d -> %d, nonce %d -> %d: want only the nonce moved", height, a.s.Height(), nonce, a.s.NextNonce(a.Addr("alice")))
	}
	if a.s.Hash() == before {
		t.Fatal("a changed nonce left the state hash unchanged")
	}
	if err := ledgertest.CheckHash(a.s); err != nil {
		t.Fatalf("after the nonce moved: %v", err)
	}
}
