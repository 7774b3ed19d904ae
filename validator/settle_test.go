package validator_test

import (
	"slices"
	"testing"
	"time"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/grading/bounty"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/typed"
	"github.com/arena/arena/validator"
)

const rubric = "The note must be at most 600 characters."

func honest(n int, rungs map[string]int) []grading.Model {
	ms := make([]grading.Model, n)
	for i := range ms {
		ms[i] = newScripted(rungs)
	}
	return ms
}

// TestFourWorkersSettleARound: DESIGN.md, "each committee member's validator process
// runs the pipeline on its own ... and sends a signed attest(round, result)"; the round
// settles when the leader and a quorum agree. Four workers on a real engine settle the
// entry at the rung their models read, 4 = strong = 80.
func TestFourWorkersSettleARound(t *testing.T) {
	a := newArena(t, 4, 1)
	ids := a.task(rubric, "strong work, a short launch note")
	ws, stop := a.workers(honest(4, map[string]int{"strong": 4}), nil)
	a.grade(ids[0])
	e := a.waitSettled(ids...)[0]
	// The state shows the block before each submitter hears its receipt.
	waitFor(t, "a quorum of accepted attestations", func() bool {
		var n int64
		for _, w := range ws {
			n += w.Stats().Attested
		}
		return n >= int64(a.terms.QuorumSize())
	})
	stop()
	g := e.Current
	if e.State != ledger.EntryGraded || g == nil {
		t.Fatalf("entry state %s, grade %v; want graded", e.State, g)
	}
	if g.Tier != 4 || g.Score != 80 || !g.Passed || g.Disqualified {
		t.Fatalf("grade tier=%d score=%d passed=%v dq=%v; want 4, 80, passed", g.Tier, g.Score, g.Passed, g.Disqualified)
	}
	if len(g.Agreed) < a.terms.QuorumSize() || len(g.Disagreed) != 0 {
		t.Fatalf("agreed %v disagreed %v; want a quorum of %d and no dissent", g.Agreed, g.Disagreed, a.terms.QuorumSize())
	}
	for _, w := range ws {
		if s := w.Stats(); s.Errors != 0 || s.Failed != 0 || s.Retries != 0 {
			t.Errorf("worker %s: %+v; want no errors, failures or nonce retries", w.Address(), s)
		}
	}
}

// TestEveryCallReceiptIsSignedByItsValidator: DESIGN.md, "every model call yields a
// receipt ... signed by the validator". Each recorded attestation carries its calls,
// and the engine admitted them only because every call verified (Tx.Verify).
func TestEveryCallReceiptIsSignedByItsValidator(t *testing.T) {
	a := newArena(t, 4, 1)
	ids := a.task(rubric, "strong work")
	a.workers(honest(4, map[string]int{"strong": 4}), nil)
	a.grade(ids[0])
	e := a.waitSettled(ids...)[0]
	var r ledger.RoundView
	a.engine.View(func(s *ledger.State) { r, _ = s.Round(e.Rounds[0]) })
	ats := r.Attempts[len(r.Attempts)-1].Attestations
	if len(ats) < 3 {
		t.Fatalf("%d attestations recorded, want at least 3", len(ats))
	}
	for _, at := range ats {
		if len(at.Result.Calls) == 0 {
			t.Fatalf("attestation of %s carries no model-call receipts", at.Validator)
		}
		for _, c := range at.Result.Calls {
			sig := mustHex(t, c.Sig)
			d, err := typed.CallDigest(a.terms.GenesisHash(), c)
			if err != nil {
				t.Fatal(err)
			}
			got, err := ledger.Recover(d, sig)
			if err != nil || got != at.Validator {
				t.Fatalf("call receipt of %s recovers to %s, %v", at.Validator, got, err)
			}
		}
	}
}

// TestAHangingModelDelaysOnlyItsOwnValidator: the brief, "a model server that is down or
// slow must not block other rounds". One worker's model never answers; its runs end at
// RunTimeout and attest the classed failure the pipeline produced, and the three others
// still settle every entry, whoever leads.
func TestAHangingModelDelaysOnlyItsOwnValidator(t *testing.T) {
	a := newArena(t, 4, 3)
	ids := a.task(rubric, "strong one", "strong two", "weak three")
	models := honest(4, map[string]int{"strong": 4, "weak": 2})
	hung := &hanging{}
	models[0] = hung
	ws, stop := a.workers(models, func(i int, c *validator.Config) {
		if i == 0 {
			c.RunTimeout = 300 * time.Millisecond
		}
	})
	for _, id := range ids {
		a.grade(id)
	}
	views := a.waitSettled(ids...)
	stop()
	for i, e := range views {
		want := []int{4, 4, 2}[i]
		if e.State != ledger.EntryGraded || e.Current.Tier != want {
			t.Fatalf("entry %d: %s tier %v, want graded at %d:%s", e.ID, e.State, e.Current, want, a.describe(ids))
		}
		if slices.Contains(e.Current.Agreed, ws[0].Address()) {
			t.Fatalf("entry %d: the hung validator is recorded as agreeing", e.ID)
		}
	}
	if hung.calls.Load() == 0 {
		t.Fatal("the hanging model was never called")
	}
	s := ws[0].Stats()
	if s.Failed == 0 || s.Errors != 0 {
		t.Fatalf("hung worker stats %+v: want failed runs attested, no transport errors", s)
	}
	if f := failures(a, ids, ws[0].Address()); len(f) == 0 || f[0] != "[TRANSIENT] Model unavailable" {
		t.Fatalf("hung worker attested %q, want the pipeline's [TRANSIENT] Model unavailable", f)
	}
}

