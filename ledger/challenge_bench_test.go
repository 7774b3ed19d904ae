package ledger_test

import (
	"fmt"
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/ledgertest"
)

// challengeBench is a challenge for a benchmark: a 1000-strong funded pool of committers,
// the bench accepted and a challenge published with a pool for millions of epochs of a
// minute, driven by unsigned transactions at a clock of its own.
type challengeBench struct {
	b    *testing.B
	s    *State
	pool []Address
	id   ChallengeID
	now  int64
	fee  Amount
}

func newChallengeBench(b *testing.B) *challengeBench {
	s, pool := benchState(b, 1000)
	c := &challengeBench{b: b, s: s, pool: pool, now: ledgertest.GenesisTime}
	reg := ledgertest.BenchBody("ditto", 1)
	bench := BenchID(c.apply(ledgertest.Addr("alice"), Amount{}, reg).Created)
	bv, _ := s.Bench(bench)
	c.attestAll(bv.Round, func(id RoundID, at int) Body {
		return challenge.BenchCheckAttest{Round: id, Attempt: at, Result: ledgertest.CheckPassed(reg)}
	})
	c.id = ChallengeID(c.apply(ledgertest.Addr("sponsor"), Ether(900), challenge.Publish{
		Bench: "ditto", Title: "bench", Deposit: Ether(1), PerEpoch: NewAmount(1_000_000), EpochS: 60, End: c.now + 100*365*24*3600,
	}).Created)
	cv, _ := s.Challenge(c.id)
	c.fee = mustAdd(cv.Deposit, cv.GradingFee)
	return c
}

// apply applies an unsigned transaction from addr with its next nonce in the next block
// at the bench's clock, and fails the benchmark on a refusal.
func (c *challengeBench) apply(from Address, value Amount, body Body) Outcome {
	out, err := c.s.Apply(ledgertest.Stamped(c.s.Terms(), &Tx{From: from, Nonce: c.s.NextNonce(from), Value: value, Body: body}), Block{Height: c.s.Height() + 1, Time: c.now})
	if err != nil || !out.OK() {
		c.b.Fatalf("%s: %v %s", body.Kind(), err, out.Err)
	}
	return out
}

// attestAll has round id's committee attest its current attempt, the leader first.
func (c *challengeBench) attestAll(id RoundID, body func(RoundID, int) Body) {
	r, _ := c.s.GradingRound(id)
	at := r.Attempts[len(r.Attempts)-1]
	for _, m := range append([]Address{at.Leader}, r.Committee...) {
		if cur, _ := c.s.GradingRound(id); cur.State != RoundOpen || (m == at.Leader && len(cur.Attempts[len(cur.Attempts)-1].Attested) > 0) {
			continue
		}
		c.apply(m, Amount{}, body(id, at.Attempt))
	}
}

// commit has the i-th committer commit its program and returns the entry run, still
// anchoring.
func (c *challengeBench) commit(i int) RunID {
	out := c.apply(c.pool[i%len(c.pool)], c.fee, challenge.Commit{Challenge: c.id, Program: ledgertest.Digest(fmt.Sprint("agent ", i)), Size: 1 << 20, Profile: challenge.ProfileFull})
	e, _ := c.s.ChallengeEntry(ChallengeEntryID(out.Created))
	return e.Run
}

// anchor lets a block pass, so that the runs committed in the last one open.
func (c *challengeBench) anchor() { c.s.BeginBlock(Block{Height: c.s.Height() + 1, Time: c.now}) }

// BenchmarkApplyChallenge measures the challenge's commonest transactions: a commit
// (with the next block's anchoring of its run), one committee member's attestation of a
// run, and a fold over 1,000 ranked entries, which ranks them all in exact rationals.
func BenchmarkApplyChallenge(b *testing.B) {
	b.Run("commit", func(b *testing.B) {
		c := newChallengeBench(b)
		i := 0
		for b.Loop() {
			c.commit(i)
			c.anchor()
			i++
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "tx/s")
	})
	b.Run("attest", func(b *testing.B) {
		c := newChallengeBench(b)
		i := 0
		for b.Loop() {
			b.StopTimer()
			r := c.commit(i)
			c.anchor()
			rv, _ := c.s.Run(r)
			b.StartTimer()
			c.attestAll(rv.Round, func(id RoundID, at int) Body {
				return challenge.Attest{Round: id, Attempt: at, Result: ledgertest.Canonical(ledgertest.Scored(114, 500000, 10000), rv.Program)}
			})
			i++
		}
		b.ReportMetric(float64(3*b.N)/b.Elapsed().Seconds(), "tx/s")
	})
	b.Run("fold-1000", func(b *testing.B) {
		c := newChallengeBench(b)
		for i := range 1000 {
			r := c.commit(i)
			c.anchor()
			rv, _ := c.s.Run(r)
			comp := int64(100_000 + i*300) // far below the first entry's, so no pair is contested
			if i == 0 {
				comp = 900_000
			}
			c.attestAll(rv.Round, func(id RoundID, at int) Body {
				return challenge.Attest{Round: id, Attempt: at, Result: ledgertest.Canonical(ledgertest.Scored(114, comp, 10000), rv.Program)}
			})
		}
		stranger := ledgertest.Addr("stranger")
		for b.Loop() {
			c.now += 60
			out := c.apply(stranger, Amount{}, challenge.Fold{Challenge: c.id})
			if len(out.Events) != 6 {
				b.Fatalf("a fold over 1,000 entries paid %d", len(out.Events)-1)
			}
		}
		if cv, _ := c.s.Challenge(c.id); len(cv.Entries) != 1000 || cv.Folds[0].Champion != 1 {
			b.Fatalf("%d entries, champion %d", len(cv.Entries), cv.Folds[0].Champion)
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "folds/s")
	})
}
