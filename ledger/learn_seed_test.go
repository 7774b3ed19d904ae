package ledger_test

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"

	"github.com/arena/arena/ledger/learn"
)

// "Seeds: the init seed is anchored like a challenge run (state hash at the end of the
// commit's block)": a committed run has no seed until the next block, which hands it
// keccak256("arena learn run" ‖ that state hash ‖ run id); its init seed is
// sha256("arena learn init\n" + the seed in hex); the run's round opens then, and the
// seed never moves after.
func TestALearningRunIsSeededAtTheNextBlockFromTheCommitBlocksState(t *testing.T) {
	a, cid := learnArena(t, 3)
	id := a.CommitPair("alice", cid, "order2", "count")
	if r := a.LearnRun(id); r.State != learn.RunAnchoring || r.Seed != "" || r.InitSeed != "" || r.Round != 0 {
		t.Fatalf("at commit the run is %s with seed %q", r.State, r.Seed)
	}
	end := a.s.Hash()
	a.Tick()
	r := a.LearnRun(id)
	init := sha256.Sum256([]byte("arena learn init\n" + r.Seed))
	if r.State != learn.RunRunning || r.Round == 0 || r.Seed != learn.RunSeed(end, id) || r.InitSeed != hex.EncodeToString(init[:]) {
		t.Fatalf("after a block: %s, round %d, seed %q, init seed %q", r.State, r.Round, r.Seed, r.InitSeed)
	}
	if g, _ := a.s.GradingRound(r.Round); g.Kind != learn.RunKind || g.Subject != uint64(id) || len(g.Committee) != 3 {
		t.Fatalf("the run's round: %s of %d, committee %d", g.Kind, g.Subject, len(g.Committee))
	}
	a.Tick()
	if again := a.LearnRun(id); again.Seed != r.Seed {
		t.Fatalf("the seed moved from %s to %s", r.Seed, again.Seed)
	}
}
