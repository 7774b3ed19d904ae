package ledger_test

import (
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/ledgertest"
)

// "The seed is unpredictable at commit": a committed run has no seed until the next
// block, which hands it keccak256 over the state hash at the end of the commit's block;
// two arenas identical up to and including the commit, whose commit blocks differ only
// by a later transaction of someone else, give the same run different seeds; and once
// fixed the seed never moves.
func TestARunSeedIsFixedOnlyAtTheNextBlockFromStateNobodyKnewAtCommit(t *testing.T) {
	x, y := challengeArena(t, nil), challengeArena(t, nil)
	if x.s.Hash() != y.s.Hash() {
		t.Fatal("the two arenas differ before the commit")
	}
	var runs [2]RunID
	var ends [2][32]byte
	var committed [2][]Event
	for i, a := range []*chArena{x, y} {
		out := a.Do("carol", mustAdd(challengeDeposit, challengeFee), challenge.Commit{Challenge: a.id, Program: ledgertest.Digest("carol's agent"), Size: 10, Profile: challenge.ProfileFull})
		committed[i] = out.Events
		var ev ChallengeEntryView
		ev, _ = a.s.ChallengeEntry(ChallengeEntryID(out.Created))
		runs[i] = ev.Run
		if r := a.Run(ev.Run); r.State != challenge.RunAnchoring || r.Seed != "" || r.Round != 0 {
			t.Fatalf("at commit the run is %s with seed %q", r.State, r.Seed)
		}
	}
	if x.s.Hash() != y.s.Hash() || runs[0] != runs[1] {
		t.Fatal("the two arenas differ at the commit")
	}
	// In y someone else's transaction follows the commit in the same block.
	tx := y.Tx("stranger", Amount{}, Withdraw{})
	if _, err := y.s.Apply(tx, Block{Height: y.s.Height(), Time: y.s.Now()}); err != nil {
		t.Fatal(err)
	}
	for i, a := range []*chArena{x, y} {
		ends[i] = a.s.Hash()
		a.Tick()
	}
	sx, sy := x.Run(runs[0]), y.Run(runs[1])
	if sx.State != challenge.RunRunning || sx.Seed != challenge.RunSeed(ends[0], runs[0]) || sy.Seed != challenge.RunSeed(ends[1], runs[1]) {
		t.Fatalf("seeds %q, %q are not keccak over the commit blocks' end states", sx.Seed, sy.Seed)
	}
	for _, ev := range committed[0] {
		if ev.Note == sx.Seed {
			t.Fatalf("the commit's events carry the seed: %+v", ev)
		}
	}
	if sx.Seed == sy.Seed {
		t.Fatal("two different commit blocks gave the run the same seed")
	}
	x.Tick()
	if again := x.Run(runs[0]); again.Seed != sx.Seed {
		t.Fatalf("the seed moved from %s to %s", sx.Seed, again.Seed)
	}
}

// mustAdd adds two amounts the test knows fit.
func mustAdd(a, b Amount) Amount {
	s, _ := a.Add(b)
	return s
}
