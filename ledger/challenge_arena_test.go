package ledger_test

import (
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/ledgertest"
)

// The challenge claims' figures: an hour's epoch, a pool of ten epochs' payments, a
// 2 GEN deposit and a 3 GEN grading fee beside it, so that three graders who agree take
// 1 GEN each.
const challengeEpoch = 3600

var (
	challengePerEpoch = Ether(10)
	challengePool     = Ether(100)
	challengeDeposit  = Ether(2)
	challengeFee      = Ether(3)
)

// chArena is a test arena of five validators with one bench accepted and one challenge
// published on it by "sponsor".
type chArena struct {
	*arena
	t     testing.TB
	bench BenchID
	id    ChallengeID
}

// challengeArena opens a test arena with the challenge figures, has "alice" register
// and the committee accept version 1 of the bench "ditto" (edited by edit, if given),
// and has "sponsor" publish a challenge on it for a day (edited by publish, if given).
func challengeArena(t testing.TB, edit func(*challenge.BenchRegister), publish ...func(*challenge.Publish)) *chArena {
	t.Helper()
	a := newArena(t, 5, func(t *Terms) { t.GradingFee = challengeFee })
	b := ledgertest.BenchBody("ditto", 1)
	if edit != nil {
		edit(&b)
	}
	bench := a.AcceptBench("alice", b)
	p := challenge.Publish{
		Bench: "ditto", Title: "Remember what matters", Deposit: challengeDeposit, PerEpoch: challengePerEpoch,
		EpochS: challengeEpoch, End: a.Now() + 24*3600,
	}
	for _, edit := range publish {
		edit(&p)
	}
	id := a.PublishChallenge(challengePool, p)
	return &chArena{arena: a, t: t, bench: bench, id: id}
}

// enter has who commit program in the full profile and the committee score its entry
// run res; it returns the entry.
func (a *chArena) enter(who, program string, res challenge.RunResult) ChallengeEntryID {
	a.t.Helper()
	e, r := a.CommitProgram(who, a.id, program, challenge.ProfileFull)
	if v := a.AttestRun(r, res); v.State != challenge.RunFinal && res.Scored() {
		a.t.Fatalf("run %d of %s is %s", r, program, v.State)
	}
	return e
}

// fold waits for the first epoch not folded yet to begin, has "stranger" fold it, and
// returns the fold.
func (a *chArena) fold() FoldView {
	a.t.Helper()
	c := a.Challenge(a.id)
	next := uint64(1)
	if len(c.Folds) > 0 {
		next = c.Folds[len(c.Folds)-1].Epoch + 1
	}
	if at := c.PublishedAt + int64(next)*c.EpochS; at > a.Now() {
		a.Wait(at - a.Now())
	}
	a.Do("stranger", Amount{}, challenge.Fold{Challenge: a.id})
	c = a.Challenge(a.id)
	return c.Folds[len(c.Folds)-1]
}

// entry returns entry id.
func (a *chArena) entry(id ChallengeEntryID) ChallengeEntryView {
	v, ok := a.s.ChallengeEntry(id)
	if !ok {
		a.t.Fatalf("no entry %d", id)
	}
	return v
}

// claimable returns what the arena owes each of names.
func (a *chArena) claimable(names ...string) []Amount {
	out := make([]Amount, len(names))
	for i, n := range names {
		out[i] = a.s.Claimable(a.Addr(n))
	}
	return out
}
