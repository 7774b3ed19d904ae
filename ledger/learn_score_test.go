package ledger_test

import (
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/ledger/ledgertest"
)

// "A loss on the first window far below a uniform guess (less than half of 8 bits per
// byte) zeroes the score": a run whose first 1,024 bytes coded in fewer than 4,096 bits
// is final with multiplier 0 and final 0, ranks below an honest one, and a fold with
// only such runs pays nothing and keeps the pool.
func TestAStepZeroAnomalyZeroesTheScore(t *testing.T) {
	a, cid := learnArena(t, 3)
	cheat := a.CommitPair("erin", cid, "pretrained", "count")
	honest := a.CommitPair("alice", cid, "order2", "count")
	a.AttestLearnRun(cheat, ledgertest.LearnScored(1_000_000, 4*1024-1))
	a.Wait(600 + 3600)
	a.Tick()
	r := a.LearnRun(cheat)
	if r.State != learn.RunFinal || !r.Score.StepZero || r.Score.Multiplier != 0 || r.Score.Final != 0 || r.Score.Base == 0 {
		t.Fatalf("the step-0 anomaly: %s, %+v", r.State, r.Score)
	}
	pool := a.LearnChallenge(cid).Pool
	a.Do("dave", Amount{}, challenge.Fold{Challenge: challenge.ChallengeID(cid), Contest: learn.FoldKind})
	c := a.LearnChallenge(cid)
	if f := c.Folds[0]; !f.Amount.IsZero() || len(f.Payments) != 0 || !c.Pool.Eq(pool) {
		t.Fatalf("a fold over a zero score paid %s (%d payments); pool %s, was %s", f.Amount, len(f.Payments), c.Pool, pool)
	}
	a.scoreRun(honest, goodBits)
	if c := a.LearnChallenge(cid); len(c.Ranking) != 2 || c.Ranking[0].Run != honest || c.Ranking[1].Run != cheat || c.Ranking[1].Final != 0 {
		t.Fatalf("ranking %+v", c.Ranking)
	}
}

// "Ranking by final, then earliest commit, then id; one row per submitter (its
// best)": equal finals rank by commit order, and a submitter's weaker run is not a row.
func TestLearningRanksByFinalThenCommitOrderOneRowPerSubmitter(t *testing.T) {
	a, cid := learnArena(t, 3)
	weak := a.CommitPair("alice", cid, "order1", "count")
	bob := a.CommitPair("bob", cid, "order2", "count")
	best := a.CommitPair("alice", cid, "order3", "count")
	carol := a.CommitPair("carol", cid, "order2", "count-decay")
	a.scoreRun(weak, goodBits+1000)
	a.scoreRun(bob, goodBits)
	a.scoreRun(best, betterBits)
	a.scoreRun(carol, goodBits) // equal to bob's, committed later
	a.Wait(600 + 3600)
	a.Tick()
	c := a.LearnChallenge(cid)
	var got []LearnRunID
	for _, row := range c.Ranking {
		got = append(got, row.Run)
	}
	want := []LearnRunID{best, bob, carol}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Fatalf("ranking %v, want %v", got, want)
	}
	for i, row := range c.Ranking {
		if row.Rank != i+1 || row.Final != a.LearnRun(row.Run).Score.Final {
			t.Fatalf("row %d: %+v", i, row)
		}
	}
}

// The fold is the benchmark challenge's challenge_fold with "kind":"learning": the
// ledger hands it to the learning kind; absent, it folds a benchmark challenge (and
// there is none here); any other kind is refused. Before the first epoch it is refused,
// and with nothing final it pays nothing and keeps the pool.
func TestTheFoldWithKindLearningFoldsALearningChallenge(t *testing.T) {
	a, cid := learnArena(t, 3)
	fold := challenge.Fold{Challenge: challenge.ChallengeID(cid), Contest: learn.FoldKind}
	if o := a.Send("dave", Amount{}, fold); o.Err != "[EXPECTED] The first epoch has not passed" {
		t.Fatalf("an early fold: %q", o.Err)
	}
	a.Wait(3600)
	if o := a.Send("dave", Amount{}, challenge.Fold{Challenge: challenge.ChallengeID(cid)}); o.Err != "[EXPECTED] No such challenge" {
		t.Fatalf("a fold without kind: %q", o.Err)
	}
	if o := a.Send("dave", Amount{}, challenge.Fold{Challenge: challenge.ChallengeID(cid), Contest: "chess"}); o.Err != "[EXPECTED] A fold's kind is benchmark (the default) or learning" {
		t.Fatalf("a fold of another kind: %q", o.Err)
	}
	a.Do("dave", Amount{}, fold)
	c := a.LearnChallenge(cid)
	if len(c.Folds) != 1 || c.Folds[0].Epoch != 1 || !c.Folds[0].Amount.IsZero() || !c.Pool.Eq(Ether(10)) {
		t.Fatalf("folds %+v, pool %s", c.Folds, c.Pool)
	}
	a.Wait(86400)
	if o := a.Send("dave", Amount{}, fold); o.Err != "[EXPECTED] This learning challenge has ended" {
		t.Fatalf("a fold after the end: %q", o.Err)
	}
}

// "A trap or out-of-gas anywhere ends the run ... the run is refused (costs only the
// run)", and likewise the static gates: the committee agrees on the [EXPECTED] failure,
// the deposit comes back, the grading fee pays the graders, and the committer's other
// run is untouched.
func TestARunRefusedByTheGatesCostsOnlyTheRun(t *testing.T) {
	a, cid := learnArena(t, 3)
	fee := a.Terms().GradingFee
	bad := a.CommitPair("alice", cid, "huge-params", "count")
	good := a.CommitPair("alice", cid, "order2", "count")
	before := a.owed("alice")
	r := a.AttestLearnRun(bad, learn.RunResult{Error: "[EXPECTED] The parameter region is 2097152 bytes, above the cap of 1048576"})
	if r.State != learn.RunRefused || r.DepositHeld || r.Score != nil {
		t.Fatalf("a run over the cap: %s, deposit held %v", r.State, r.DepositHeld)
	}
	if !a.gained("alice", before).Eq(Ether(1)) {
		t.Fatalf("the refused run's deposit came back as %s", a.gained("alice", before))
	}
	if b := a.s.Arena().Balances; !b.LearnGradingFees.Eq(fee) {
		t.Fatalf("grading fees held %s: the refused run's went to the graders, the other's is held", b.LearnGradingFees)
	}
	trap := a.AttestLearnRun(good, learn.RunResult{Error: "[EXPECTED] The architecture trapped at byte 17: unreachable"})
	if trap.State != learn.RunRefused {
		t.Fatalf("a trap: %s", trap.State)
	}
	x := a.CommitPair("alice", cid, "order3", "count")
	if r := a.scoreRun(x, goodBits); r.State != learn.RunWaiting {
		t.Fatalf("the next run is %s", r.State)
	}
	// A combined module is refused at commit, and costs nothing but the fee.
	value, _ := Ether(1).Add(fee)
	d := ledgertest.Digest("combined")
	if o := a.Send("alice", value, learn.Commit{Challenge: cid, Arch: d, ArchSize: 10, Train: d, TrainSize: 10}); o.Err != "[EXPECTED] The architecture and the training program must be two different modules" {
		t.Fatalf("a single combined module: %q", o.Err)
	}
}
