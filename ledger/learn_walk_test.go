package ledger_test

import (
	"math/rand/v2"
	"os"
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/ledger/ledgertest"
)

// "The invariant above, asserted after every step", for learning challenges: a seeded
// random walk of publications, commits, run results, held-out measurements, reveals
// (right and wrong, early and late, by the sponsor and by others), folds, closes, empty
// blocks and waits from a small cast, many of them refused, with short windows so that
// challenges close, reveal, lapse and fold; it checks every invariant and the
// incremental state hash after every step. Apply never fails and never panics.
func TestLearningMoneyAddsUpUnderARandomWalk(t *testing.T) {
	const steps, split = 400, 16 << 10 // a train split of 16 windows keeps each result short
	a := newArena(t, 5, func(t *Terms) { t.GradingFee = Ether(3); t.RoundTimeoutS = 300; t.Attempts = 2 })
	a.bare.Unchecked()
	a.Contest = a.Unsigned()
	rng := rand.New(rand.NewPCG(14, 17))
	cast := []string{"sponsor", "alice", "bob", "carol", "dave", "erin", "stranger"}
	validators := []string{"v1", "v2", "v3", "v4", "v5"}
	modules := []string{"m1", "m2", "m3", "m4", "m5"}
	var nC uint64
	pick := func(n uint64) uint64 {
		if n == 0 || rng.IntN(8) == 0 {
			return rng.Uint64N(n + 2)
		}
		return n - rng.Uint64N(min(n, 3))
	}
	applied, line := 0, moneyLine{}
	for i := range steps {
		from := cast[rng.IntN(len(cast))]
		var value Amount
		var body Body
		switch k := rng.IntN(28); {
		case k == 0 && rng.IntN(3) == 0:
			from, value = "sponsor", Ether(rng.Uint64N(40))
			p := ledgertest.LearnBody(a.Now(), int64(rng.IntN(900)+1), Ether(rng.Uint64N(3)), Ether(rng.Uint64N(10)+1))
			p.RevealBy = p.CloseAt + int64(rng.IntN(900)+1)
			p.End = p.RevealBy + 600 + int64(rng.IntN(1800))
			p.EpochS = int64(rng.IntN(240) + 60)
			p.DatasetBytes = split
			switch rng.IntN(8) {
			case 0:
				p.Quorum = 6 // more than the arena has
			case 1:
				p.Quorum = 2
			case 2:
				p.Heldout = "not a digest"
			}
			body = p
		case k <= 5:
			cid := LearnChallengeID(pick(nC))
			value = Ether(5)
			if cv, ok := a.s.LearnChallenge(cid); ok && rng.IntN(6) > 0 {
				value = mustAdd(cv.Deposit, cv.GradingFee)
			}
			arch, train := modules[rng.IntN(len(modules))], modules[rng.IntN(len(modules))]
			body = learn.Commit{Challenge: cid, Arch: ledgertest.Digest(arch), ArchSize: 100, Train: ledgertest.Digest("t" + train), TrainSize: 100}
			if rng.IntN(10) == 0 {
				body = learn.Commit{Challenge: cid, Arch: ledgertest.Digest(arch), ArchSize: 100, Train: ledgertest.Digest(arch), TrainSize: 100}
			}
		case k <= 13:
			from, body = a.walkLearnRun(rng, openRound(a.s, rng, learn.RunKind), validators)
		case k <= 17:
			from, body = a.walkHeldout(rng, openRound(a.s, rng, learn.HeldoutKind), validators)
		case k <= 19:
			if rng.IntN(3) > 0 {
				from = "sponsor"
			}
			digest := ledgertest.Digest("heldout")
			if rng.IntN(6) == 0 {
				digest = ledgertest.Digest("a guess")
			}
			body = learn.Reveal{Challenge: LearnChallengeID(pick(nC)), Heldout: digest}
		case k <= 21:
			body = challenge.Fold{Challenge: challenge.ChallengeID(pick(nC)), Contest: learn.FoldKind}
		case k <= 23:
			body = learn.Close{Challenge: LearnChallengeID(pick(nC))}
		case k == 24:
			a.Wait(int64(rng.IntN(700)))
			continue
		case k == 25:
			a.Tick()
			check(t, a.s, i)
			continue
		default:
			body = Withdraw{}
		}
		if o := a.Apply(a.Tx(from, value, body)); o.OK() {
			if os.Getenv("WALKLOG") != "" {
				t.Logf("%d %s ok", i, body.Kind())
			}
			applied++
		}
		check(t, a.s, i)
		if i%50 == 0 {
			line.check(t, a.s, i)
		}
		nC = uint64(a.s.Arena().Counts.Learning)
	}
	line.check(t, a.s, steps)
	line.showed(t, learn.PoolPool, learn.DepositPool, learn.GradePool)
	runs, terms, challenges, paid := map[string]int{}, map[string]int{}, map[string]int{}, 0
	for _, c := range a.s.LearnChallenges() {
		challenges[c.State+"/"+c.Reveal]++
		for _, r := range c.Runs {
			runs[r.State]++
			if r.State == learn.RunFinal {
				terms[r.HeldoutTerms]++
			}
		}
		for _, f := range c.Folds {
			if !f.Amount.IsZero() {
				paid++
			}
		}
	}
	if applied < steps/10 || runs[learn.RunFinal] == 0 || runs[learn.RunRefused] == 0 || terms[learn.HeldoutMeasured] == 0 ||
		terms[learn.HeldoutUnrevealed] == 0 || challenges[learn.ChallengeClosed+"/"+learn.RevealRevealed] == 0 || paid == 0 {
		t.Fatalf("the walk did too little to prove anything: %d applied; challenges %v; runs %v; final %v; %d folds paying", applied, challenges, runs, terms, paid)
	}
	t.Logf("%d of %d applied; challenges %v; runs %v; final %v; %d folds paying", applied, steps, challenges, runs, terms, paid)
}

