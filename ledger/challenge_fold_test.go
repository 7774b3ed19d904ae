package ledger_test

import (
	"slices"
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/challenge/koth"
	"github.com/arena/arena/ledger/ledgertest"
)

// "Pays min(per_epoch, pool): champion 0.9, tail of ≤4 equal shares (remainder atto to
// the champion)": six submitters and a second program of the champion's; the champion
// takes 90% of 10 GEN + 7 atto rounded down plus the division's remainder, the four
// best other submitters 0.25 GEN each, the fifth and the champion's second program
// nothing, and the fold's payments add up to what left the pool, to the atto.
func TestAFoldPaysTheChampionNinetyPercentAndTheTailEqualSharesToTheAtto(t *testing.T) {
	a := challengeArena(t, nil, func(p *challenge.Publish) { p.PerEpoch = MustAmount("10000000000000000007") })
	cast := []struct {
		who  string
		comp int64
	}{{"alice", 700000}, {"bob", 600000}, {"carol", 500000}, {"dave", 400000}, {"erin", 300000}, {"appellant", 200000}}
	var ids []ChallengeEntryID
	for _, c := range cast {
		ids = append(ids, a.enter(c.who, "agent of "+c.who, ledgertest.Scored(114, c.comp, 0)))
	}
	second := a.enter("alice", "alice's second agent", ledgertest.Scored(114, 650000, 0))
	names := []string{"alice", "bob", "carol", "dave", "erin", "appellant"}
	before := a.claimable(names...)
	// 10 GEN + 7 atto: the champion's 90% is ...006.3 atto, the tail's rest ...001 over 4.
	f := a.fold()
	want := []string{"9000000000000000007", "250000000000000000", "250000000000000000", "250000000000000000", "250000000000000000", "0"}
	for i, n := range names {
		got, _ := a.s.Claimable(a.Addr(n)).Sub(before[i])
		if got.String() != want[i] {
			t.Errorf("%s got %s atto, want %s", n, got, want[i])
		}
	}
	if f.Champion != ids[0] || !slices.Equal(f.Tail, ids[1:5]) || slices.Contains(f.Tail, second) {
		t.Fatalf("champion %d, tail %v", f.Champion, f.Tail)
	}
	sum := Amount{}
	for _, p := range f.Payments {
		sum, _ = sum.Add(p.Amount)
	}
	if !sum.Eq(f.Amount) || f.Amount.String() != "10000000000000000007" || f.Payments[0].Role != "champion" {
		t.Fatalf("payments %v add up to %s of %s", f.Payments, sum, f.Amount)
	}
}

// "A fold with no eligible entry pays nothing and keeps the pool": an entry scored on
// too few cases and one scored zero are not eligible; the fold is taken (the epoch is
// spent), names no champion, pays nothing, and the pool is whole.
func TestAFoldWithNoEligibleEntryPaysNothingAndKeepsThePool(t *testing.T) {
	a := challengeArena(t, nil)
	few := a.enter("alice", "too few cases", ledgertest.Scored(99, 900000, 0))
	a.enter("bob", "scored zero", ledgertest.Scored(114, 0, 0))
	before := a.claimable("alice", "bob")
	f := a.fold()
	if f.Champion != 0 || !f.Amount.IsZero() || len(f.Payments) != 0 || len(f.Opened) != 0 {
		t.Fatalf("fold %+v", f)
	}
	if c := a.Challenge(a.id); !c.Pool.Eq(challengePool) || !c.Paid.IsZero() || a.entry(few).Eligible {
		t.Fatalf("pool %s, paid %s", c.Pool, c.Paid)
	}
	if after := a.claimable("alice", "bob"); !after[0].Eq(before[0]) || !after[1].Eq(before[1]) {
		t.Fatalf("claimable %v -> %v", before, after)
	}
	a.Refused(expected("This epoch has already been folded"), "stranger", Amount{}, challenge.Fold{Challenge: a.id})
}

