package ledger

import "testing"

// rebuiltHash computes s's hash from an empty cache, as a freshly decoded state would.
func rebuiltHash(s *State) [32]byte {
	c := *s
	c.hc = hashCache{}
	c.hash = nil
	return c.Hash()
}

// checkHashCache fails when the incremental hash has drifted from one rebuilt from
// scratch: a change that was not marked would do that.
func checkHashCache(t testing.TB, s *State, when string) {
	t.Helper()
	if got, want := s.Hash(), rebuiltHash(s); got != want {
		t.Fatalf("%s: incremental state hash %x differs from the rebuilt hash %x", when, got, want)
	}
}

// TestTheHashCommitsToEveryObject: changing any one object's bytes changes the hash.
func TestTheHashCommitsToEveryObject(t *testing.T) {
	a := newArena(t, 4, nil)
	task := a.post(Ether(200))
	a.enter(task, "alice", "a short note")
	before := a.s.Hash()
	a.s.entries[0].Work = "tampered"
	a.s.mark.entry(1)
	a.s.hash = nil
	if a.s.Hash() == before {
		t.Fatal("editing an entry's work left the state hash unchanged")
	}
	checkHashCache(t, a.s, "after the edit")
}
