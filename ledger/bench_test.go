package ledger_test

import (
	"encoding/binary"
	"fmt"
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/tender"
)

// benchState is the test arena with n more funded solvers, whose transactions the
// benchmarks apply unsigned, as the engine applies them after verifying signatures
// outside the sequential path.
func benchState(b *testing.B, solvers int) (*State, []Address) {
	terms := ledgertest.Terms(5)
	var pool []Address
	for i := range solvers {
		var addr Address
		binary.BigEndian.PutUint64(addr[12:], uint64(i+1))
		pool = append(pool, addr)
		terms.Genesis = append(terms.Genesis, Allocation{Address: addr, Amount: Ether(1_000_000)})
	}
	s, err := New(terms)
	if err != nil {
		b.Fatal(err)
	}
	return s, pool
}

// raw applies an unsigned transaction from addr with its next nonce in the next block.
func raw(b *testing.B, s *State, from Address, value Amount, body Body) Outcome {
	out, err := s.Apply(stamped(s, &Tx{From: from, Nonce: s.NextNonce(from), Value: value, Body: body}), Block{Height: s.Height() + 1, Time: ledgertest.GenesisTime})
	if err != nil {
		b.Fatal(err)
	}
	return out
}

// BenchmarkApplySubmit measures submit, the commonest paying transaction: Apply must not
// do work proportional to the state.
func BenchmarkApplySubmit(b *testing.B) {
	s, pool := benchState(b, 1000)
	sponsor := ledgertest.Addr("sponsor")
	var task TaskID
	i := 0
	for b.Loop() {
		if i%len(pool) == 0 {
			b.StopTimer()
			task = TaskID(raw(b, s, sponsor, Ether(1), PostTask{Title: "t", Spec: "s", Rubric: "r", ClosesInS: MaxCloseS}).Created)
			b.StartTimer()
		}
		from := pool[i%len(pool)]
		out, err := s.Apply(stamped(s, &Tx{From: from, Nonce: s.NextNonce(from), Value: entryBond, Body: Submit{Task: task, Work: "a launch note of modest length"}}), Block{Height: s.Height() + 1, Time: ledgertest.GenesisTime})
		if err != nil || !out.OK() {
			b.Fatalf("submit: %v %s", err, out.Err)
		}
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "tx/s")
}