// failures lists the error of every attestation v made on the entries' rounds.
func failures(a *arena, ids []ledger.EntryID, v ledger.Address) []string {
	var out []string
	a.engine.View(func(s *ledger.State) {
		for _, id := range ids {
			e, _ := s.Entry(id)
			for _, rid := range e.Rounds {
				r, _ := s.Round(rid)
				for _, at := range r.Attempts {
					for _, x := range at.Attestations {
						if x.Validator == v && x.Result.Error != "" {
							out = append(out, x.Result.Error)
						}
					}
				}
			}
		}
	})
	return out
}

// TestADishonestValidatorChangesNoOutcome: seed 000, "a validator whose own run placed
// the work one rung away from the leader's does not agree a little: it disagrees", and
// "a leader reporting ... is refused by every honest validator". One worker always
// answers a rung higher, and it leads the first attempt on entry 1: that attempt is
// discarded, and every entry settles on the grade the honest models read, as in an
// arena where everyone is honest.
func TestADishonestValidatorChangesNoOutcome(t *testing.T) {
	works := []string{"strong one", "adequate two", "weak three", "poor four"}
	want := []int{4, 3, 2, 1}
	rungs := map[string]int{"strong": 4, "adequate": 3, "weak": 2, "poor": 1}
	grades := func(dishonest bool) []ledger.GradeView {
		a := newArena(t, 4, len(works))
		ids := a.task(rubric, works...)
		for _, id := range ids {
			a.grade(id)
		}
		models := honest(4, rungs)
		liar := -1
		if dishonest {
			var r ledger.RoundView
			a.engine.View(func(s *ledger.State) { r, _ = s.Round(1) })
			liar = slices.IndexFunc(a.validators, func(k *accountKey) bool { return k.Address() == r.Attempts[0].Leader })
			models[liar] = inflated{models[liar]}
		}
		a.workers(models, nil)
		var out []ledger.GradeView
		for _, e := range a.waitSettled(ids...) {
			if e.Current == nil {
				t.Fatalf("entry %d left %s:%s", e.ID, e.State, a.describe(ids))
			}
			if liar >= 0 && slices.Contains(e.Current.Agreed, a.validators[liar].Address()) {
				t.Fatalf("entry %d: the inflating validator is recorded as agreeing", e.ID)
			}
			out = append(out, *e.Current)
		}
		if liar >= 0 {
			var r ledger.RoundView
			a.engine.View(func(s *ledger.State) { r, _ = s.Round(1) })
			if r.Attempts[0].State != ledger.AttemptDiscarded {
				t.Fatalf("the inflating leader's attempt ended %s, want discarded", r.Attempts[0].State)
			}
		}
		return out
	}
	fair, skewed := grades(false), grades(true)
	for i := range fair {
		f, s := fair[i], skewed[i]
		if f.Tier != s.Tier || f.Score != s.Score || f.Passed != s.Passed || f.Disqualified != s.Disqualified {
			t.Errorf("entry %d: honest arena settled tier=%d score=%d, with a dishonest validator tier=%d score=%d",
				i+1, f.Tier, f.Score, s.Tier, s.Score)
		}
		if f.Tier != want[i] {
			t.Errorf("entry %d settled at tier %d, want the honest reading %d", i+1, f.Tier, want[i])
		}
	}
}

// TestRunRefusesAnIncompleteConfig: Run names the missing field.
func TestRunRefusesAnIncompleteConfig(t *testing.T) {
	a := newArena(t, 1, 0)
	gs := map[string]grading.Grader{bounty.Kind: &bounty.Pipeline{Reader: newScripted(nil)}}
	tests := []struct {
		cfg  validator.Config
		want string
	}{
		{validator.Config{Graders: gs, Chain: soloChain{a.engine}}, "validator: config has no key"},
		{validator.Config{Key: a.validators[0], Chain: soloChain{a.engine}}, "validator: config has no grader"},
		{validator.Config{Key: a.validators[0], Graders: gs}, "validator: config has no chain"},
	}
	for _, tc := range tests {
		if err := validator.New(tc.cfg).Run(t.Context()); err == nil || err.Error() != tc.want {
			t.Errorf("Run: %v, want %q", err, tc.want)
		}
	}
}

// BenchmarkGradeRound: a task posted, entered and graded to settlement by four workers
// on a real engine and SQLite file; reports rounds settled per second.
func BenchmarkGradeRound(b *testing.B) {
	a := newArena(b, 4, 1)
	a.workers(honest(4, map[string]int{"strong": 4}), nil)
	n := 0
	for b.Loop() {
		ids := a.task(rubric, "strong work")
		a.grade(ids[0])
		a.waitSettled(ids...)
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "rounds/s")
}
