package checks

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Each function the sandbox offers works on the facts as CEL defines it.
func TestEveryOfferedFunctionWorks(t *testing.T) {
	f := factsOf("# Guide\nSee https://a.example for the API.\n1. go")
	for _, tc := range []struct {
		expr string
		want bool
	}{
		{"has_url && urls == 1", true},
		{"has_url || false", true},
		{"!has_url", false},
		{"words != 0", true},
		{"headings < 2 && steps <= 1 && lines > 2 && digits >= 1", true},
		{"words + 1 > words - 1", true},
		{"urls == 1 ? true : false", true},
		{`"API" in ["API", "SDK"]`, true},
		{"size(work) == work_len", true},
		{`work.contains("the API")`, true},
		{`work.startsWith("# Guide")`, true},
		{`work.endsWith("go")`, true},
		{`work.matches("https://[a-z.]+")`, false},
		{`work_lower.contains("guide")`, true},
		{`title == "" && spec == ""`, true},
		{"code_blocks == 0 && sentences >= 1", true},
	} {
		s := Build([]Candidate{{Criterion: Criterion{Text: tc.expr}, Expr: tc.expr, Source: FromModel}}, nil)
		if s.Len() != 1 {
			// matches over the largest work costs more than the budget: its refusal is
			// pinned in TestTheSandboxRefusesByName.
			if tc.expr == `work.matches("https://[a-z.]+")` && len(s.Dropped) == 1 && strings.HasPrefix(s.Dropped[0], "estimated cost") {
				continue
			}
			t.Fatalf("%s dropped: %v", tc.expr, s.Dropped)
		}
		if got := s.Eval(&f)[0]; got.Passed != tc.want || got.Error != "" {
			t.Errorf("%s = %t (error %q), want %t", tc.expr, got.Passed, got.Error, tc.want)
		}
	}
}

// What the sandbox refuses is refused before any work is read, with the reason
// recorded word for word.
func TestTheSandboxRefusesByName(t *testing.T) {
	for _, tc := range []struct{ expr, why string }{
		{"secret == 1", "rejected by the type checker: 1:1: undeclared reference to 'secret'"},
		{"work_len * 2 > 1", "rejected by the type checker: 1:10: undeclared reference to '_*_' (did you mean '_+_' or '_-_'?)"},
		{"work_len / 2 > 1", "rejected by the type checker: 1:10: undeclared reference to '_/_' (did you mean '_+_' or '_-_'?)"},
		{`work.lowerAscii() == ""`, "rejected by the type checker: 1:16: undeclared reference to 'lowerAscii'"},
		{"[1].all(x, x > 0)", "rejected by the type checker: 1:8: undeclared reference to 'all'"},
		{"work_len + 1", "not a bool but int"},
		{"work", "not a bool but string"},
		{`urls >= "1"`, "rejected by the type checker: 1:6: found no matching overload for '_>=_' applied to '(int, string)'"},
		{`work.matches("https://[a-z]+")`, "estimated cost 367003 over the budget of 200000"},
		{"has_url &&", "rejected by the type checker: 1:11: Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}"},
	} {
		s := Build([]Candidate{{Criterion: Criterion{Text: "c"}, Expr: tc.expr, Source: FromModel}}, nil)
		want := []string{tc.why + ": " + tc.expr}
		if diff := cmp.Diff(want, s.Dropped); diff != "" || s.Len() != 0 {
			t.Errorf("Build(%s) kept %d (-want +got):\n%s", tc.expr, s.Len(), diff)
		}
		if diff := cmp.Diff([]string{"c"}, s.Prose); diff != "" {
			t.Errorf("Build(%s): the criterion must go to the reader (-want +got):\n%s", tc.expr, diff)
		}
	}
}

// The checker's verdict on an expression is cached: asking again gives the same program
// or the same refusal.
func TestCompiledProgramsAreCachedByText(t *testing.T) {
	p1, err1 := compileExpr("words > 7")
	p2, err2 := compileExpr("words > 7")
	if err1 != nil || err2 != nil || p1 != p2 {
		t.Errorf("compileExpr twice: %p %v, %p %v; want one program", p1, err1, p2, err2)
	}
	_, e1 := compileExpr("words * 7 > 1")
	_, e2 := compileExpr("words * 7 > 1")
	if e1 == nil || e2 == nil || e1.Error() != e2.Error() {
		t.Errorf("compileExpr refused twice: %v, %v; want one refusal", e1, e2)
	}
}

// A check whose evaluation fails counts as not passed, with the first line of the
// failure; integer overflow is one such failure, the same on every validator.
func TestAFailedEvaluationIsNotAPass(t *testing.T) {
	s := Build([]Candidate{
		{Criterion: Criterion{Text: "big", Mandatory: true}, Expr: "words + 9223372036854775807 > 0", Source: FromModel},
		{Criterion: Criterion{Text: "small"}, Expr: "words - 9223372036854775807 - 9 < 0", Source: FromModel},
	}, nil)
	f := factsOf("two words")
	got := s.Eval(&f)
	for i, want := range []string{"evaluation failed: integer overflow", "evaluation failed: integer overflow"} {
		if got[i].Passed || got[i].Error != want {
			t.Errorf("check %d: passed %t, error %q; want not passed, %q", i, got[i].Passed, got[i].Error, want)
		}
	}
	m, p := Missed(got)
	if !cmp.Equal(m, []string{"big"}) || !cmp.Equal(p, []string{"small"}) {
		t.Errorf("Missed = %v, %v; want [big] [small]", m, p)
	}
}

// The work's facts are the only names a check sees: every declared fact resolves, with
// the declared type, on an empty work as on any other.
func TestEveryFactIsDeclaredWithItsType(t *testing.T) {
	for _, expr := range []string{
		`work == ""`, `work_lower == ""`, "work_len == 0", "urls == 0", "!has_url", "code_blocks == 0",
		"words == 0", "lines == 0", "sentences == 0", "digits == 0", "headings == 0", "steps == 0",
		`title == ""`, `spec == ""`,
	} {
		s := Build([]Candidate{{Criterion: Criterion{Text: expr}, Expr: expr, Source: FromModel}}, nil)
		if s.Len() != 1 {
			t.Fatalf("%s dropped: %v", expr, s.Dropped)
		}
		f := factsOf("")
		if got := s.Eval(&f)[0]; !got.Passed {
			t.Errorf("%s on an empty work: %+v", expr, got)
		}
	}
}
