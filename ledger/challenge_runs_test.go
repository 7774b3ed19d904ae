package ledger_test

import (
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/ledgertest"
)

// gained returns what each of names gained in claimable since before.
func (a *chArena) gained(before []Amount, names ...string) []Amount {
	out := make([]Amount, len(names))
	for i, now := range a.claimable(names...) {
		out[i], _ = now.Sub(before[i])
	}
	return out
}

// challengeHeld fails the test unless the challenge pools hold exactly pool, deposits
// and fees.
func (a *chArena) challengeHeld(pool, deposits, fees Amount) {
	a.t.Helper()
	b := a.s.Arena().Balances
	if !b.ChallengePool.Eq(pool) || !b.ChallengeDeposits.Eq(deposits) || !b.ChallengeGradingFees.Eq(fees) {
		a.t.Fatalf("challenge pools hold %s, deposits %s, fees %s; want %s, %s, %s", b.ChallengePool, b.ChallengeDeposits, b.ChallengeGradingFees, pool, deposits, fees)
	}
}

// "A run that never reaches quorum locks nothing": a run whose three attempts all time
// out unanswered ends unscored, one whose attempts each split ends provisional (the
// median of the scored attestations shown, never ranked); either way the deposit and the
// grading fee go back to the committer, nothing is left held, no grader is paid, and a
// fold pays nothing.
func TestARunThatNeverReachesQuorumLocksNothing(t *testing.T) {
	a := challengeArena(t, nil)
	vs := []string{"v1", "v2", "v3", "v4", "v5"}
	before := a.claimable(append([]string{"alice", "bob"}, vs...)...)
	silent, r1 := a.CommitProgram("alice", a.id, "a silent agent", challenge.ProfileFull)
	split, r2 := a.CommitProgram("bob", a.id, "a disputed agent", challenge.ProfileFull)
	a.Tick()
	for range attempts {
		a.AttestRun(r2, ledgertest.Scored(114, 600000, 0), ledgertest.Scored(114, 500000, 0))
	}
	for range attempts {
		a.Wait(timeout)
		a.Tick()
	}
	if v := a.Run(r1); v.State != challenge.RunUnscored || v.Kept != nil {
		t.Fatalf("the unanswered run is %s", v.State)
	}
	v := a.Run(r2)
	if v.State != challenge.RunProvisional || v.Kept == nil || v.Kept.Composite.Composite != 500000 || len(v.Attestations) != 3*attempts {
		t.Fatalf("the split run is %s, kept %+v", v.State, v.Kept)
	}
	both, _ := challengeDeposit.Add(challengeFee)
	got := a.gained(before, append([]string{"alice", "bob"}, vs...)...)
	for i, g := range got {
		if want := map[bool]Amount{true: both, false: {}}[i < 2]; !g.Eq(want) {
			t.Errorf("claimable %d gained %s, want %s", i, g, want)
		}
	}
	for _, e := range []ChallengeEntryID{silent, split} {
		if ev := a.entry(e); ev.DepositHeld || ev.Eligible || ev.Ranked != 0 {
			t.Fatalf("entry %+v", ev)
		}
	}
	a.challengeHeld(challengePool, Amount{}, Amount{})
	if f := a.fold(); f.Champion != 0 || !f.Amount.IsZero() {
		t.Fatalf("fold %+v", f)
	}
}

// "A gate-refused program costs only the run": the committee agrees on an [EXPECTED]
// gate failure; the run ends refused, the deposit goes back, the grading fee is shared
// by the three graders who agreed, and the entry never ranks.
func TestAGateRefusedProgramCostsOnlyTheRun(t *testing.T) {
	a := challengeArena(t, nil)
	names := []string{"carol", "v1", "v2", "v3", "v4", "v5"}
	before := a.claimable(names...)
	e, r := a.CommitProgram("carol", a.id, "an agent importing env", challenge.ProfileFull)
	v := a.AttestRun(r, ledgertest.RunFailed("[EXPECTED] The program imports env.foo, which the bench does not offer"))
	if v.State != challenge.RunRefused || v.Kept == nil || v.Kept.Error == "" {
		t.Fatalf("run %s, kept %+v", v.State, v.Kept)
	}
	rd := a.GradingRound(v.Round)
	paid := 0
	for i, g := range a.gained(before, names...) {
		switch {
		case i == 0 && !g.Eq(challengeDeposit):
			t.Fatalf("carol got back %s, want the deposit", g)
		case i > 0 && g.Eq(Ether(1)):
			paid++
		case i > 0 && !g.IsZero():
			t.Fatalf("%s got %s", names[i], g)
		}
	}
	if len(rd.Committee) != 4 || paid != 3 {
		t.Fatalf("%d graders paid, committee of %d", paid, len(rd.Committee))
	}
	if ev := a.entry(e); ev.Eligible || ev.DepositHeld {
		t.Fatalf("entry %+v", ev)
	}
	a.challengeHeld(challengePool, Amount{}, Amount{})
}

