package composite

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/arena/arena/challenge/abi"
)

// reference is the scorer's aggregate written plainly in float64, as the public scorer
// writes it; the fixed-point Score must agree with it within one micro.
func reference(g []abi.Grade) (composite, se, gate, e, m, o, c float64) {
	r6 := func(x float64) float64 { return math.Round(x*1e6) / 1e6 }
	var ts, tq, tn, ms, mq, mn float64
	for _, x := range g {
		s := float64(x.Score) / 1e6
		if x.Kind == abi.KindMemory {
			ms, mq, mn = ms+s, mq+s*s, mn+1
		} else {
			ts, tq, tn = ts+s, tq+s*s, tn+1
		}
	}
	var effSum, effN float64
	for _, x := range g {
		if x.Kind != abi.KindTool || !x.Observed || x.MemoryOnly || x.AllowExtraTools || x.ExpectedTools < 1 || x.Score < PassScore {
			continue
		}
		f, over := 1.0, x.ActualTools-x.ExpectedTools
		if over > 1 {
			f = 1 - math.Min(1, float64(over-1)/4)*0.15
		}
		effSum, effN = effSum+f, effN+1
	}
	e = 1
	if effN > 0 {
		e = effSum / effN
	}
	groups, bad := map[string][]bool{}, map[string]bool{}
	for _, x := range g {
		if x.Group == "" || x.GroupRole != "" {
			continue
		}
		if !x.Observed {
			bad[x.Group] = true
			continue
		}
		groups[x.Group] = append(groups[x.Group], x.Score >= PassScore)
	}
	var total, consistent float64
	for name, v := range groups {
		if bad[name] {
			continue
		}
		total++
		if !slices.Contains(v, true) || !slices.Contains(v, false) {
			consistent++
		}
	}
	m = 1
	if total > 0 {
		m = r6(1 - 0.15*(1-consistent/total))
	}
	var obs, over float64
	for _, x := range g {
		if x.Kind == abi.KindMemory && x.Observed && !x.LifecycleWrite {
			obs++
			if x.NonMemoryCalls > 0 {
				over++
			}
		}
	}
	o = 1
	if obs > 0 {
		o = r6(1 - 0.10*over/obs)
	}
	c = 1
	for _, x := range g {
		if x.Kind == abi.KindMemory && strings.Contains(strings.ToLower(x.Category), "canary") && x.Score < PassScore {
			if slices.Contains(x.Notes, abi.NoteCanaryLeak) {
				c = 0.5
				break
			}
			c = 0.85
		}
	}
	gate = r6(math.Max(0.75, e*m*o) * c)
	sem := func(sum, sq, n float64) float64 {
		if n < 2 {
			return 0
		}
		v := (sq - sum*sum/n) / (n - 1)
		if v <= 0 {
			return 0
		}
		return math.Sqrt(v / n)
	}
	st, sm := sem(ts, tq, tn), sem(ms, mq, mn)
	switch {
	case tn > 0 && mn > 0:
		composite, se = 0.5*ts/tn+0.5*ms/mn, 0.5*math.Sqrt(st*st+sm*sm)
	case tn > 0:
		composite, se = ts/tn, st
	default:
		composite, se = ms/mn, sm
	}
	return r6(composite * gate), r6(se * gate), gate, e, m, o, c
}

// randomRun draws a run of 1 to 150 grades with every factor in play.
func randomRun(rng *rand.Rand) []abi.Grade {
	n := 1 + rng.IntN(150)
	g := make([]abi.Grade, n)
	for i := range g {
		x := abi.Grade{ID: fmt.Sprint(i), Kind: abi.KindTool, Category: fmt.Sprint("cat", rng.IntN(4))}
		if rng.IntN(2) == 0 {
			x.Kind = abi.KindMemory
		}
		switch rng.IntN(3) {
		case 0:
			x.Score = rng.Int64N(One + 1)
		case 1:
			x.Score = One * rng.Int64N(2)
		default:
			x.Score = rng.Int64N(11) * 100_000
		}
		x.Observed = rng.IntN(5) != 0
		x.ExpectedTools, x.ActualTools = rng.IntN(4), rng.IntN(12)
		x.AllowExtraTools, x.MemoryOnly, x.LifecycleWrite = rng.IntN(8) == 0, rng.IntN(8) == 0, rng.IntN(8) == 0
		x.NonMemoryCalls = rng.IntN(2) * rng.IntN(3)
		if rng.IntN(3) == 0 {
			x.Group = fmt.Sprint("g", rng.IntN(n/3+1))
			x.GroupRole = []string{"", "", "", RoleAudit, RoleInjection}[rng.IntN(5)]
		}
		if x.Kind == abi.KindMemory && rng.IntN(20) == 0 {
			x.Category = "canary"
			if rng.IntN(2) == 0 {
				x.Notes = []string{abi.NoteCanaryLeak}
			}
		}
		g[i] = x
	}
	return g
}

// On 2,000 seeded random runs the fixed-point result agrees with the float64 reference
// within one micro in every figure, and the factors only reduce: each lies between its
// floor and 1, and the composite never exceeds the ungated mean.
func TestAgreesWithTheFloatReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 2026))
	near := func(got int64, want float64) bool { return math.Abs(float64(got)-want*1e6) <= 1 }
	for i := range 2000 {
		g := randomRun(rng)
		r, err := Score(g)
		if err != nil {
			t.Fatalf("run %d: %v", i, err)
		}
		comp, se, gate, e, m, o, c := reference(g)
		for _, f := range []struct {
			name string
			got  int64
			want float64
		}{{"composite", r.Composite, comp}, {"se", r.SE, se}, {"gate", r.Gate, gate}, {"E", r.E, e}, {"M", r.M, m}, {"O", r.O, o}, {"C", r.C, c}} {
			if !near(f.got, f.want) {
				t.Fatalf("run %d: %s %d, reference %.7f", i, f.name, f.got, f.want)
			}
		}
		ungated := max(r.ToolMean, r.MemoryMean) // at least the ungated mean
		if r.Gate > One || r.Gate < LeakFactor*GateFloor/One || r.E < 850_000 || r.E > One ||
			r.M < 850_000 || r.M > One || r.O < 900_000 || r.O > One || r.C > One || r.Composite > ungated+1 {
			t.Fatalf("run %d: a factor raised the score or left its range: %+v", i, r)
		}
	}
}

// BenchmarkScore114 scores a full-profile run: 60 tool, 50 memory and 4 canary cases.
func BenchmarkScore114(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 14))
	g := make([]abi.Grade, 0, 114)
	for i := range 114 {
		x := abi.Grade{ID: fmt.Sprint(i), Kind: abi.KindTool, Category: fmt.Sprint("t", i%6), Score: rng.Int64N(One + 1),
			Observed: true, ExpectedTools: 1 + i%3, ActualTools: i % 7}
		if i >= 60 {
			x.Kind, x.Category, x.NonMemoryCalls = abi.KindMemory, fmt.Sprint("m", i%5), i%9/8
			if i%3 == 0 {
				x.Group = fmt.Sprint("g", i/6)
			}
		}
		if i >= 110 {
			x.Category = "canary"
		}
		g = append(g, x)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Score(g); err != nil {
			b.Fatal(err)
		}
	}
}
