package ledger_test

import (
	"fmt"
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/ledger/ledgertest"
)

// learnBench is a learning challenge for a benchmark: a 1000-strong funded pool of
// committers and a challenge whose submissions stay open for a century, driven by
// unsigned transactions.
type learnBench struct {
	b    *testing.B
	s    *State
	pool []Address
	id   LearnChallengeID
	fee  Amount
}

func newLearnBench(b *testing.B) *learnBench {
	s, pool := benchState(b, 1000)
	c := &learnBench{b: b, s: s, pool: pool}
	p := ledgertest.LearnBody(ledgertest.GenesisTime, 100*365*24*3600, Ether(1), NewAmount(1_000_000))
	p.RevealBy, p.End = p.CloseAt+1, p.CloseAt+1
	c.id = LearnChallengeID(c.apply(ledgertest.Addr("sponsor"), Ether(900), p).Created)
	cv, _ := s.LearnChallenge(c.id)
	c.fee = mustAdd(cv.Deposit, cv.GradingFee)
	return c
}

// apply applies an unsigned transaction in the next block, failing on a refusal.
func (c *learnBench) apply(from Address, value Amount, body Body) Outcome {
	out := raw(c.b, c.s, from, value, body)
	if !out.OK() {
		c.b.Fatalf("%s: %s", body.Kind(), out.Err)
	}
	return out
}

// commit has the i-th committer commit its pair and returns the run, still anchoring.
func (c *learnBench) commit(i int) LearnRunID {
	arch := ledgertest.Digest(fmt.Sprint("arch ", i))
	return LearnRunID(c.apply(c.pool[i%len(c.pool)], c.fee, learn.Commit{Challenge: c.id, Arch: arch, ArchSize: 1 << 16, Train: ledgertest.Digest("train"), TrainSize: 1 << 16}).Created)
}

// BenchmarkApplyLearn measures the learning kind's commonest transactions: a commit
// (with the next block's anchoring of its run) and one committee member's attestation
// of a run over a 1 MiB split (a curve of 256 points).
func BenchmarkApplyLearn(b *testing.B) {
	b.Run("commit", func(b *testing.B) {
		c := newLearnBench(b)
		i := 0
		for b.Loop() {
			c.commit(i)
			c.s.BeginBlock(Block{Height: c.s.Height() + 1, Time: ledgertest.GenesisTime})
			i++
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "tx/s")
	})
	b.Run("attest", func(b *testing.B) {
		c := newLearnBench(b)
		res := ledgertest.LearnScored(goodBits, windowBits)
		i := 0
		for b.Loop() {
			b.StopTimer()
			r := c.commit(i)
			c.s.BeginBlock(Block{Height: c.s.Height() + 1, Time: ledgertest.GenesisTime})
			rv, _ := c.s.LearnRun(r)
			g, _ := c.s.GradingRound(rv.Round)
			at := g.Attempts[len(g.Attempts)-1]
			b.StartTimer()
			for _, m := range append([]Address{at.Leader}, g.Committee...) {
				if cur, _ := c.s.GradingRound(rv.Round); cur.State != RoundOpen || at.HasAttested(m) || (m == at.Leader && len(cur.Attempts[len(cur.Attempts)-1].Attested) > 0) {
					continue
				}
				c.apply(m, Amount{}, learn.Attest{Round: rv.Round, Attempt: at.Attempt, Result: &res})
			}
			i++
		}
		b.ReportMetric(float64(3*b.N)/b.Elapsed().Seconds(), "tx/s")
	})
}