// "The median row of the quorum's composites" for a bench that pins a model: members
// agree when they scored the same dataset, whatever their composites, and the run keeps
// the row of the middle composite, with who attested it.
func TestAPinnedModelRunKeepsTheMedianRow(t *testing.T) {
	a := challengeArena(t, func(b *challenge.BenchRegister) { b.Model = "frozen-model-7b" })
	_, r := a.CommitProgram("alice", a.id, "an agent that asks the model", challenge.ProfileFull)
	row := func(comp int64) challenge.RunResult {
		res := ledgertest.Scored(114, comp, 20000)
		res.Dataset = ledgertest.Digest("the run's dataset")
		return res
	}
	v := a.AttestRun(r, row(700000), row(600000), row(650000))
	if v.State != challenge.RunFinal || v.Kept == nil || v.Kept.Composite.Composite != 650000 {
		t.Fatalf("run %s kept %+v", v.State, v.Kept)
	}
	var from Address
	for _, at := range v.Attestations {
		if at.Result.Composite.Composite == 650000 {
			from = at.Validator
		}
	}
	if v.KeptFrom == nil || *v.KeptFrom != from || v.Kept.Transcript != row(650000).Transcript {
		t.Fatalf("kept from %v, want %s", v.KeptFrom, from)
	}
}

// "Close returns every held deposit and the unspent pool": at the end, a run still
// waiting for its committee is abandoned and its committer gets deposit and fee back,
// the sponsor gets the pool less what the folds paid, and the challenge holds nothing.
func TestCloseReturnsEveryHeldDepositAndTheUnspentPool(t *testing.T) {
	a := challengeArena(t, nil)
	a.enter("alice", "a scored agent", ledgertest.Scored(114, 500000, 0))
	a.fold()
	before := a.claimable("sponsor", "bob")
	e, r := a.CommitProgram("bob", a.id, "an agent nobody ran", challenge.ProfileFull)
	both, _ := challengeDeposit.Add(challengeFee)
	a.challengeHeld(Ether(90), challengeDeposit, challengeFee)
	a.Refused(expected("This challenge has not ended"), "stranger", Amount{}, challenge.Close{Challenge: a.id})
	c := a.Challenge(a.id)
	a.Wait(c.End - a.Now())
	a.Do("stranger", Amount{}, challenge.Close{Challenge: a.id})
	got := a.gained(before, "sponsor", "bob")
	if !got[0].Eq(Ether(90)) || !got[1].Eq(both) {
		t.Fatalf("sponsor got %s, bob %s", got[0], got[1])
	}
	c = a.Challenge(a.id)
	if c.State != challenge.ChallengeClosed || !c.Returned.Eq(Ether(90)) || !c.Pool.IsZero() || a.Run(r).State != challenge.RunAbandoned || a.entry(e).DepositHeld {
		t.Fatalf("closed %+v", c)
	}
	a.challengeHeld(Amount{}, Amount{}, Amount{})
	a.Refused(expected("This challenge is closed"), "stranger", Amount{}, challenge.Close{Challenge: a.id})
}

// Of an even count of agreeing rows, a pinned-model run keeps the lower middle: a
// quorum of two that scored 0.70 and 0.60 keeps 0.60.
func TestAPinnedModelRunOfAnEvenQuorumKeepsTheLowerMiddle(t *testing.T) {
	a := challengeArena(t, func(b *challenge.BenchRegister) { b.Model = "frozen-model-7b"; b.Quorum = 2 })
	_, r := a.CommitProgram("alice", a.id, "an agent that asks the model", challenge.ProfileFull)
	row := func(comp int64) challenge.RunResult {
		res := ledgertest.Scored(114, comp, 20000)
		res.Dataset = ledgertest.Digest("the run's dataset")
		return res
	}
	v := a.AttestRun(r, row(700000), row(600000))
	if rd := a.GradingRound(v.Round); len(rd.Committee) != 3 || v.State != challenge.RunFinal || v.Kept.Composite.Composite != 600000 {
		t.Fatalf("a committee of %d: run %s kept %+v", len(rd.Committee), v.State, v.Kept)
	}
}
