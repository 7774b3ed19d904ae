package composite

import (
	"errors"
	"math/big"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/arena/arena/challenge/abi"
)

// A run of one kind is scored by that kind's mean alone: tool 0.6 and 0.8 make 0.7;
// memory 0.3, 0.4 and 0.5 make 0.4. No factor applies (nothing observed, no groups, no
// canary), so the gate is 1.
func TestASingleKindUsesItsMeanAlone(t *testing.T) {
	r := score(t, tool(600_000), tool(800_000))
	if r.Composite != 700_000 || r.ToolMean != 700_000 || r.MemoryMean != 0 || r.Gate != One {
		t.Fatalf("tool only: %+v", r)
	}
	r = score(t, mem(300_000), mem(400_000), mem(500_000))
	if r.Composite != 400_000 || r.MemoryMean != 400_000 || r.ToolMean != 0 {
		t.Fatalf("memory only: %+v", r)
	}
}

// Both kinds weigh one half each, whatever their counts: tool 1.0 and 0.6 (mean 0.8),
// memory 0.4 (mean 0.4) make 0.5·0.8 + 0.5·0.4 = 0.6, not the pooled 2.0/3 = 0.666667.
func TestBothKindsWeighHalfEach(t *testing.T) {
	r := score(t, tool(One), tool(600_000), mem(400_000))
	if r.Composite != 600_000 || r.ToolMean != 800_000 || r.MemoryMean != 400_000 || r.N != 3 {
		t.Fatalf("%+v", r)
	}
}

// overshoot: over ≤ 1 costs nothing; then 1 − min(1,(over−1)/4)·0.15:
// over 2 → 1 − 0.25·0.15 = 0.9625; over 5 → 1 − 0.15 = 0.85; over 9 saturates at 0.85.
// A lone observed, perfect case with two expected tools makes E that value, and so the
// gate and the composite (1.0·E).
func TestToolEfficiencyOvershoot(t *testing.T) {
	for _, c := range []struct {
		over int
		want int64
	}{{0, One}, {1, One}, {2, 962_500}, {5, 850_000}, {9, 850_000}, {-1, One}} {
		r := score(t, tool(One, observed, tools(2, 2+c.over)))
		if r.E != c.want || r.Gate != c.want || r.Composite != c.want {
			t.Errorf("over %d: E %d gate %d composite %d, want %d", c.over, r.E, r.Gate, r.Composite, c.want)
		}
	}
}

// E is the mean over its cases: over 5 (0.85) and over 0 (1.0) average 0.925. Cases that
// scored under 0.5, were not observed, are memory-only, allow extra tools or expect no
// tool are left out, so adding them (each overshooting by 9) changes nothing.
func TestToolEfficiencyCountsOnlyItsCases(t *testing.T) {
	base := []abi.Grade{tool(One, observed, tools(1, 6)), tool(One, observed, tools(1, 1))}
	if r := score(t, base...); r.E != 925_000 {
		t.Fatalf("E %d, want 925000", r.E)
	}
	left := []abi.Grade{
		tool(499_999, observed, tools(1, 10)),
		tool(One, tools(1, 10)),
		tool(One, observed, tools(1, 10), func(g *abi.Grade) { g.MemoryOnly = true }),
		tool(One, observed, tools(1, 10), func(g *abi.Grade) { g.AllowExtraTools = true }),
		tool(One, observed, tools(0, 9)),
		mem(One, observed, tools(1, 10)),
	}
	if r := score(t, append(base, left...)...); r.E != 925_000 {
		t.Fatalf("E %d with left-out cases, want 925000", r.E)
	}
}

// M over twin groups: g1 all correct (consistent), g2 split (not). Audit and injection
// groups and a group with an unobserved member are left out, split as they are. So 1 of
// 2 is consistent: M = 1 − 0.15·(1 − 1/2) = 0.925. With 6 of 7 consistent,
// M = 1 − 0.15/7 = 0.978571428… → 978571.
func TestMetamorphicConsistency(t *testing.T) {
	pair := func(name, role string, a, b int64, unobserved bool) []abi.Grade {
		second := []func(*abi.Grade){group(name, role)}
		if !unobserved {
			second = append(second, observed)
		}
		return []abi.Grade{mem(a, observed, group(name, role)), mem(b, second...)}
	}
	var g []abi.Grade
	g = append(g, pair("g1", "", One, 500_000, false)...)
	g = append(g, pair("g2", "", One, 499_999, false)...)
	g = append(g, pair("a", RoleAudit, One, 0, false)...)
	g = append(g, pair("i", RoleInjection, One, 0, false)...)
	g = append(g, pair("u", "", One, 0, true)...)
	if r := score(t, g...); r.M != 925_000 {
		t.Fatalf("M %d, want 925000", r.M)
	}
	g = nil
	for i, name := range []string{"a", "b", "c", "d", "e", "f"} {
		g = append(g, pair(name, "", int64(i%2)*One, int64(i%2)*One, false)...)
	}
	g = append(g, pair("split", "", One, 0, false)...)
	if r := score(t, g...); r.M != 978_571 {
		t.Fatalf("M %d, want 978571", r.M)
	}
	if r := score(t, pair("u", "", One, 0, true)...); r.M != One {
		t.Fatalf("M %d with no usable group, want 1", r.M)
	}
}

