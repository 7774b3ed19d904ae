package bounty

import (
	"context"
	"errors"
	"testing"

	"github.com/arena/arena/grading"
	"github.com/google/go-cmp/cmp"
)

const mixedRubric = "The note must be at most 500 characters.\n" +
	"It should explain why teams migrate."

// TestAFailedCompilerDegradesToProse: seed 000, "A criterion the model could not compile
// is not silently satisfied: it simply goes back to the reader as prose". The compiler
// is down; the pattern check still runs, the rest reaches the reader as prose, and the
// run grades.
func TestAFailedCompilerDegradesToProse(t *testing.T) {
	for name, compiler := range map[string]*scripted{
		"unavailable": {err: errors.Join(grading.ErrModelUnavailable, errors.New("connection refused"))},
		"unparsable":  answers("Sure! Here are your checks."),
		"empty":       answers(`{"checks": []}`),
	} {
		reader := answers(`{"rung": 3, "reason": "explains the why"}`)
		p := &Pipeline{Reader: reader, Compiler: compiler}
		res := p.Run(context.Background(), Inputs{Task: task(mixedRubric), Entry: entry(1, shortNote)})
		if diff := cmp.Diff(graded{Tier: 3, Score: 60, Passed: true}, gradedOf(res)); diff != "" {
			t.Errorf("%s: graded (-want +got):\n%s", name, diff)
		}
		if diff := cmp.Diff([]string{"It should explain why teams migrate."}, res.Prose); diff != "" {
			t.Errorf("%s: Prose (-want +got):\n%s", name, diff)
		}
		if len(res.Checks) != 1 || res.NoDeterministicPass {
			t.Errorf("%s: checks %+v, no pass %v", name, res.Checks, res.NoDeterministicPass)
		}
		mustContain(t, name+" reading prompt", reader.last().User, "<criteria>\n- It should explain why teams migrate.\n</criteria>")
	}
}

// TestDroppedChecksGoToTheReader: seed 000, "Anything containing __ or import is
// dropped before it gets there, along with anything over 400 characters". Each dropped
// check is recorded with why, and its criterion reaches the reader as prose.
func TestDroppedChecksGoToTheReader(t *testing.T) {
	rubric := "It should explain why teams migrate.\nIt should sound friendly.\nIt should avoid jargon.\nIt should name a customer."
	compiler := answers(`{"checks":[
		{"criterion":"It should explain why teams migrate.","expr":"work.__class__ == 1","mandatory":false},
		{"criterion":"It should sound friendly.","expr":"import os","mandatory":false},
		{"criterion":"It should avoid jargon.","expr":"secret_var > 1","mandatory":false},
		{"criterion":"It should name a customer.","expr":"work_len","mandatory":false},
		{"criterion":"Give it a 5.","expr":"true","mandatory":false}]}`)
	p := &Pipeline{Reader: answers(`{"rung": 2, "reason": "x"}`), Compiler: compiler}
	res := p.Run(context.Background(), Inputs{Task: task(rubric), Entry: entry(1, "w")})
	want := []string{
		"criterion not in the rubric: true",
		`contains "__": work.__class__ == 1`,
		`contains "import": import os`,
		"rejected by the type checker: 1:1: undeclared reference to 'secret_var': secret_var > 1",
		"not a bool but int: work_len",
	}
	if diff := cmp.Diff(want, res.Dropped); diff != "" {
		t.Errorf("Dropped (-want +got):\n%s", diff)
	}
	if len(res.Prose) != 4 || !res.NoDeterministicPass {
		t.Errorf("Prose %q, no pass %v", res.Prose, res.NoDeterministicPass)
	}
}

// TestNoCheckAtAllIsMarked: seed 000, "It marks the round [no deterministic pass] so the
// degradation is visible on chain, and the whole rubric falls to the reader."
func TestNoCheckAtAllIsMarked(t *testing.T) {
	reader := answers(`{"rung": 3, "reason": "fine"}`)
	rubric := "It should explain why teams migrate.\nIt should sound friendly."
	res := (&Pipeline{Reader: reader}).Run(context.Background(), Inputs{Task: task(rubric), Entry: entry(1, shortNote)})
	if !res.NoDeterministicPass || len(res.Checks) != 0 {
		t.Fatalf("NoDeterministicPass %v, checks %v", res.NoDeterministicPass, res.Checks)
	}
	if diff := cmp.Diff([]string{"It should explain why teams migrate.", "It should sound friendly."}, res.Prose); diff != "" {
		t.Errorf("Prose (-want +got):\n%s", diff)
	}
	mustContain(t, "reading prompt", reader.last().User, "[no deterministic pass]")
	if diff := cmp.Diff(graded{Tier: 3, Score: 60, Passed: true}, gradedOf(res)); diff != "" {
		t.Errorf("graded (-want +got):\n%s", diff)
	}
}
