package bounty

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// Standing.Outranks is the award's order: the higher score first, then the earlier
// filing, then the lower entry number, each key consulted only when the ones before it
// tie.
func TestOutranksIsScoreThenFilingThenEntry(t *testing.T) {
	for _, tc := range []struct {
		name string
		a, b Standing
		want bool
	}{
		{"a higher score wins however late it filed", Standing{Score: 60, FiledAt: 900, Entry: 9}, Standing{Score: 40, FiledAt: 100, Entry: 1}, true},
		{"a lower score loses however early it filed", Standing{Score: 40, FiledAt: 100, Entry: 1}, Standing{Score: 60, FiledAt: 900, Entry: 9}, false},
		{"on a tied score the earlier filing wins", Standing{Score: 60, FiledAt: 100, Entry: 9}, Standing{Score: 60, FiledAt: 200, Entry: 1}, true},
		{"on a tied score the later filing loses", Standing{Score: 60, FiledAt: 200, Entry: 1}, Standing{Score: 60, FiledAt: 100, Entry: 9}, false},
		{"on tied score and filing the lower entry wins", Standing{Score: 60, FiledAt: 100, Entry: 3}, Standing{Score: 60, FiledAt: 100, Entry: 4}, true},
		{"on tied score and filing the higher entry loses", Standing{Score: 60, FiledAt: 100, Entry: 4}, Standing{Score: 60, FiledAt: 100, Entry: 3}, false},
		{"an entry does not outrank itself", Standing{Score: 60, FiledAt: 100, Entry: 3}, Standing{Score: 60, FiledAt: 100, Entry: 3}, false},
	} {
		if got := tc.a.Outranks(tc.b); got != tc.want {
			t.Errorf("%s: %+v.Outranks(%+v) = %t, want %t", tc.name, tc.a, tc.b, got, tc.want)
		}
	}
}

// On distinct entries the order is total: of any two exactly one outranks the other, and
// picking the best one by one (as the award does) gives the same winner whatever order
// the entries are read in.
func TestOutranksIsATotalOrderOnDistinctEntries(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 7))
	for range 500 {
		n := 1 + rng.IntN(8)
		es := make([]Standing, n)
		for i := range es {
			es[i] = Standing{Score: 20 * rng.IntN(4), FiledAt: int64(rng.IntN(3)), Entry: EntryID(i + 1)}
		}
		for _, a := range es {
			for _, b := range es {
				if a.Entry != b.Entry && a.Outranks(b) == b.Outranks(a) {
					t.Fatalf("%+v and %+v: exactly one must outrank the other", a, b)
				}
			}
		}
		best := func(xs []Standing) Standing {
			w := xs[0]
			for _, x := range xs[1:] {
				if x.Outranks(w) {
					w = x
				}
			}
			return w
		}
		want := best(es)
		shuffled := slices.Clone(es)
		rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		if got := best(shuffled); got != want {
			t.Fatalf("entries %+v: the winner read in another order is %+v, want %+v", es, got, want)
		}
	}
}

// Only an entry graded, passed and not disqualified, whose grade is no failure, can win.
func TestEligibleIsGradedPassedAndNotDisqualified(t *testing.T) {
	passed := Result{Tier: 3, Passed: true, Score: 60}
	for _, tc := range []struct {
		name  string
		state string
		g     Result
		want  bool
	}{
		{"graded and passed", EntryGraded, passed, true},
		{"graded but not passed", EntryGraded, Result{Tier: 0}, false},
		{"passed but disqualified", EntryGraded, Result{Tier: 3, Passed: true, Disqualified: true}, false},
		{"a failure settled", EntryGraded, Result{Passed: true, Error: "[EXTERNAL] Work URL returned 404"}, false},
		{"still grading", EntryGrading, passed, false},
		{"sealed", EntrySealed, passed, false},
		{"failed", EntryFailed, passed, false},
	} {
		if got := Eligible(tc.state, tc.g); got != tc.want {
			t.Errorf("%s: Eligible(%q, %+v) = %t, want %t", tc.name, tc.state, tc.g, got, tc.want)
		}
	}
}

// A bond's fate at award: a sealed entry's is forfeited before anything else counts, a
// disqualified one's slashed (even were it named the winner), the winner's won, and
// every other refunded.
func TestBondOutcomeIsSealedThenDisqualifiedThenWon(t *testing.T) {
	for _, tc := range []struct {
		sealed, dq, won bool
		want            string
	}{
		{true, false, false, BondForfeited},
		{true, true, true, BondForfeited},
		{false, true, false, BondSlashed},
		{false, true, true, BondSlashed},
		{false, false, true, BondWon},
		{false, false, false, BondRefunded},
	} {
		if got := BondOutcome(tc.sealed, tc.dq, tc.won); got != tc.want {
			t.Errorf("BondOutcome(sealed %t, disqualified %t, won %t) = %q, want %q", tc.sealed, tc.dq, tc.won, got, tc.want)
		}
	}
	if BondForfeited != "forfeited" || BondSlashed != "slashed" || BondWon != "won" || BondRefunded != "refunded" {
		t.Errorf("the outcomes' texts are part of the views: %q %q %q %q", BondForfeited, BondSlashed, BondWon, BondRefunded)
	}
}

// PassedGate is the one definition of passing: rung 1 or above and not disqualified.
func TestPassedGateIsRungOneAndNotDisqualified(t *testing.T) {
	for tier := range Rungs {
		for _, dq := range []bool{false, true} {
			if got, want := PassedGate(tier, dq), tier >= 1 && !dq; got != want {
				t.Errorf("PassedGate(%d, %t) = %t, want %t", tier, dq, got, want)
			}
		}
	}
}