// "Once per epoch index floor((now−published)/epoch_s) ≥ 1, before end": refused in
// epoch 0, taken at the first second of epoch 1, refused again in epoch 1, taken in
// epoch 3 after skipping 2 (a missed epoch is not paid twice), refused at the end and
// after close. Each fold pays min(per_epoch, pool).
func TestAChallengeFoldsOncePerEpochFromTheFirstUntilTheEnd(t *testing.T) {
	a := challengeArena(t, nil)
	a.enter("alice", "the only agent", ledgertest.Scored(114, 500000, 0))
	c := a.Challenge(a.id)
	early := expected("The first epoch has not passed")
	a.Wait(c.PublishedAt + challengeEpoch - 1 - a.Now())
	a.Refused(early, "stranger", Amount{}, challenge.Fold{Challenge: a.id})
	if f := a.fold(); f.Epoch != 1 || a.Now() != c.PublishedAt+challengeEpoch || !f.Amount.Eq(challengePerEpoch) {
		t.Fatalf("first fold: epoch %d at %d, paid %s", f.Epoch, a.Now()-c.PublishedAt, f.Amount)
	}
	a.Refused(expected("This epoch has already been folded"), "stranger", Amount{}, challenge.Fold{Challenge: a.id})
	a.Wait(2 * challengeEpoch)
	a.Do("stranger", Amount{}, challenge.Fold{Challenge: a.id})
	c = a.Challenge(a.id)
	if len(c.Folds) != 2 || c.Folds[1].Epoch != 3 || !c.Paid.Eq(Ether(20)) {
		t.Fatalf("folds %d, last epoch %d, paid %s", len(c.Folds), c.Folds[len(c.Folds)-1].Epoch, c.Paid)
	}
	a.Wait(c.End - a.Now())
	a.Refused(expected("This challenge has ended"), "stranger", Amount{}, challenge.Fold{Challenge: a.id})
	a.Do("stranger", Amount{}, challenge.Close{Challenge: a.id})
	a.Refused(expected("This challenge is closed"), "stranger", Amount{}, challenge.Fold{Challenge: a.id})
}

// "Practice-profile runs never rank": a practice entry scored far above the full one
// is final, its deposit back, but it is never eligible, never champion nor tail, and
// never paid.
func TestPracticeRunsNeverRank(t *testing.T) {
	a := challengeArena(t, nil)
	full := a.enter("alice", "full agent", ledgertest.Scored(114, 400000, 0))
	e, r := a.CommitProgram("bob", a.id, "practice agent", challenge.ProfilePractice)
	if v := a.AttestRun(r, ledgertest.Scored(114, 990000, 0)); v.State != challenge.RunFinal {
		t.Fatalf("practice run %s", v.State)
	}
	if v := a.entry(e); v.Eligible || v.Ranked != 0 || v.DepositHeld {
		t.Fatalf("practice entry: eligible %v, ranked %d, deposit held %v", v.Eligible, v.Ranked, v.DepositHeld)
	}
	before := a.claimable("bob")[0]
	f := a.fold()
	if f.Champion != full || len(f.Tail) != 0 || !a.claimable("bob")[0].Eq(before) {
		t.Fatalf("champion %d, tail %v", f.Champion, f.Tail)
	}
}

// "Runs of different versions are never ranked together": after version 2 is accepted
// the champion's rescore on it scores 0.99, but the challenge still ranks on version 1
// (too few entries hold a version-2 run to flip), where a later entry's 0.70 beats the
// champion's 0.60 and takes the crown.
func TestRunsOfDifferentVersionsAreNeverRankedTogether(t *testing.T) {
	a := challengeArena(t, nil)
	alice := a.enter("alice", "alice's agent", ledgertest.Scored(114, 600000, 0))
	v2 := a.AcceptBench("alice", ledgertest.BenchBody("ditto", 2))
	f := a.fold()
	if f.Champion != alice || f.Version != 1 || !slices.Equal(f.Rescore, []ChallengeEntryID{alice}) || len(f.Opened) != 1 {
		t.Fatalf("first fold: %+v", f)
	}
	if r := a.AttestRun(f.Opened[0], ledgertest.Scored(114, 990000, 0)); r.Bench != v2 || r.Purpose != challenge.PurposeRescore || r.State != challenge.RunFinal {
		t.Fatalf("rescore run: %+v", r)
	}
	bob := a.enter("bob", "bob's agent", ledgertest.Scored(114, 700000, 0))
	f = a.fold()
	if f.Champion != bob || f.Version != 1 || f.Flipped {
		t.Fatalf("second fold: champion %d on version %d", f.Champion, f.Version)
	}
	if v := a.entry(alice); v.Composite != 600000 {
		t.Fatalf("alice ranks with %d on the active version", v.Composite)
	}
}