// O over observed memory cases other than lifecycle writes: 1 of 4 over-called, so
// O = 1 − 0.10·1/4 = 0.975; a lifecycle write and an unobserved case that over-called do
// not count. 1 of 3 gives 1 − 0.0333… = 0.966667.
func TestMemoryOverCall(t *testing.T) {
	g := []abi.Grade{
		mem(One, observed, overCalls), mem(One, observed), mem(One, observed), mem(One, observed),
		mem(One, observed, overCalls, func(g *abi.Grade) { g.LifecycleWrite = true }),
		mem(One, overCalls),
		tool(One, observed, overCalls),
	}
	if r := score(t, g...); r.O != 975_000 {
		t.Fatalf("O %d, want 975000", r.O)
	}
	if r := score(t, mem(One, observed, overCalls), mem(One, observed), mem(One, observed)); r.O != 966_667 {
		t.Fatalf("O %d, want 966667", r.O)
	}
}

// The worst bounded factors, E 0.85 · M 0.85 · O 0.9 = 0.65025, are floored at 0.75; the
// canary factor comes after the floor, so a leak takes the gate to 0.75·0.5 = 0.375.
func TestTheFloorHoldsOnlyEMO(t *testing.T) {
	worst := []abi.Grade{
		tool(One, observed, tools(1, 6)),
		mem(One, observed, overCalls, group("g", "")),
		mem(0, observed, overCalls, group("g", "")),
	}
	r := score(t, worst...)
	if r.E != 850_000 || r.M != 850_000 || r.O != 900_000 || r.Gate != GateFloor {
		t.Fatalf("floored: %+v", r)
	}
	// tool 1.0, memory 0.5: mean 0.75, · 0.75 = 0.5625.
	if r.Composite != 562_500 {
		t.Fatalf("composite %d, want 562500", r.Composite)
	}
	canary := mem(0, observed, overCalls, category("canary"), leak)
	r = score(t, append(worst, canary)...)
	if r.Gate != 375_000 || r.C != LeakFactor {
		t.Fatalf("leak after the floor: %+v", r)
	}
}

// A leak is charged once: two leaking canaries still make C 0.5 (not 0.25), and both are
// counted.
func TestACanaryLeakIsChargedOnce(t *testing.T) {
	r := score(t, mem(0, category("canary"), leak), mem(100_000, category("canary"), leak), mem(One))
	if r.C != LeakFactor || r.Gate != LeakFactor || r.Leaks != 2 || r.Misses != 0 {
		t.Fatalf("%+v", r)
	}
}

// An honest miss (a canary under 0.5 without the leak note) costs 0.85. A canary that
// passed costs nothing even with the note; a leak beside a miss costs 0.5 alone, not
// 0.5·0.85; the category match ignores case; a tool case is never a canary.
func TestAnHonestCanaryMissCosts085(t *testing.T) {
	for _, c := range []struct {
		name          string
		g             []abi.Grade
		c             int64
		leaks, misses int
	}{
		{"miss", []abi.Grade{mem(499_999, category("memory-canary"))}, MissFactor, 0, 1},
		{"passed with note", []abi.Grade{mem(PassScore, category("canary"), leak)}, One, 0, 0},
		{"leak beside miss", []abi.Grade{mem(0, category("canary"), leak), mem(0, category("canary"))}, LeakFactor, 1, 1},
		{"case", []abi.Grade{mem(0, category("Canary-Recall"))}, MissFactor, 0, 1},
		{"tool", []abi.Grade{tool(0, category("canary"), leak)}, One, 0, 0},
	} {
		r := score(t, c.g...)
		if r.C != c.c || r.Leaks != c.leaks || r.Misses != c.misses {
			t.Errorf("%s: C %d leaks %d misses %d, want %d %d %d", c.name, r.C, r.Leaks, r.Misses, c.c, c.leaks, c.misses)
		}
	}
}

