package checks

import (
	"strconv"
	"sync"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/google/go-cmp/cmp"
)

// Compile cuts the rubric into criteria and sends each sentence the pattern compiler
// cannot read whole to the model compiler, in rubric order.
func TestCompileSplitsWhatPatternsReadFromWhatTheyDoNot(t *testing.T) {
	p := Compile("- Must be at most 600 characters.\n- Should explain the refund policy.\n- Must include a link.\n- Sound friendly.")
	wantCriteria := []Criterion{
		{"Must be at most 600 characters.", true},
		{"Should explain the refund policy.", false},
		{"Must include a link.", true},
		{"Sound friendly.", false},
	}
	if diff := cmp.Diff(wantCriteria, p.Criteria); diff != "" {
		t.Errorf("Criteria (-want +got):\n%s", diff)
	}
	wantCompiled := []Candidate{
		{Criterion: wantCriteria[0], Expr: "work_len <= 600", Source: FromPattern},
		{Criterion: wantCriteria[2], Expr: "has_url", Source: FromPattern},
	}
	if diff := cmp.Diff(wantCompiled, p.Compiled); diff != "" {
		t.Errorf("Compiled (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]Criterion{wantCriteria[1], wantCriteria[3]}, p.Pending); diff != "" {
		t.Errorf("Pending (-want +got):\n%s", diff)
	}
	if empty := Compile(""); empty.Criteria != nil || empty.Compiled != nil || empty.Pending != nil {
		t.Errorf("Compile of nothing = %+v", empty)
	}
}

// When the 24th place falls inside a criterion's checks, the whole criterion goes,
// its earlier checks included, and the places it held are not given to later ones.
func TestTheCheckLimitDropsAWholeCriterion(t *testing.T) {
	var cands []Candidate
	for i := range 23 {
		cands = append(cands, cand("n"+strconv.Itoa(i), "words >= "+strconv.Itoa(i), false))
	}
	cands = append(cands, cand("pair", "has_url", true), cand("pair", "urls <= 3", true), cand("late", "lines >= 1", false))
	s := Build(cands, nil)
	wantDropped := []string{
		"past the 24th check: urls <= 3",
		"past the 24th check: lines >= 1",
		"another check of its criterion was dropped: has_url",
	}
	if diff := cmp.Diff(wantDropped, s.Dropped); diff != "" {
		t.Errorf("Dropped (-want +got):\n%s", diff)
	}
	if s.Len() != 23 {
		t.Errorf("Len = %d, want 23", s.Len())
	}
	if diff := cmp.Diff([]string{"pair", "late"}, s.Prose); diff != "" {
		t.Errorf("Prose (-want +got):\n%s", diff)
	}
}

// Prose lists each criterion once, dropped ones first in the order met, then the
// uncompiled ones, a criterion both dropped and uncompiled only once.
func TestProseListsEachCriterionOnce(t *testing.T) {
	s := Build([]Candidate{
		cand("b", "import_x", false), cand("a", "__x", false), cand("b", "words > 1", false),
	}, []Criterion{{Text: "c"}, {Text: "a"}, {Text: "c"}})
	if diff := cmp.Diff([]string{"b", "a", "c"}, s.Prose); diff != "" {
		t.Errorf("Prose (-want +got):\n%s", diff)
	}
	if s.Len() != 0 {
		t.Errorf("Len = %d, want 0", s.Len())
	}
}

// A refused expression is recorded clipped to 120 code points, an ellipsis marking the
// cut.
func TestDroppedExpressionsAreClipped(t *testing.T) {
	exact := "__" + repeat("é", 118)
	long := "__" + repeat("é", 119)
	s := Build([]Candidate{cand("a", exact, false), cand("b", long, false)}, nil)
	want := []string{`contains "__": ` + exact, `contains "__": ` + "__" + repeat("é", 118) + "…"}
	if diff := cmp.Diff(want, s.Dropped); diff != "" {
		t.Errorf("Dropped (-want +got):\n%s", diff)
	}
}

// The length filter counts code points, not bytes: 400 multi-byte characters pass it.
func TestTheLengthFilterCountsCodePoints(t *testing.T) {
	at := `work.contains("` + repeat("é", 400-len(`work.contains("")`)) + `")`
	over := `work.contains("` + repeat("é", 401-len(`work.contains("")`)) + `")`
	if _, why := admit(at); why == "over 400 characters" {
		t.Errorf("a check of exactly %d code points was refused as too long", ledger.MaxCheckLen)
	}
	if _, why := admit(over); why != "over 400 characters" {
		t.Errorf("a check of %d code points: %q, want over 400 characters", ledger.MaxCheckLen+1, why)
	}
}

// Missed counts a criterion once however many of its checks failed, keeps the order of
// the results, and passes over criteria all of whose checks passed.
func TestMissedCountsCriteriaNotChecks(t *testing.T) {
	results := []ledger.Check{
		{Criterion: "linked", Mandatory: true, Passed: false},
		{Criterion: "short", Passed: false},
		{Criterion: "linked", Mandatory: true, Passed: false},
		{Criterion: "titled", Mandatory: true, Passed: true},
		{Criterion: "short", Passed: false},
		{Criterion: "friendly", Passed: true},
		{Criterion: "stepped", Mandatory: true, Passed: false, Error: "evaluation failed: integer overflow"},
	}
	m, p := Missed(results)
	if diff := cmp.Diff([]string{"linked", "stepped"}, m); diff != "" {
		t.Errorf("mandatory (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"short"}, p); diff != "" {
		t.Errorf("preferred (-want +got):\n%s", diff)
	}
	if m, p := Missed(nil); m != nil || p != nil {
		t.Errorf("Missed(nil) = %v, %v", m, p)
	}
}

// One Set evaluated from many goroutines at once gives every one the same outcomes.
func TestASetIsSafeForConcurrentUse(t *testing.T) {
	plan := Compile(benchRubric)
	s := Build(plan.Compiled, plan.Pending)
	f := factsOf("# Export\nSee https://api.example for the cursor and bearer token.\n1. go\n```\nx\n```")
	want := s.Eval(&f)
	var wg sync.WaitGroup
	got := make([][]ledger.Check, 8)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g := factsOf("# Export\nSee https://api.example for the cursor and bearer token.\n1. go\n```\nx\n```")
			got[i] = s.Eval(&g)
		}()
	}
	wg.Wait()
	for i := range got {
		if diff := cmp.Diff(want, got[i]); diff != "" {
			t.Fatalf("goroutine %d (-want +got):\n%s", i, diff)
		}
	}
}
