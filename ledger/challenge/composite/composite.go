package composite

import (
	"errors"
	"fmt"
	"math/big"
	"sort"

	"github.com/arena/arena/challenge/abi"
)

// One is 1.0 in micros.
const One = 1_000_000

// The scorer's constants, in micros.
const (
	PassScore     = 500_000 // a case scoring at least this is correct
	GateFloor     = 750_000 // the floor under E·M·O
	LeakFactor    = 500_000 // C when a canary leaked
	MissFactor    = 850_000 // C on an honest canary miss
	effMaxPenalty = 150_000 // E's deepest per-case penalty
	effFree       = 1       // overshoot that costs nothing
	effFull       = 5       // overshoot at which E's penalty saturates
	metaPenalty   = 150_000 // M's deepest penalty
	overCallPen   = 100_000 // O's deepest penalty
)

// Group roles left out of the metamorphic factor.
const (
	RoleAudit     = "audit"
	RoleInjection = "injection"
)

// Result is a run's composite and everything it was made of. Every score is in micros.
type Result struct {
	N          int        `json:"n"`           // cases scored
	Composite  int64      `json:"composite"`   // round6(mean · gate)
	SE         int64      `json:"se"`          // standard error of the gated composite
	ToolMean   int64      `json:"tool_mean"`   // 0 when no tool case ran
	MemoryMean int64      `json:"memory_mean"` // 0 when no memory case ran
	E          int64      `json:"e"`           // tool efficiency (shown rounded)
	M          int64      `json:"m"`           // metamorphic consistency
	O          int64      `json:"o"`           // memory over-call
	C          int64      `json:"c"`           // canary integrity
	Gate       int64      `json:"gate"`        // round6(max(0.75, E·M·O) · C)
	Leaks      int        `json:"leaks"`       // canary cases that failed and leaked
	Misses     int        `json:"misses"`      // canary cases that failed honestly
	Categories []Category `json:"categories"`  // sorted by kind, then name
}

// Category is the breakdown of one (kind, category) pair.
type Category struct {
	Kind string `json:"kind"`
	Name string `json:"name"`
	N    int    `json:"n"`
	Mean int64  `json:"mean"` // micros, rounded
}

// ErrNoGrades is returned for an empty run.
var ErrNoGrades = errors.New("composite: no grades")

// Score folds a run's grades into its Result. It refuses an empty run, a score outside
// 0..1,000,000, a kind other than tool or memory, an unknown group role, a negative tool
// count and an id seen twice. Its output depends only on g, never on the order of
// categories or groups in it.
func Score(g []abi.Grade) (Result, error) {
	if len(g) == 0 {
		return Result{}, ErrNoGrades
	}
	if err := check(g); err != nil {
		return Result{}, err
	}
	tool, mem := moments(g, abi.KindTool), moments(g, abi.KindMemory)
	e := efficiency(g)
	m := metamorphic(g)
	o := overCall(g)
	c, leaks, misses := canary(g)

	bounded := new(big.Rat).Mul(e, micros(m))
	bounded.Mul(bounded, micros(o))
	if floor := micros(GateFloor); bounded.Cmp(floor) < 0 {
		bounded = floor
	}
	gate := round6(bounded.Mul(bounded, micros(c)))

	mean := new(big.Rat)
	switch {
	case tool.n > 0 && mem.n > 0:
		mean.Add(tool.mean(), mem.mean())
		mean.Mul(mean, big.NewRat(1, 2))
	case tool.n > 0:
		mean = tool.mean()
	default:
		mean = mem.mean()
	}
	r := Result{
		N:          len(g),
		Composite:  round6(mean.Mul(mean, micros(gate))),
		SE:         standardError(tool, mem, gate),
		ToolMean:   round6(tool.mean()),
		MemoryMean: round6(mem.mean()),
		E:          round6(e),
		M:          m,
		O:          o,
		C:          c,
		Gate:       gate,
		Leaks:      leaks,
		Misses:     misses,
		Categories: categories(g),
	}
	return r, nil
}

// check refuses grades the fold cannot read.
func check(g []abi.Grade) error {
	seen := make(map[string]bool, len(g))
	for _, c := range g {
		if seen[c.ID] {
			return fmt.Errorf("composite: grade %q appears twice", c.ID)
		}
		seen[c.ID] = true
		if c.Score < 0 || c.Score > One {
			return fmt.Errorf("composite: grade %q: score %d is outside 0..%d", c.ID, c.Score, One)
		}
		if c.Kind != abi.KindTool && c.Kind != abi.KindMemory {
			return fmt.Errorf("composite: grade %q: unknown kind %q", c.ID, c.Kind)
		}
		switch c.GroupRole {
		case "", RoleAudit, RoleInjection:
		default:
			return fmt.Errorf("composite: grade %q: unknown group role %q", c.ID, c.GroupRole)
		}
		if c.ExpectedTools < 0 || c.ActualTools < 0 || c.NonMemoryCalls < 0 {
			return fmt.Errorf("composite: grade %q: a tool count is negative", c.ID)
		}
	}
	return nil
}

// categories is the per-(kind, category) breakdown, sorted by kind then name.
func categories(g []abi.Grade) []Category {
	type key struct{ kind, name string }
	sums := map[key]*moment{}
	for _, c := range g {
		k := key{c.Kind, c.Category}
		if sums[k] == nil {
			sums[k] = &moment{sum: new(big.Int), sq: new(big.Int)}
		}
		sums[k].add(c.Score)
	}
	out := make([]Category, 0, len(sums))
	for k, m := range sums {
		out = append(out, Category{Kind: k.kind, Name: k.name, N: m.n, Mean: round6(m.mean())})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Kind != out[j].Kind {
			return out[i].Kind < out[j].Kind
		}
		return out[i].Name < out[j].Name
	})
	return out
}