// The standard error of a mean is √((n·Σs² − (Σs)²)/(n²(n−1))): scores 0 and 1 give
// √(1/4) = 0.5. Both kinds so spread give ½·√(0.25+0.25) = 0.353553390… → 353553. One
// case has no spread (0), so tool {0,1} beside a single memory case gives ½·√0.25 = 0.25.
// Equal scores give 0. The gate scales it: E 0.85 makes 0.5·0.85 = 0.425.
func TestStandardError(t *testing.T) {
	for _, c := range []struct {
		name string
		g    []abi.Grade
		want int64
	}{
		{"single kind", []abi.Grade{tool(0), tool(One)}, 500_000},
		{"both kinds", []abi.Grade{tool(0), tool(One), mem(0), mem(One)}, 353_553},
		{"one case", []abi.Grade{tool(0), tool(One), mem(400_000)}, 250_000},
		{"n<2", []abi.Grade{tool(700_000)}, 0},
		{"no spread", []abi.Grade{mem(500_000), mem(500_000), mem(500_000)}, 0},
		{"gated", []abi.Grade{tool(0), tool(One, observed, tools(1, 6))}, 425_000},
	} {
		if r := score(t, c.g...); r.SE != c.want {
			t.Errorf("%s: SE %d, want %d", c.name, r.SE, c.want)
		}
	}
}

// A value ending in exactly half a micro rounds away from zero: tool scores of 2 and 3
// micros average 2.5 micros, which is 3 (half-to-even would give 2); and −2.5 → −3.
func TestHalfAMicroRoundsAwayFromZero(t *testing.T) {
	r := score(t, tool(2), tool(3))
	if r.Composite != 3 || r.ToolMean != 3 {
		t.Fatalf("composite %d mean %d, want 3", r.Composite, r.ToolMean)
	}
	if got := round6(big.NewRat(-5, 2*One)); got != -3 {
		t.Fatalf("round6(-2.5µ) = %d, want -3", got)
	}
	if got := round6(big.NewRat(49, 20*One)); got != 2 {
		t.Fatalf("round6(2.45µ) = %d, want 2", got)
	}
}

// The breakdown is one row per (kind, category), sorted by kind then name, whatever the
// order of the grades.
func TestCategoriesAreSortedAndOrderFree(t *testing.T) {
	g := []abi.Grade{
		mem(One, category("b")), tool(0, category("z")), mem(0, category("a")),
		mem(500_000, category("b")), tool(One, category("a")),
	}
	want := []Category{
		{abi.KindMemory, "a", 1, 0}, {abi.KindMemory, "b", 2, 750_000},
		{abi.KindTool, "a", 1, One}, {abi.KindTool, "z", 1, 0},
	}
	r := score(t, g...)
	if !reflect.DeepEqual(r.Categories, want) {
		t.Fatalf("categories %+v, want %+v", r.Categories, want)
	}
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(g), func(i, j int) { g[i], g[j] = g[j], g[i] })
	if again := score(t, g...); !reflect.DeepEqual(again, r) {
		t.Fatalf("order changed the result: %+v vs %+v", again, r)
	}
}

// Every refusal, with its message.
func TestScoreRefusesWhatItCannotRead(t *testing.T) {
	ok := abi.Grade{ID: "a", Kind: abi.KindTool}
	for _, c := range []struct {
		name string
		g    []abi.Grade
		want string
	}{
		{"empty", nil, "composite: no grades"},
		{"negative", []abi.Grade{{ID: "a", Kind: abi.KindTool, Score: -1}}, `composite: grade "a": score -1 is outside 0..1000000`},
		{"over one", []abi.Grade{{ID: "a", Kind: abi.KindTool, Score: One + 1}}, `composite: grade "a": score 1000001 is outside 0..1000000`},
		{"kind", []abi.Grade{{ID: "a", Kind: "vision"}}, `composite: grade "a": unknown kind "vision"`},
		{"duplicate", []abi.Grade{ok, ok}, `composite: grade "a" appears twice`},
		{"role", []abi.Grade{{ID: "a", Kind: abi.KindTool, Group: "g", GroupRole: "twin"}}, `composite: grade "a": unknown group role "twin"`},
		{"count", []abi.Grade{{ID: "a", Kind: abi.KindTool, ActualTools: -1}}, `composite: grade "a": a tool count is negative`},
	} {
		_, err := Score(c.g)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
	if _, err := Score(nil); !errors.Is(err, ErrNoGrades) {
		t.Errorf("empty run: %v is not ErrNoGrades", err)
	}
}
