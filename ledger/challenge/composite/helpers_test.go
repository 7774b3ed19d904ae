package composite

import (
	"fmt"
	"testing"

	"github.com/arena/arena/challenge/abi"
)

// tool and mem build grades with fresh ids; opts adjust them.
var next int

func grade(kind string, score int64, opts ...func(*abi.Grade)) abi.Grade {
	next++
	g := abi.Grade{ID: fmt.Sprintf("c%d", next), Kind: kind, Category: kind + "-basic", Score: score}
	for _, o := range opts {
		o(&g)
	}
	return g
}

func tool(score int64, opts ...func(*abi.Grade)) abi.Grade {
	return grade(abi.KindTool, score, opts...)
}
func mem(score int64, opts ...func(*abi.Grade)) abi.Grade {
	return grade(abi.KindMemory, score, opts...)
}

func observed(g *abi.Grade) { g.Observed = true }

func tools(expected, actual int) func(*abi.Grade) {
	return func(g *abi.Grade) { g.ExpectedTools, g.ActualTools = expected, actual }
}

func group(name, role string) func(*abi.Grade) {
	return func(g *abi.Grade) { g.Group, g.GroupRole = name, role }
}

func category(c string) func(*abi.Grade) { return func(g *abi.Grade) { g.Category = c } }

func leak(g *abi.Grade) { g.Notes = append(g.Notes, abi.NoteCanaryLeak) }

func overCalls(g *abi.Grade) { g.NonMemoryCalls = 1 }

func score(t *testing.T, g ...abi.Grade) Result {
	t.Helper()
	r, err := Score(g)
	if err != nil {
		t.Fatalf("Score: %v", err)
	}
	return r
}
