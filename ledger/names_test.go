package ledger_test

import (
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// names reports whether the arena's state names the artifact d.
func (a *arena) names(d string) bool {
	var ok bool
	a.View(func(s *State) { ok = s.Names(d) })
	return ok
}

// "A node serves only artifacts the ledger names": a bench's module, a committed
// program and the transcript each attestation published are named from the block that
// records them, and nothing else is.
func TestTheLedgerNamesTheChallengesArtifacts(t *testing.T) {
	a := challengeArena(t, nil)
	if !a.names(ledgertest.BenchBody("ditto", 1).Module) {
		t.Error("the registered bench's module is not named")
	}
	program := ledgertest.Digest("steady")
	res := ledgertest.Scored(120, 500_000, 1_000)
	if a.names(program) || a.names(res.Transcript) || a.names(ledgertest.Digest("never")) || a.names("") {
		t.Fatal("an artifact nothing committed is named")
	}
	_, run := a.CommitProgram("bob", a.id, "steady", "full")
	if !a.names(program) || a.names(res.Transcript) {
		t.Fatalf("after the commit: program named %v, transcript named %v", a.names(program), a.names(res.Transcript))
	}
	a.AttestRun(run, res)
	if !a.names(res.Transcript) {
		t.Error("the attested transcript is not named")
	}
}

// A learning challenge's train split and a committed pair are named; its held-out split
// only once the sponsor revealed it, so that no node serves it before.
func TestTheHeldOutSplitIsNamedOnlyOnceRevealed(t *testing.T) {
	a, cid := learnArena(t, 3)
	a.CommitPair("alice", cid, "order2", "count")
	for _, name := range []string{"train", "order2", "count"} {
		if !a.names(ledgertest.Digest(name)) {
			t.Errorf("%s is not named", name)
		}
	}
	heldout := ledgertest.Digest("heldout")
	if a.names(heldout) {
		t.Fatal("the held-out split is named before its reveal")
	}
	a.Wait(600)
	a.RevealHeldout(cid)
	if !a.names(heldout) {
		t.Fatal("the revealed held-out split is not named")
	}
}

// A URL entry's committed work bytes are named from its filing.
func TestAURLEntryNamesItsWork(t *testing.T) {
	a := newArena(t, 5, nil)
	task := a.Post(Ether(100))
	if a.names(guideSHA) {
		t.Fatal("work nobody filed is named")
	}
	a.Do("bob", entryBond, Submit{Task: task, WorkURL: "https://bob.example/guide.md", WorkSHA256: guideSHA})
	if !a.names(guideSHA) {
		t.Fatal("the committed work is not named")
	}
}
