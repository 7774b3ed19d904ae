package ledger_test

import (
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/match"
)

// matchBench is an arena running matches for a benchmark: unsigned transactions on an
// unchecked Bare, with 1000 funded bettors and the operator and entrants funded for
// thousands of matches.
func matchBench(b *testing.B) (*arena, []Address) {
	_, pool := benchState(b, 1000)
	terms := ledgertest.Terms(5)
	ledgertest.MatchTerms(&terms)
	for _, a := range append(pool, ledgertest.Addr("operator"), ledgertest.Addr("alice"), ledgertest.Addr("bob")) {
		terms.Genesis = append(terms.Genesis, Allocation{Address: a, Amount: Ether(1_000_000)})
	}
	st, err := New(terms)
	if err != nil {
		b.Fatal(err)
	}
	bare := ledgertest.NewBare(st).Unchecked()
	return &arena{Contest: ledgertest.Drive(b, bare).Unsigned(), s: st, bare: bare}, pool
}

// BenchmarkApplyMatch measures the match's commonest transactions: a bet, a commit, and
// a reveal that verifies two receipts' hashes and signatures and settles the turn's two
// bet pools of ten bets each. Neither may do work proportional to the state.
func BenchmarkApplyMatch(b *testing.B) {
	b.Run("bet", func(b *testing.B) {
		a, pool := matchBench(b)
		var r *ledgertest.MatchRun
		i := 0
		for b.Loop() {
			if i%match.MaxBets == 0 {
				b.StopTimer()
				r = a.NewMatch("operator", [2]string{"alice", "bob"}, Ether(10), 500)
				b.StartTimer()
			}
			from := pool[i%len(pool)]
			bet := match.Bet{Match: r.ID, Turn: 1 + i%20, Agent: i % 2, Move: "attack"}
			if out := raw(b, a.s, from, Ether(1), bet); !out.OK() {
				b.Fatal(out.Err)
			}
			i++
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "tx/s")
	})
	b.Run("commit+reveal", func(b *testing.B) {
		a, pool := matchBench(b)
		var r *ledgertest.MatchRun
		moves := []string{"attack", "defend", "charge", "heal"}
		for b.Loop() {
			b.StopTimer()
			if r != nil && r.Game().Over() {
				r.Finish()
				r = nil
			}
			if r == nil {
				r = a.NewMatch("operator", [2]string{"alice", "bob"}, Ether(10), 500)
				r.Start()
			}
			for k := range 20 {
				raw(b, a.s, pool[k], Ether(1), match.Bet{Match: r.ID, Turn: r.Turn(), Agent: k % 2, Move: moves[k%4]})
			}
			ds := r.Decisions([2]string{attack, defend})
			commit, reveal := r.CommitBody(ds), r.RevealBody(ds)
			op := a.Addr("operator")
			b.StartTimer()
			if out := raw(b, a.s, op, Amount{}, commit); !out.OK() {
				b.Fatal(out.Err)
			}
			if out := raw(b, a.s, op, Amount{}, reveal); !out.OK() {
				b.Fatal(out.Err)
			}
			b.StopTimer()
			r.Record(reveal)
			b.StartTimer()
		}
		b.ReportMetric(float64(2*b.N)/b.Elapsed().Seconds(), "tx/s")
	})
}
