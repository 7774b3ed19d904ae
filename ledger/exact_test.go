package ledger_test

import (
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/ledger/ledgertest"
)

// The views carry a 64-bit figure as a JSON number only when a rule bounds it below
// 2^53, the largest integer a JavaScript client reads exactly. The figures a transaction
// names outright and no narrower rule bounds are refused above 2^53 − 1, each with its
// message; a code length is bounded by the coder's ceiling, 40 bits a byte.

const exact = 1<<53 - 1 // 9007199254740991

// leaderOf returns the name of the leader of round id's current attempt, and the attempt.
func leaderOf(a *arena, id RoundID) (string, int) {
	r := a.GradingRound(id)
	at := r.Attempts[len(r.Attempts)-1]
	return a.ByAddr(at.Leader), at.Attempt
}

// A challenge's end and a run's gas past 2^53 − 1 are refused; 2^53 − 1 itself is not.
func TestABenchmarkFigurePast2To53IsRefused(t *testing.T) {
	a := challengeArena(t, nil)
	p := challenge.Publish{Bench: "ditto", Title: "Forever", Deposit: challengeDeposit, PerEpoch: challengePerEpoch, EpochS: challengeEpoch, End: exact + 1}
	a.Refused(expected("The end must be after now and at most 9007199254740991"), "sponsor", challengePool, p)

	_, id := a.CommitProgram("bob", a.id, "bob-v1", challenge.ProfileFull)
	a.Tick()
	run := a.Run(id)
	leader, attempt := leaderOf(a.arena, run.Round)
	res := ledgertest.Canonical(ledgertest.Scored(60, 700_000, 10_000), run.Program)
	res.Gas = exact + 1
	a.Refused(expected("A run result carries dataset, transcript and canonical program digests, gas from 0 to 9007199254740991 "+
		"and a composite of micros from 0 to 1000000 with at most 256 categories, names at most 128 bytes"),
		leader, Amount{}, challenge.Attest{Round: run.Round, Attempt: attempt, Result: res})
	res.Gas = exact
	a.Do(leader, Amount{}, challenge.Attest{Round: run.Round, Attempt: attempt, Result: res})
}

// A learning challenge's end and byte_gas past 2^53 − 1, a run's gas past it and a code
// length past 40 bits a byte are refused; the bounds themselves are not.
func TestALearningFigurePast2To53IsRefused(t *testing.T) {
	a, id := learnArena(t, 3)
	p := ledgertest.LearnBody(a.Now(), 600, Ether(1), Ether(3))
	p.End = exact + 1
	a.Refused(expected("The times must run now < close_at < reveal_by ≤ end ≤ 9007199254740991"), "sponsor", Ether(10), p)
	p = ledgertest.LearnBody(a.Now(), 600, Ether(1), Ether(3))
	p.ByteGas = exact + 1
	a.Refused(expected("byte_gas must be 1 to 9007199254740991"), "sponsor", Ether(10), p)

	c := a.LearnChallenge(id)
	a.Do("bob", mustAdd(c.Deposit, c.GradingFee), learn.Commit{Challenge: id, Arch: ledgertest.Digest("arch"), ArchSize: 100,
		Train: ledgertest.Digest("train"), TrainSize: 100})
	a.Tick()
	run := a.LearnRun(1)
	leader, attempt := leaderOf(a, run.Round)
	shape := expected("A run result carries non-negative bits, at most 40 a byte, over exactly the dataset's bytes, the first " +
		"window's bits, one curve point per merged window and gas from 0 to 9007199254740991")
	for _, c := range []struct {
		name string
		edit func(*learn.RunResult)
	}{
		{"gas past 2^53", func(r *learn.RunResult) { r.Gas = exact + 1 }},
		{"more than 40 bits a byte", func(r *learn.RunResult) { r.Bits = 40*r.Bytes + 1 }},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := ledgertest.LearnScored(goodBits, windowBits)
			c.edit(&res)
			a.In(t).Refused(shape, leader, Amount{}, learn.Attest{Round: run.Round, Attempt: attempt, Result: &res})
		})
	}
	a.In(t)
	res := ledgertest.LearnScored(40*ledgertest.LearnDatasetBytes, windowBits)
	res.Gas = exact
	a.Do(leader, Amount{}, learn.Attest{Round: run.Round, Attempt: attempt, Result: &res})
}

// A held-out measurement whose trained or twin code is longer than 40 bits a byte of the
// held-out split is refused; one of exactly 40 bits a byte is not.
func TestAHeldOutCodePastTheCodersCeilingIsRefused(t *testing.T) {
	a, cid := learnArena(t, 3)
	alice := a.CommitPair("alice", cid, "order2", "count")
	a.scoreRun(alice, goodBits)
	a.Wait(600)
	a.RevealHeldout(cid)
	r := a.LearnRun(alice)
	if r.State != learn.RunHeldout {
		t.Fatalf("run %d is %s, not measuring its held-out split", alice, r.State)
	}
	leader, attempt := leaderOf(a, r.HeldoutRound)
	ceiling := int64(40 * ledgertest.LearnHeldoutBytes)
	shape := expected("A held-out measurement carries non-negative bits, at most 40 a byte, over exactly the held-out split's bytes")
	for _, h := range []learn.HeldoutResult{
		ledgertest.LearnHeldout(r.Kept.Bits, ceiling+1, ceiling),
		ledgertest.LearnHeldout(r.Kept.Bits, ceiling, ceiling+1),
	} {
		a.Refused(shape, leader, Amount{}, learn.Attest{Round: r.HeldoutRound, Attempt: attempt, Heldout: &h})
	}
	h := ledgertest.LearnHeldout(r.Kept.Bits, ceiling, ceiling)
	a.Do(leader, Amount{}, learn.Attest{Round: r.HeldoutRound, Attempt: attempt, Heldout: &h})
}
