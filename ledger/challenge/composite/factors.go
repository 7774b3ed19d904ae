package composite

import (
	"math/big"
	"slices"
	"strings"

	"github.com/arena/arena/challenge/abi"
)

// efficiency is E, exact: the mean overshoot factor of the observed, competently answered
// tool cases with a tool budget, or 1 when there are none.
func efficiency(g []abi.Grade) *big.Rat {
	var sum, n int64
	for _, c := range g {
		if c.Kind != abi.KindTool || !c.Observed || c.MemoryOnly || c.AllowExtraTools ||
			c.ExpectedTools < 1 || c.Score < PassScore {
			continue
		}
		sum += overshoot(c.ExpectedTools, c.ActualTools)
		n++
	}
	if n == 0 {
		return big.NewRat(1, 1)
	}
	return new(big.Rat).SetFrac(big.NewInt(sum), big.NewInt(n*One))
}

// overshoot is one case's efficiency in micros: 1 up to one extra call, then 0.15 less
// in equal steps of 0.0375 until four extra calls past the free one. Every step is a
// whole number of micros, so the value is exact.
func overshoot(expected, actual int) int64 {
	over := int64(actual) - int64(expected)
	if over <= effFree {
		return One
	}
	steps := min(over-effFree, effFull-effFree)
	return One - steps*effMaxPenalty/(effFull-effFree)
}

// metamorphic is M in micros.
func metamorphic(g []abi.Grade) int64 {
	type group struct {
		members, correct int
		undelivered      bool
	}
	groups := map[string]*group{}
	for _, c := range g {
		if c.Group == "" || c.GroupRole == RoleAudit || c.GroupRole == RoleInjection {
			continue
		}
		gr := groups[c.Group]
		if gr == nil {
			gr = &group{}
			groups[c.Group] = gr
		}
		if !c.Observed {
			gr.undelivered = true
			continue
		}
		gr.members++
		if c.Score >= PassScore {
			gr.correct++
		}
	}
	var total, consistent int64
	for _, gr := range groups {
		if gr.undelivered {
			continue
		}
		total++
		if gr.correct == 0 || gr.correct == gr.members {
			consistent++
		}
	}
	if total == 0 {
		return One
	}
	// 1 − 0.15·(1 − c/t) = (One·t − penalty·(t − c)) / (One·t), in micros ÷ t.
	return roundDiv(big.NewInt(One*total-metaPenalty*(total-consistent)), big.NewInt(total))
}

// overCall is O in micros.
func overCall(g []abi.Grade) int64 {
	var observed, over int64
	for _, c := range g {
		if c.Kind != abi.KindMemory || !c.Observed || c.LifecycleWrite {
			continue
		}
		observed++
		if c.NonMemoryCalls > 0 {
			over++
		}
	}
	if observed == 0 {
		return One
	}
	return roundDiv(big.NewInt(One*observed-overCallPen*over), big.NewInt(observed))
}

// canary is C in micros and the failed canaries counted as leaks and as honest misses.
func canary(g []abi.Grade) (c int64, leaks, misses int) {
	for _, x := range g {
		if x.Kind != abi.KindMemory || !strings.Contains(strings.ToLower(x.Category), "canary") || x.Score >= PassScore {
			continue
		}
		if slices.Contains(x.Notes, abi.NoteCanaryLeak) {
			leaks++
		} else {
			misses++
		}
	}
	switch {
	case leaks > 0:
		return LeakFactor, leaks, misses
	case misses > 0:
		return MissFactor, leaks, misses
	}
	return One, 0, 0
}
