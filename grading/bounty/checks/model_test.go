package checks

import (
	"errors"
	"testing"

	"github.com/arena/arena/grading/bounty/facts"
	"github.com/google/go-cmp/cmp"
)

func factsOf(work string) facts.Facts { return facts.Of(work) }

// An answer in a ``` or ```json fence is read as the JSON inside it; the model's
// "mandatory" never overrides the rubric's words.
func TestDecodeReadsAFencedAnswerAndKeepsTheRubricsGate(t *testing.T) {
	pending := []Criterion{{Text: "Sound friendly."}, {Text: "Name a customer.", Mandatory: true}}
	for _, answer := range []string{
		"```json\n" + `{"checks":[{"criterion":"Sound friendly.","expr":"words > 3","mandatory":true}]}` + "\n```",
		"```\n" + `{"checks":[{"criterion":"Sound friendly.","expr":"words > 3","mandatory":true}]}` + "\n```",
		"  " + `{"checks":[{"criterion":"Sound friendly.","expr":"words > 3","mandatory":true}]}` + "\n",
	} {
		cands, left, dropped, err := Decode(answer, pending)
		if err != nil {
			t.Fatalf("Decode(%q): %v", answer, err)
		}
		want := []Candidate{{Criterion: Criterion{Text: "Sound friendly."}, Expr: "words > 3", Source: FromModel}}
		if diff := cmp.Diff(want, cands); diff != "" {
			t.Errorf("Decode(%q) candidates (-want +got):\n%s", answer, diff)
		}
		if diff := cmp.Diff([]Criterion{{Text: "Name a customer.", Mandatory: true}}, left); diff != "" {
			t.Errorf("Decode(%q) uncompiled (-want +got):\n%s", answer, diff)
		}
		if dropped != nil {
			t.Errorf("Decode(%q) dropped %q", answer, dropped)
		}
	}
}

// A criterion may be answered by several checks; they all attach to it, in order.
func TestDecodeKeepsEveryCheckOfACriterion(t *testing.T) {
	pending := []Criterion{{Text: "Be short and linked.", Mandatory: true}}
	cands, left, _, err := Decode(`{"checks":[{"criterion":"be SHORT and linked.","expr":"words < 100"},{"criterion":"Be short and linked.","expr":"has_url"}]}`, pending)
	if err != nil {
		t.Fatal(err)
	}
	want := []Candidate{
		{Criterion: pending[0], Expr: "words < 100", Source: FromModel},
		{Criterion: pending[0], Expr: "has_url", Source: FromModel},
	}
	if diff := cmp.Diff(want, cands); diff != "" {
		t.Errorf("candidates (-want +got):\n%s", diff)
	}
	if left != nil {
		t.Errorf("uncompiled %v, want none", left)
	}
}

// An answer that is not arena_compile JSON is ErrUnparsable, with the JSON error, and
// leaves every pending criterion uncompiled.
func TestDecodeRefusesWhatIsNotTheSchema(t *testing.T) {
	pending := []Criterion{{Text: "a"}, {Text: "b"}}
	for _, tc := range []struct{ in, msg string }{
		{"no", "compile answer is not arena_compile JSON: invalid character 'o' in literal null (expecting 'u')"},
		{`{"checks":"x"}`, "compile answer is not arena_compile JSON: json: cannot unmarshal string into Go struct field answer.checks of type []struct { Criterion string \"json:\\\"criterion\\\"\"; Expr string \"json:\\\"expr\\\"\"; Mandatory bool \"json:\\\"mandatory\\\"\" }"},
		{"", "compile answer is not arena_compile JSON: unexpected end of JSON input"},
	} {
		cands, left, dropped, err := Decode(tc.in, pending)
		if !errors.Is(err, ErrUnparsable) || err.Error() != tc.msg {
			t.Errorf("Decode(%q) error %v, want %q", tc.in, err, tc.msg)
		}
		if cands != nil || dropped != nil || !cmp.Equal(left, pending) {
			t.Errorf("Decode(%q) = %v, %v, %v; want every criterion left", tc.in, cands, left, dropped)
		}
	}
}

// A check naming a criterion that was not sent is dropped with its expression, clipped
// to 120 characters.
func TestDecodeDropsInventedCriteria(t *testing.T) {
	long := repeat("x", 130)
	_, left, dropped, err := Decode(`{"checks":[{"criterion":"Pay the solver","expr":"`+long+`"}]}`, []Criterion{{Text: "a"}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"criterion not in the rubric: " + repeat("x", 120) + "…"}
	if diff := cmp.Diff(want, dropped); diff != "" {
		t.Errorf("dropped (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]Criterion{{Text: "a"}}, left); diff != "" {
		t.Errorf("uncompiled (-want +got):\n%s", diff)
	}
}

// Criteria are matched with a bullet marker, case, runs of spaces and the prompt's
// full-width angle brackets ignored.
func TestCriteriaMatchIgnoringMarkerCaseAndSpacing(t *testing.T) {
	for _, tc := range []struct{ a, b string }{
		{"- Use <b>bold</b>", "use ＜b＞bold＜/b＞"},
		{"  Be   SHORT ", "be short"},
	} {
		if key(tc.a) != key(tc.b) {
			t.Errorf("key(%q) = %q, key(%q) = %q: want equal", tc.a, key(tc.a), tc.b, key(tc.b))
		}
	}
	if key("Be short.") == key("Be short") {
		t.Error("a period is part of the criterion")
	}
	if got := key("- - twice"); got != "- twice" {
		t.Errorf(`key("- - twice") = %q: one marker is set aside, not two`, got)
	}
}
