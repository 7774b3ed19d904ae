package rung

import (
	"errors"
	"slices"
	"testing"
)

// seedFields are the seven names seed 000 says a model reaches for; fields adds level.
var seedFields = []string{"merit", "tier", "rung", "grade", "score", "rating", "value"}

// namedWordings are a strong reading written as a name before a value, as a model
// writes it inside a string.
var namedWordings = []string{"Rung 4", "tier four", "Level 4 (strong)", "Rung: 4/5", "**Tier:** 4", "score = 80/100", "Level four (Strong.)"}

// TestRungNamedInsideAStringIsRead: a rung named inside a string value under any field
// name, {"grade": "Rung 4"}, is read by the rule the same words follow as a plain-text
// answer, under every name the seed lists and under level.
func TestRungNamedInsideAStringIsRead(t *testing.T) {
	for _, s := range seedFields {
		if !slices.Contains(fields, s) {
			t.Errorf("the seed's field %q is not a field", s)
		}
	}
	for _, f := range fields {
		for _, w := range namedWordings {
			plain, err := Parse(w)
			if err != nil || plain.Rung != 4 {
				t.Fatalf("Parse(%q) = %+v, %v; want rung 4", w, plain, err)
			}
			in := `{"` + f + `": "` + w + `", "reason": "usable as it stands"}`
			got, err := Parse(in)
			if err != nil || got.Rung != 4 || got.Scale != plain.Scale || got.Raw != plain.Raw || got.Reason != "usable as it stands" {
				t.Errorf("Parse(%s) = %+v, %v; want rung 4 as %+v with its reason", in, got, err, plain)
			}
		}
	}
}

// TestNamedStringKeepsThePrecedence: a string that names no readable rung gives way to
// the next field, as an unreadable line does, and a readable one takes its field's place.
func TestNamedStringKeepsThePrecedence(t *testing.T) {
	for in, want := range map[string]Rung{
		`{"rung": "n/a", "grade": "Rung 3"}`:         3,
		`{"score": "Rung 1", "tier": "Level 3"}`:     3,
		`{"rung": "Rung 4 is too high", "value": 2}`: 2,
		`{"merit": "Score: 60/100 (adequate)"}`:      3,
	} {
		if got, err := Parse(in); err != nil || got.Rung != want {
			t.Errorf("Parse(%s) = %+v, %v; want rung %d", in, got, err, want)
		}
	}
}

// TestGlossMustAgree: a parenthesised gloss is read only when it is a value of the same
// rung; one that contradicts the value, or is not a value, leaves no reading, as text,
// in a string under a field, and alone.
func TestGlossMustAgree(t *testing.T) {
	for in, want := range map[string]Rung{
		"4 (strong)":                4,
		"80/100 (four)":             4,
		"Strong (4/5)":              4,
		"Level 2 (weak).":           2,
		"Rung: 0 (fails the brief)": 0,
	} {
		if got, err := Parse(in); err != nil || got.Rung != want {
			t.Errorf("Parse(%q) = %+v, %v; want rung %d", in, got, err, want)
		}
	}
	for _, in := range []string{
		"4 (weak)",
		"Level 4 (weak)",
		`{"grade": "Level 4 (weak)"}`,
		`{"tier": "Rung 4 (very good)"}`,
		"4 ()",
		"(4)",
		"4 ((strong))",
		"4 (strong) (strong)",
		`{"grade": "I would place this on rung four."}`,
		`{"grade": "verdict: strong"}`,
		`{"grade": "reason: strong"}`,
		`{"grade": "Rung 4\nRung 3"}`,
	} {
		r, err := Parse(in)
		if !errors.Is(err, ErrNoRung) || err.Error() != "no merit rung in the response" {
			t.Errorf("Parse(%q) = %+v, %v; want %q", in, r, err, ErrNoRung)
		}
	}
}
