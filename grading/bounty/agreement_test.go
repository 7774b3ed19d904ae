package bounty

import (
	"context"
	"errors"
	"testing"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/round"
	"github.com/google/go-cmp/cmp"
)

// thirteen are the thirteen readings of one strong entry from seed 000: seven field
// names, the rung as 4, "4", "4.0", "4/5", "strong", "Strong.", " 4 " and 4 under a
// second name, and the hundred-point scale as 80, 99, "88/100", "85%" and 84.
var thirteen = []string{
	`{"merit": 4, "reason": "usable as it stands"}`,
	`{"tier": "4", "reason": "usable as it stands"}`,
	`{"rung": "4.0", "reason": "usable as it stands"}`,
	`{"grade": "4/5", "reason": "usable as it stands"}`,
	`{"score": "strong", "reason": "usable as it stands"}`,
	`{"rating": "Strong.", "reason": "usable as it stands"}`,
	`{"value": " 4 ", "reason": "usable as it stands"}`,
	`{"rating": 4, "reason": "usable as it stands"}`,
	`{"score": 80, "reason": "usable as it stands"}`,
	`{"score": 99, "reason": "usable as it stands"}`,
	`{"grade": "88/100", "reason": "usable as it stands"}`,
	`{"value": "85%", "reason": "usable as it stands"}`,
	`{"merit": 84, "reason": "usable as it stands"}`,
}

// TestThirteenWordingsGiveOneGrade: seed 000, "every one of them stores the same grade".
// Each wording, read by its own validator, gives identical compared fields, and every
// pair of results agrees.
func TestThirteenWordingsGiveOneGrade(t *testing.T) {
	work := "Ledger Sync is live: one call reconciles your ledger with the bank feed. Docs: https://docs.example/ls"
	var results []ledger.Result
	for _, a := range thirteen {
		p := &Pipeline{Reader: answers(a)}
		res := p.Run(context.Background(), Inputs{Task: task(noteRubric), Entry: entry(1, work)})
		if diff := cmp.Diff(graded{Tier: 4, Violations: 1, Score: 65, Passed: true}, gradedOf(res)); diff != "" {
			t.Errorf("reading %s (-want +got):\n%s", a, diff)
		}
		results = append(results, res)
	}
	for i, a := range results {
		for j, b := range results {
			if !round.Agree(a, b) {
				t.Errorf("readings %d and %d disagree", i, j)
			}
		}
	}
}

// TestARungAwayDisagrees: seed 000, "3 and 5 both disagree".
func TestARungAwayDisagrees(t *testing.T) {
	run := func(a string) ledger.Result {
		p := &Pipeline{Reader: answers(a)}
		return p.Run(context.Background(), Inputs{Task: task(""), Entry: entry(1, "some work")})
	}
	four := run(`{"rung": 4, "reason": "x"}`)
	for _, a := range []string{`{"rung": 3, "reason": "x"}`, `{"rung": 5, "reason": "x"}`} {
		if round.Agree(four, run(a)) {
			t.Errorf("rung 4 agrees with %s", a)
		}
	}
}

// linkRubric has a sentence the pattern compiler leaves to a model.
const linkRubric = "Every note needs a reference to the documentation site, given as a URL."

// TestCompilersThatPhraseTheRubricDifferentlyAgree: seed 000, round 2 "compiled the
// rubric on its own and phrased it differently — urls >= 1 ... where round 1 had written
// has_url — ... and an outcome identical to the atto". Two validators, one compiler
// writing urls >= 1 and the other has_url, agree on a work with a link and on one
// without.
func TestCompilersThatPhraseTheRubricDifferentlyAgree(t *testing.T) {
	compilerA := answers(`{"checks":[{"criterion":"` + linkRubric + `","expr":"urls >= 1","mandatory":true}]}`)
	compilerB := answers("```json\n" + `{"checks":[{"criterion":"- ` + linkRubric + `","expr":"has_url","mandatory":false}]}` + "\n```")
	for _, work := range []string{"Docs at https://docs.example/ls.", "Docs are on our site."} {
		a := (&Pipeline{Reader: answers(`{"rung": 3, "reason": "fine"}`), Compiler: compilerA}).
			Run(context.Background(), Inputs{Task: task(linkRubric), Entry: entry(1, work)})
		b := (&Pipeline{Reader: answers(`{"score": "60/100", "reason": "warmer prose"}`), Compiler: compilerB}).
			Run(context.Background(), Inputs{Task: task(linkRubric), Entry: entry(1, work)})
		if !round.Agree(a, b) {
			t.Errorf("work %q: %+v and %+v disagree", work, gradedOf(a), gradedOf(b))
		}
		if len(a.Checks) != 1 || a.Checks[0].Source != "model" || !a.Checks[0].Mandatory || b.Checks[0].Expr != "has_url" {
			t.Errorf("checks %+v / %+v", a.Checks, b.Checks)
		}
		if len(a.Calls) != 2 || a.Calls[0].Purpose != "compile" || a.Calls[1].Purpose != "read" {
			t.Errorf("calls %+v", a.Calls)
		}
	}
}

// TestTheGateIsTheRubricsNotTheModels: "needs" makes the criterion mandatory whatever
// the compiler's mandatory flag said, so compiler B's false above changed nothing.
func TestTheGateIsTheRubricsNotTheModels(t *testing.T) {
	c := answers(`{"checks":[{"criterion":"` + linkRubric + `","expr":"has_url","mandatory":false}]}`)
	res := (&Pipeline{Reader: answers(`{"rung": 3, "reason": "fine"}`), Compiler: c}).
		Run(context.Background(), Inputs{Task: task(linkRubric), Entry: entry(1, "no link here")})
	if !res.Disqualified || res.Score != 0 {
		t.Errorf("graded %+v, want disqualified", gradedOf(res))
	}
}

// TestFailuresAgreeByClass: two transient failures agree; an LLM_ERROR never does.
func TestFailuresAgreeByClass(t *testing.T) {
	down := &scripted{err: errors.Join(grading.ErrModelUnavailable, errors.New("503"))}
	a := (&Pipeline{Reader: down}).Run(context.Background(), Inputs{Task: task(""), Entry: entry(1, "w")})
	b := (&Pipeline{Reader: down}).Run(context.Background(), Inputs{Task: task(""), Entry: entry(1, "w")})
	if a.Error != "[TRANSIENT] Model unavailable" || !round.Agree(a, b) {
		t.Errorf("transient: %q, agree %v", a.Error, round.Agree(a, b))
	}
	garbled := (&Pipeline{Reader: answers("I think it is good")}).Run(context.Background(), Inputs{Task: task(""), Entry: entry(1, "w")})
	if garbled.Error != "[LLM_ERROR] No merit rung in the response" || round.Agree(garbled, garbled) {
		t.Errorf("no rung: %q", garbled.Error)
	}
}