// "The rollout flip": with rollout_agents 2, the first fold after version 2 is accepted
// ranks on version 1 and opens rescore runs on version 2 for the champion and the tail
// (and no more); once both are final the next fold makes version 2 active first and
// ranks on it, where the order is reversed.
func TestTheActiveVersionFlipsOnceEnoughEntriesHoldARankedRunOnTheNewer(t *testing.T) {
	a := challengeArena(t, func(b *challenge.BenchRegister) { b.Fold.RolloutAgents = 2; b.Fold.Tail = 1 })
	alice := a.enter("alice", "alice's agent", ledgertest.Scored(114, 700000, 0))
	bob := a.enter("bob", "bob's agent", ledgertest.Scored(114, 600000, 0))
	a.enter("carol", "carol's agent", ledgertest.Scored(114, 500000, 0))
	b2 := ledgertest.BenchBody("ditto", 2)
	b2.Fold.RolloutAgents = 2
	v2 := a.AcceptBench("alice", b2)
	f := a.fold()
	if f.Flipped || f.Version != 1 || f.Champion != alice || !slices.Equal(f.Rescore, []ChallengeEntryID{alice, bob}) || len(f.Opened) != 2 {
		t.Fatalf("first fold: %+v", f)
	}
	if ro := a.Challenge(a.id).Rollout; ro == nil || ro.Bench != v2 || ro.Ranked != 0 || ro.Needed != 2 {
		t.Fatalf("rollout %+v", ro)
	}
	a.AttestRun(f.Opened[0], ledgertest.Scored(114, 650000, 0))
	a.AttestRun(f.Opened[1], ledgertest.Scored(114, 800000, 0))
	if ro := a.Challenge(a.id).Rollout; ro == nil || ro.Ranked != 2 {
		t.Fatalf("rollout %+v", ro)
	}
	f = a.fold()
	if c := a.Challenge(a.id); !f.Flipped || f.Version != 2 || c.Active != v2 || f.Champion != bob || !slices.Equal(f.Tail, []ChallengeEntryID{alice}) {
		t.Fatalf("second fold: %+v, active %d", f, c.Active)
	}
	if len(f.Rescore) != 0 {
		t.Fatalf("the fold on the newest version rescored %v", f.Rescore)
	}
}

// "Confirmation runs opened for an in-band challenger and the next fold deciding on the
// paired comparison": a challenger 0.71 against a champion 0.70 is inside the 2% band,
// so the fold keeps the champion and opens both programs' runs on the pair's three CRN
// seeds at once (no anchor to wait for); on those seeds the challenger leads by about
// 0.042 with little spread, and the next fold crowns it without opening them again.
func TestAnInBandChallengerIsConfirmedOnSharedSeedsAndThePairedComparisonDecides(t *testing.T) {
	a := challengeArena(t, nil)
	alice := a.enter("alice", "alice's agent", ledgertest.Scored(114, 700000, 10000))
	bob := a.enter("bob", "bob's agent", ledgertest.Scored(114, 710000, 10000))
	f := a.fold()
	anchor := a.s.Hash()
	a.Tick()
	if f.Champion != alice || len(f.Contested) != 1 || f.Contested[0] != (challenge.PairView{Champion: alice, Challenger: bob}) || len(f.Opened) != 6 {
		t.Fatalf("first fold: %+v", f)
	}
	// The pair's CRN seeds are FACTS' over the canonical digests, anchored to the state
	// hash at the end of the fold's block.
	seeds := koth.ConfirmationSeeds([]string{ledgertest.Digest("alice's agent"), ledgertest.Digest("bob's agent")}, 1, 3)
	comp := map[ChallengeEntryID][]int64{alice: {700000, 702000, 698000}, bob: {740000, 745000, 742000}}
	for _, id := range f.Opened {
		r := a.Run(id)
		if r.State != challenge.RunRunning || r.Purpose != challenge.PurposeConfirm || r.Seed != challenge.ConfirmSeed(seeds[r.K], anchor) || r.CRN != seeds[r.K] {
			t.Fatalf("confirmation run %+v", r)
		}
		a.AttestRun(id, ledgertest.Scored(114, comp[r.Entry][r.K], 10000))
	}
	if v := a.entry(bob); len(v.Confirmations) != 3 {
		t.Fatalf("bob's confirmations %+v", v.Confirmations)
	}
	f = a.fold()
	if f.Champion != bob || len(f.Opened) != 0 || len(f.Contested) != 0 {
		t.Fatalf("second fold: %+v", f)
	}
}