// BenchmarkApplyAttest measures attest on a five-member committee with a quorum of
// three: the leader and two more settle each round, with realistic result bodies.
func BenchmarkApplyAttest(b *testing.B) {
	s, pool := benchState(b, 1000)
	sponsor := ledgertest.Addr("sponsor")
	res := ledgertest.Reading(4, 1, false)
	res.Rationale = "delivers it well and is usable as it stands"
	res.Checks = []Check{{Criterion: "The note must be at most 600 characters.", Expr: "work_len <= 600", Mandatory: true, Source: "pattern", Passed: true}}
	type pending struct {
		round RoundID
		from  Address
	}
	var queue []pending
	for b.Loop() {
		if len(queue) == 0 {
			b.StopTimer()
			task := TaskID(raw(b, s, sponsor, Ether(1), PostTask{Title: "t", Spec: "s", Rubric: "r", ClosesInS: MaxCloseS}).Created)
			for _, solver := range pool {
				e := EntryID(raw(b, s, solver, entryBond, Submit{Task: task, Work: "w"}).Created)
				r, _ := s.Round(RoundID(raw(b, s, solver, Amount{}, Grade{Entry: e}).Created))
				lead := r.Attempts[len(r.Attempts)-1].Leader
				queue = append(queue, pending{r.ID, lead})
				others := 0
				for _, m := range r.Committee {
					if m != lead && others < 2 {
						queue = append(queue, pending{r.ID, m})
						others++
					}
				}
			}
			b.StartTimer()
		}
		p := queue[0]
		queue = queue[1:]
		out, err := s.Apply(stamped(s, &Tx{From: p.from, Nonce: s.NextNonce(p.from), Body: Attest{Round: p.round, Attempt: 1, Result: res}}), Block{Height: s.Height() + 1, Time: ledgertest.GenesisTime})
		if err != nil || !out.OK() {
			b.Fatalf("attest: %v %s", err, out.Err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "tx/s")
}

// BenchmarkVerifySignature measures the secp256k1 recovery every transaction pays at
// admission, outside the sequential apply.
func BenchmarkVerifySignature(b *testing.B) {
	a := newArena(b, 5, nil)
	tx := a.Tx("alice", entryBond, Submit{Task: 1, Work: "a launch note of modest length"})
	for b.Loop() {
		if err := tx.Verify(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "verifies/s")
}

// BenchmarkHash measures the state hash after one account changed, as at the end of a
// block: the changed object is rehashed and the per-object hashes are combined. The
// change is a refused withdrawal in the block already applied, which moves only its
// sender's nonce.
func BenchmarkHash(b *testing.B) {
	for _, n := range []int{1000, 10_000} {
		b.Run(fmt.Sprintf("entries=%d", n), func(b *testing.B) {
			s, pool := benchState(b, 1000)
			sponsor := ledgertest.Addr("sponsor")
			var task TaskID
			for i := range n {
				if i%len(pool) == 0 {
					task = TaskID(raw(b, s, sponsor, Ether(1), PostTask{Title: "t", Spec: "s", Rubric: "r", ClosesInS: MaxCloseS}).Created)
				}
				raw(b, s, pool[i%len(pool)], entryBond, Submit{Task: task, Work: "a launch note of modest length, about a hundred bytes of prose for the hash"})
			}
			enc, _ := s.Encode()
			s.Hash()
			bump := stamped(s, &Tx{From: sponsor, Nonce: s.NextNonce(sponsor), Body: Withdraw{}})
			for b.Loop() {
				bump.Nonce = s.NextNonce(sponsor)
				if out, err := s.Apply(bump, Block{Height: s.Height()}); err != nil || out.Err != errNothingOwed.Error() {
					b.Fatalf("withdraw: %v %q, want refused", err, out.Err)
				}
				s.Hash()
			}
			b.ReportMetric(float64(len(enc)), "state-bytes")
		})
	}
}

// tenderBench is the benchmark arena with a scorable check of the seed's criteria, and
// its clock, which the tender benchmarks move forward through the windows.
type tenderBench struct {
	b     *testing.B
	s     *State
	pool  []Address
	now   int64
	next  int // the next solver of the pool to bid
	card  tender.Scorecard
	buyer Address
}

func newTenderBench(b *testing.B) *tenderBench {
	s, pool := benchState(b, 1000)
	tb := &tenderBench{b: b, s: s, pool: pool, now: ledgertest.GenesisTime, card: ledgertest.Scores(3, 4, 1, 4), buyer: ledgertest.Addr("sponsor")}
	for i := range tb.card.Scores {
		tb.card.Scores[i].Reason = "names three references with contacts in its second paragraph"
	}
	c := CheckID(tb.do(tb.buyer, Amount{}, tender.Check{Criteria: ledgertest.Texts(ledgertest.SeedCriteria())}).Created)
	tb.settle(tb.s.TenderChecks()[c-1].Round, func(r RoundID) Body {
		return tender.CheckAttest{Round: r, Attempt: 1, Result: ledgertest.Scorable(true)}
	})
	return tb
}

// do applies an unsigned transaction at the bench's clock and fails unless applied.
func (tb *tenderBench) do(from Address, value Amount, body Body) Outcome {
	out, err := tb.s.Apply(stamped(tb.s, &Tx{From: from, Nonce: tb.s.NextNonce(from), Value: value, Body: body}), Block{Height: tb.s.Height() + 1, Time: tb.now})
	if err != nil || !out.OK() {
		tb.b.Fatalf("%s: %v %s", body.Kind(), err, out.Err)
	}
	return out
}

// attesters returns round r's leader and two more members: a quorum of three.
func (tb *tenderBench) attesters(r RoundID) []Address {
	rv, _ := tb.s.TenderRound(r)
	lead := rv.Attempts[0].Leader
	out := []Address{lead}
	for _, m := range rv.Committee {
		if m != lead && len(out) < 3 {
			out = append(out, m)
		}
	}
	return out
}

// settle has a quorum of round r's committee attest body(r).
func (tb *tenderBench) settle(r RoundID, body func(RoundID) Body) {
	for _, m := range tb.attesters(r) {
		tb.do(m, Amount{}, body(r))
	}
}

// sealed publishes a tender with one-second commit and reveal windows and has n
// solvers of the pool seal bids on it; it returns the tender, the bids and their
// bidders.
func (tb *tenderBench) sealed(n int) (TenderID, []BidID, []Address) {
	p := ledgertest.TenderTerms()
	p.CommitS, p.RevealS, p.MaxBids = 1, 1, tender.MaxBids
	tid := TenderID(tb.do(tb.buyer, NewAmount(1000), p).Created)
	bids, who := make([]BidID, n), make([]Address, n)
	for i := range n {
		who[i] = tb.pool[tb.next%len(tb.pool)]
		tb.next++
		commit := tender.Commitment(ledgertest.Salt("bench"), who[i].String(), ledgertest.Proposal("bench"))
		bids[i] = BidID(tb.do(who[i], p.Deposit, tender.Commit{Tender: tid, Commitment: commit}).Created)
	}
	return tid, bids, who
}

// revealed is sealed with every bid revealed.
func (tb *tenderBench) revealed(n int) (TenderID, []BidID) {
	tid, bids, who := tb.sealed(n)
	tb.now += 2
	for i, bid := range bids {
		tb.do(who[i], Amount{}, tender.Reveal{Bid: bid, Salt: ledgertest.Salt("bench"), Proposal: ledgertest.Proposal("bench")})
	}
	return tid, bids
}

// BenchmarkApplyTender measures the apply rate of the tender's commonest transactions
// on an arena of 1000 funded solvers, each in a block of its own: commit (a sealed bid
// with its deposit), reveal (a commitment checked against its bytes), attest (a
// scorecard on a five-member committee with a quorum of three, the leader and two
// more settling each round) and award (a tender with one scored bid). What each needs
// is prepared outside the timer, a tender of 64 bids at a time.
func BenchmarkApplyTender(b *testing.B) {
	b.Run("commit", func(b *testing.B) {
		tb := newTenderBench(b)
		p := ledgertest.TenderTerms()
		p.CommitS, p.MaxBids = MaxCloseS, tender.MaxBids
		var tid TenderID
		commit := tender.Commit{Commitment: tender.Commitment("salt", "0x00", "proposal")}
		i := 0
		for b.Loop() {
			if i%tender.MaxBids == 0 {
				b.StopTimer()
				tid = TenderID(tb.do(tb.buyer, NewAmount(1000), p).Created)
				b.StartTimer()
			}
			commit.Tender = tid
			tb.do(tb.pool[i%len(tb.pool)], p.Deposit, commit)
			i++
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "tx/s")
	})
	b.Run("reveal", func(b *testing.B) {
		tb := newTenderBench(b)
		var queue []Tx
		for b.Loop() {
			if len(queue) == 0 {
				b.StopTimer()
				_, bids, who := tb.sealed(tender.MaxBids)
				tb.now += 2
				for i, bid := range bids {
					queue = append(queue, Tx{From: who[i], Body: tender.Reveal{Bid: bid, Salt: ledgertest.Salt("bench"), Proposal: ledgertest.Proposal("bench")}})
				}
				b.StartTimer()
			}
			tb.do(queue[0].From, Amount{}, queue[0].Body)
			queue = queue[1:]
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "tx/s")
	})
	b.Run("attest", func(b *testing.B) {
		tb := newTenderBench(b)
		var queue []Tx
		for b.Loop() {
			if len(queue) == 0 {
				b.StopTimer()
				_, bids := tb.revealed(tender.MaxBids)
				for _, bid := range bids {
					r := RoundID(tb.do(tb.buyer, Amount{}, tender.Score{Bid: bid}).Created)
					for _, m := range tb.attesters(r) {
						queue = append(queue, Tx{From: m, Body: tender.Attest{Round: r, Attempt: 1, Result: tb.card}})
					}
				}
				b.StartTimer()
			}
			tb.do(queue[0].From, Amount{}, queue[0].Body)
			queue = queue[1:]
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "tx/s")
	})
	b.Run("award", func(b *testing.B) {
		tb := newTenderBench(b)
		var queue []TenderID
		for b.Loop() {
			if len(queue) == 0 {
				b.StopTimer()
				for range 64 {
					tid, bids := tb.revealed(1)
					r := RoundID(tb.do(tb.buyer, Amount{}, tender.Score{Bid: bids[0]}).Created)
					tb.settle(r, func(r RoundID) Body { return tender.Attest{Round: r, Attempt: 1, Result: tb.card} })
					queue = append(queue, tid)
				}
				tb.now += tender.AwardWaitS
				b.StartTimer()
			}
			tb.do(tb.buyer, Amount{}, tender.Award{Tender: queue[0]})
			queue = queue[1:]
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "tx/s")
	})
}

// stamped stamps tx for s's arena from the hash s holds, so that a benchmark's loop
// measures applying, not hashing the terms.
func stamped(s *State, tx *Tx) *Tx {
	s.Stamp(tx, NoExpiry)
	return tx
}
