package ledger_test

import (
	"encoding/binary"
	"fmt"
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
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
	out, err := s.Apply(&Tx{Chain: testChain, From: from, Nonce: s.NextNonce(from), Value: value, Body: body}, Block{Height: s.Height() + 1, Time: ledgertest.GenesisTime})
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
		out, err := s.Apply(&Tx{Chain: testChain, From: from, Nonce: s.NextNonce(from), Value: entryBond, Body: Submit{Task: task, Work: "a launch note of modest length"}}, Block{Height: s.Height() + 1, Time: ledgertest.GenesisTime})
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
		out, err := s.Apply(&Tx{Chain: testChain, From: p.from, Nonce: s.NextNonce(p.from), Body: Attest{Round: p.round, Attempt: 1, Result: res}}, Block{Height: s.Height() + 1, Time: ledgertest.GenesisTime})
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
			bump := &Tx{Chain: testChain, From: sponsor, Body: Withdraw{}}
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
