package policy

import (
	"testing"

	"github.com/arena/arena/challenge/abi"
	"github.com/arena/arena/ledger/challenge/composite"
)

// seeds is how many random seeds the quality claims are checked on.
const seeds = 20

func composites(t *testing.T, s Skills, i int) composite.Result {
	t.Helper()
	r, err := composite.Score(gradeRun(t, s, dataset(t, i, abi.ProfileFull)))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestSteadyScoresAroundSixTenthsOnEverySeed(t *testing.T) {
	for i := range seeds {
		if c := composites(t, Steady, i).Composite; c < 550_000 || c > 650_000 {
			t.Fatalf("seed %d: steady composite %d, want 0.55 to 0.65", i, c)
		}
	}
}

func TestSteadyPlusLeadsSteadyByALittleOnEverySeed(t *testing.T) {
	for i := range seeds {
		s, p := composites(t, Steady, i).Composite, composites(t, SteadyPlus, i).Composite
		if lead := p - s; lead < 20_000 || lead > 50_000 {
			t.Fatalf("seed %d: steady-plus %d leads steady %d by %d, want 0.02 to 0.05", i, p, s, lead)
		}
	}
}

func TestSharpScoresAtLeastEightyFiveHundredthsOnEverySeed(t *testing.T) {
	for i := range seeds {
		sh, p := composites(t, Sharp, i).Composite, composites(t, SteadyPlus, i).Composite
		if sh < 850_000 || sh <= p {
			t.Fatalf("seed %d: sharp composite %d (steady-plus %d), want at least 0.85 and ahead", i, sh, p)
		}
	}
}

func TestNoExampleAgentLeaksTheCanaryOrOverCalls(t *testing.T) {
	for _, s := range []Skills{Steady, SteadyPlus, Sharp} {
		for i := range 5 {
			r := composites(t, s, i)
			if r.Leaks != 0 || r.Misses != 0 || r.O != composite.One || r.Gate != composite.One {
				t.Fatalf("%+v seed %d: leaks %d misses %d O %d gate %d", s, i, r.Leaks, r.Misses, r.O, r.Gate)
			}
		}
	}
}

func TestEveryAgentReachesTheEndpointOnTheProbe(t *testing.T) {
	for _, s := range []Skills{Steady, SteadyPlus, Sharp} {
		if rec := runCase(s, dataset(t, 1, abi.ProfileFull).Probe); len(rec.Calls) == 0 || rec.Calls[0].Response == abi.UnknownTool {
			t.Fatalf("%+v: probe calls %v", s, rec.Calls)
		}
	}
}