// walkLearnRun returns a member's result on learn_run round id: what every member
// reports (a score from the run id, for every fifth run a failure, for every seventh a
// step-0 anomaly), now and then one of its own.
func (a *arena) walkLearnRun(rng *rand.Rand, id RoundID, validators []string) (string, Body) {
	from, at := a.fresh(rng, id, validators)
	res := ledgertest.LearnScoredOver(16<<10, 40_000, windowBits)
	if r, ok := a.s.GradingRound(id); ok && r.Kind == learn.RunKind {
		run := int64(r.Subject)
		res = ledgertest.LearnScoredOver(16<<10, 40_000+run*9973%20_000, windowBits)
		switch {
		case run%5 == 0:
			res = learn.RunResult{Error: "[EXPECTED] The architecture trapped at byte 3: unreachable"}
		case run%7 == 0:
			res = ledgertest.LearnScoredOver(16<<10, 40_000, 100)
		}
	}
	if rng.IntN(15) == 0 {
		res = ledgertest.LearnScoredOver(16<<10, int64(rng.IntN(100_000))+windowBits, windowBits)
	}
	return from, learn.Attest{Round: id, Attempt: at, Result: &res}
}

// walkHeldout returns a member's measurement on learn_heldout round id: what every
// member reports for that run (a gap that grows with the run id, every sixth an
// [EXPECTED] failure), now and then a retrain that differs or a run result instead.
func (a *arena) walkHeldout(rng *rand.Rand, id RoundID, validators []string) (string, Body) {
	from, at := a.fresh(rng, id, validators)
	h := ledgertest.LearnHeldout(1, 2, 3)
	if r, ok := a.s.GradingRound(id); ok && r.Kind == learn.HeldoutKind {
		rv, _ := a.s.LearnRun(LearnRunID(r.Subject))
		run := int64(r.Subject)
		trained := ledgertest.LearnHeldoutBytes * (2 + run%3)
		h = ledgertest.LearnHeldout(rv.Kept.Bits, trained, trained+run*1000)
		if run%6 == 0 {
			h = learn.HeldoutResult{Error: "[EXPECTED] The architecture trapped at byte 70000 of the held-out split: unreachable"}
		}
	}
	switch rng.IntN(15) {
	case 0:
		h.TrainBits++
	case 1:
		res := ledgertest.LearnScoredOver(16<<10, 40_000, windowBits)
		return from, learn.Attest{Round: id, Attempt: at, Result: &res}
	}
	return from, learn.Attest{Round: id, Attempt: at, Heldout: &h}
}

// fresh returns a member of round id's committee that has not attested its current
// attempt (the leader first), now and then any member or a validator off the committee.
func (a *arena) fresh(rng *rand.Rand, id RoundID, validators []string) (string, int) {
	r, ok := a.s.GradingRound(id)
	if !ok || rng.IntN(10) == 0 {
		return a.member(rng, id, validators)
	}
	at := r.Attempts[len(r.Attempts)-1]
	for _, m := range append([]Address{at.Leader}, r.Committee...) {
		if !at.HasAttested(m) {
			return a.Name(m), at.Attempt
		}
	}
	return a.Name(at.Leader), at.Attempt
}
