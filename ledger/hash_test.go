package ledger

import "testing"

// rebuiltHash computes s's hash from empty caches: the hash of s decoded afresh.
func rebuiltHash(t testing.TB, s *State) [32]byte {
	t.Helper()
	b, err := s.Encode()
	if err != nil {
		t.Fatal(err)
	}
	c, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	return c.Hash()
}

// checkHashCache fails when the incremental hash has drifted from one rebuilt from
// scratch: a change that was not marked would do that.
func checkHashCache(t testing.TB, s *State, when string) {
	t.Helper()
	if got, want := s.Hash(), rebuiltHash(t, s); got != want {
		t.Fatalf("%s: incremental state hash %x differs from the rebuilt hash %x", when, got, want)
	}
}

// TestTheHashCommitsToEveryObject: two arenas that differ in one byte of one entry's
// work, or in one account's nonce, have different hashes.
func TestTheHashCommitsToEveryObject(t *testing.T) {
	play := func(work string) *arena {
		a := newArena(t, 4, nil)
		task := a.post(Ether(200))
		a.enter(task, "alice", work)
		return a
	}
	a, b := play("a short note"), play("a short nose")
	if a.s.Hash() == b.s.Hash() {
		t.Fatal("arenas that differ in an entry's work have the same state hash")
	}
	before := a.s.Hash()
	a.s.book.BumpNonce(a.addr("alice"))
	a.s.hash = nil
	if a.s.Hash() == before {
		t.Fatal("a changed nonce left the state hash unchanged")
	}
	checkHashCache(t, a.s, "after the edit")
}
