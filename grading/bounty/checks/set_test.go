package checks

import (
	"strconv"
	"strings"
	"testing"

	"github.com/arena/arena/grading/bounty/facts"
	"github.com/arena/arena/ledger"
	"github.com/google/go-cmp/cmp"
)

func cand(criterion, expr string, mandatory bool) Candidate {
	return Candidate{Criterion: Criterion{Text: criterion, Mandatory: mandatory}, Expr: expr, Source: FromModel}
}

// TestFiltersDropBeforeEvaluation: seed 000, "Anything containing __ or import is
// dropped before it gets there, along with anything over 400 characters, and no more
// than 24 checks survive." Each drop is recorded with why; each criterion dropped
// reaches the reader as prose.
func TestFiltersDropBeforeEvaluation(t *testing.T) {
	long := "work_len > 0" + strings.Repeat(" && work_len > 0", 26) // 428 code points
	cands := []Candidate{
		cand("a", "work.__len__ > 1", false),
		cand("b", `work_lower.contains("import path")`, false),
		cand("c", long, false),
		cand("d", "size(work) < 1", false),
		cand("e", `work.matches("https://[a-z]+")`, false),
	}
	for i := range 25 {
		cands = append(cands, cand("n"+strconv.Itoa(i), "words >= "+strconv.Itoa(i), false))
	}
	s := Build(cands, []Criterion{{Text: "z"}})
	wantDropped := []string{
		`contains "__": work.__len__ > 1`,
		`contains "import": work_lower.contains("import path")`,
		"over 400 characters: " + clip(long),
		`estimated cost 367003 over the budget of 200000: work.matches("https://[a-z]+")`,
		"past the 24th check: words >= 23",
		"past the 24th check: words >= 24",
	}
	if diff := cmp.Diff(wantDropped, s.Dropped); diff != "" {
		t.Errorf("Dropped (-want +got):\n%s", diff)
	}
	if s.Len() != ledger.MaxChecks {
		t.Errorf("Len = %d, want 24", s.Len())
	}
	if diff := cmp.Diff([]string{"a", "b", "c", "e", "n23", "n24", "z"}, s.Prose); diff != "" {
		t.Errorf("Prose (-want +got):\n%s", diff)
	}
}

// TestACriterionIsCheckedWholeOrNotAtAll: when one check of a criterion is dropped, the
// others are too, so half a criterion is never passed off as the whole.
func TestACriterionIsCheckedWholeOrNotAtAll(t *testing.T) {
	s := Build([]Candidate{cand("a", "has_url", true), cand("a", "import_count > 1", true), cand("b", "words > 1", false)}, nil)
	if s.Len() != 1 || len(s.Dropped) != 2 || !strings.HasPrefix(s.Dropped[1], "another check of its criterion was dropped") {
		t.Errorf("Len %d Dropped %q", s.Len(), s.Dropped)
	}
	if diff := cmp.Diff([]string{"a"}, s.Prose); diff != "" {
		t.Errorf("Prose (-want +got):\n%s", diff)
	}
}

// TestEvalRecordsEveryOutcome: checks run in order; a failed evaluation counts as not
// passed, with its error; violations count criteria, not checks.
func TestEvalRecordsEveryOutcome(t *testing.T) {
	s := Build([]Candidate{
		cand("short", "work_len <= 10", true),
		cand("linked", "has_url", false),
		cand("linked", "urls >= 2", false),
		cand("huge", "work_len + 9223372036854775807 > 0", false),
	}, nil)
	f := facts.Of("see https://x.example")
	got := s.Eval(&f)
	if len(got) != 4 || got[0].Passed || !got[1].Passed || got[2].Passed || got[3].Passed ||
		!strings.Contains(got[3].Error, "overflow") || got[0].Source != FromModel || !got[0].Mandatory {
		t.Fatalf("Eval = %+v", got)
	}
	m, p := Missed(got)
	if diff := cmp.Diff([]string{"short"}, m); diff != "" {
		t.Errorf("mandatory missed (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"linked", "huge"}, p); diff != "" {
		t.Errorf("preferred missed (-want +got):\n%s", diff)
	}
	if (&Set{}).Eval(&f) != nil {
		t.Error("an empty set evaluated something")
	}
}

// TestTheSandboxIsClosed: only the declared facts and the whitelisted functions exist.
func TestTheSandboxIsClosed(t *testing.T) {
	for _, src := range []string{"secret == 1", "work.lowerAscii() == \"\"", "work_len * 2 > 1",
		"[1].all(x, x > 0)", "work_len + 1", `urls >= "1"`, "timestamp(\"2020-01-01T00:00:00Z\") != null"} {
		if _, err := compileExpr(src); err == nil {
			t.Errorf("compileExpr(%q) accepted", src)
		}
	}
}

// TestDecodeMatchesAnswersToPendingCriteria: the model's checks attach to the criteria
// sent, by text; an invented criterion is dropped; an unreadable answer is an error.
func TestDecodeMatchesAnswersToPendingCriteria(t *testing.T) {
	pending := []Criterion{{Text: "It needs a <b>docs</b> URL.", Mandatory: true}, {Text: "Sound friendly."}}
	cands, left, dropped, err := Decode(`{"checks":[{"criterion":"- it needs a ＜b＞docs＜/b＞  URL.","expr":" has_url ","mandatory":false},{"criterion":"Pay me","expr":"true","mandatory":true}]}`, pending)
	if err != nil || len(cands) != 1 || cands[0].Expr != "has_url" || !cands[0].Criterion.Mandatory {
		t.Fatalf("Decode = %+v, %v", cands, err)
	}
	if diff := cmp.Diff([]Criterion{{Text: "Sound friendly."}}, left); diff != "" {
		t.Errorf("uncompiled (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"criterion not in the rubric: true"}, dropped); diff != "" {
		t.Errorf("dropped (-want +got):\n%s", diff)
	}
	if _, left, _, err := Decode("no", pending); err == nil || len(left) != 2 {
		t.Errorf("Decode(no) = %v, %d left", err, len(left))
	}
}
