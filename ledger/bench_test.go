package ledger

import (
	"encoding/binary"
	"fmt"
	"testing"
)

// benchArena is an arena with n funded solvers whose transactions are applied unsigned,
// as the engine applies them after verifying signatures outside the sequential path.
func benchArena(b *testing.B, solvers int, edit func(*Terms)) (*arena, []Address) {
	var pool []Address
	a := newArena(b, 5, func(t *Terms) {
		for i := range solvers {
			var addr Address
			binary.BigEndian.PutUint64(addr[12:], uint64(i+1))
			pool = append(pool, addr)
			t.Genesis = append(t.Genesis, Allocation{Address: addr, Amount: Ether(1_000_000)})
		}
		t.Genesis = append(t.Genesis[:0:0], t.Genesis...)
		if edit != nil {
			edit(t)
		}
	})
	a.sign, a.full = false, false
	return a, pool
}

// raw applies an unsigned transaction from addr with its next nonce.
func (a *arena) raw(from Address, value Amount, body Body) Outcome {
	a.height++
	out, err := a.s.Apply(&Tx{Chain: testChain, From: from, Nonce: a.s.NextNonce(from), Value: value, Body: body}, Block{Height: a.height, Time: a.now})
	if err != nil {
		a.t.Fatal(err)
	}
	return out
}

// BenchmarkApplySubmit measures submit, the commonest paying transaction: Apply must not
// do work proportional to the state.
func BenchmarkApplySubmit(b *testing.B) {
	a, pool := benchArena(b, 1000, nil)
	sponsor := a.addr("sponsor")
	var task TaskID
	i := 0
	for b.Loop() {
		if i%len(pool) == 0 {
			b.StopTimer()
			task = TaskID(a.raw(sponsor, Ether(1), PostTask{Title: "t", Spec: "s", Rubric: "r", ClosesInS: MaxCloseS}).Created)
			b.StartTimer()
		}
		a.height++
		from := pool[i%len(pool)]
		out, err := a.s.Apply(&Tx{Chain: testChain, From: from, Nonce: a.s.NextNonce(from), Value: entryBond, Body: Submit{Task: task, Work: "a launch note of modest length"}}, Block{Height: a.height, Time: a.now})
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
	a, pool := benchArena(b, 1000, nil)
	sponsor := a.addr("sponsor")
	res := reading(4, 1, false)
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
			task := TaskID(a.raw(sponsor, Ether(1), PostTask{Title: "t", Spec: "s", Rubric: "r", ClosesInS: MaxCloseS}).Created)
			for _, solver := range pool {
				e := EntryID(a.raw(solver, entryBond, Submit{Task: task, Work: "w"}).Created)
				r := a.s.rounds.Get(RoundID(a.raw(solver, Amount{}, Grade{Entry: e}).Created))
				lead := r.Current().Leader
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
		a.height++
		out, err := a.s.Apply(&Tx{Chain: testChain, From: p.from, Nonce: a.s.NextNonce(p.from), Body: Attest{Round: p.round, Attempt: 1, Result: res}}, Block{Height: a.height, Time: a.now})
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
	tx := a.tx("alice", entryBond, Submit{Task: 1, Work: "a launch note of modest length"})
	for b.Loop() {
		if err := tx.Verify(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "verifies/s")
}

// BenchmarkHash measures the state hash after one entry changed, as at the end of a block:
// the changed object is rehashed and the per-object hashes are combined.
func BenchmarkHash(b *testing.B) {
	for _, n := range []int{1000, 10_000} {
		b.Run(fmt.Sprintf("entries=%d", n), func(b *testing.B) {
			a, pool := benchArena(b, 1000, nil)
			sponsor := a.addr("sponsor")
			var task TaskID
			for i := range n {
				if i%len(pool) == 0 {
					task = TaskID(a.raw(sponsor, Ether(1), PostTask{Title: "t", Spec: "s", Rubric: "r", ClosesInS: MaxCloseS}).Created)
				}
				a.raw(pool[i%len(pool)], entryBond, Submit{Task: task, Work: "a launch note of modest length, about a hundred bytes of prose for the hash"})
			}
			enc, _ := a.s.Encode()
			a.s.Hash()
			for b.Loop() {
				a.s.book.BumpNonce(sponsor) // one account changed: rehash it and combine the rest
				a.s.hash = nil
				a.s.Hash()
			}
			b.ReportMetric(float64(len(enc)), "state-bytes")
		})
	}
}
