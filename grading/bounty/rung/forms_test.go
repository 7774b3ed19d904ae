package rung

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCommonAnswerFormsAreReadings: issue, "common answer forms are refused today as
// [LLM_ERROR]: "four", "Rung 4", "Tier: 4", name: value lines, and a JSON object inside
// a ```json fence". Each, written for one strong reading, is rung 4, with its reason.
func TestCommonAnswerFormsAreReadings(t *testing.T) {
	const why = "usable as it stands"
	tests := []struct {
		in   string
		want Reading
	}{
		{"four", Reading{Rung: 4, Scale: FivePoint, Raw: "four"}},
		{"Four.", Reading{Rung: 4, Scale: FivePoint, Raw: "Four."}},
		{"Rung 4", Reading{Rung: 4, Scale: FivePoint, Raw: "4"}},
		{"Tier: 4", Reading{Rung: 4, Scale: FivePoint, Raw: "4"}},
		{"Level four", Reading{Rung: 4, Scale: FivePoint, Raw: "four"}},
		{"**Rung:** 4/5", Reading{Rung: 4, Scale: FivePoint, Raw: "4/5"}},
		{"rung: 4\nrationale: " + why, Reading{Rung: 4, Scale: FivePoint, Raw: "4", Reason: why}},
		{"Tier: strong\nReason: " + why, Reading{Rung: 4, Scale: Label, Raw: "strong", Reason: why}},
		{"- score = 80/100\n- justification: " + why, Reading{Rung: 4, Scale: Hundred, Raw: "80/100", Reason: why}},
		{"```json\n{\"rung\": 4, \"reason\": \"" + why + "\"}\n```", Reading{Rung: 4, Scale: FivePoint, Raw: "4", Reason: why}},
		{"My reading:\n```json\n{\"merit\": \"four\"}\n```", Reading{Rung: 4, Scale: FivePoint, Raw: "four"}},
	}
	for _, tc := range tests {
		got, err := Parse(tc.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.in, err)
			continue
		}
		if d := cmp.Diff(tc.want, got); d != "" {
			t.Errorf("Parse(%q) (-want +got):\n%s", tc.in, d)
		}
	}
}

// TestLinesChooseAsTheObjectDoes: a reading written as lines picks its rung by the same
// order of names as the same reading written as a JSON object, and an unreadable value
// gives way to the next name in both.
func TestLinesChooseAsTheObjectDoes(t *testing.T) {
	for lines, object := range map[string]string{
		"score: 80\nrung: 3":            `{"score": 80, "rung": 3}`,
		"rung: n/a\nscore: weak":        `{"rung": "n/a", "score": "weak"}`,
		"level: 1\ntier: 3":             `{"level": 1, "tier": 3}`,
		"value: 5\nreason: x\ngrade: 2": `{"value": 5, "reason": "x", "grade": 2}`,
	} {
		a, err1 := Parse(lines)
		b, err2 := Parse(object)
		if err1 != nil || err2 != nil || a.Rung != b.Rung || a.Reason != b.Reason {
			t.Errorf("Parse(%q) = %+v, %v; Parse(%q) = %+v, %v", lines, a, err1, object, b, err2)
		}
	}
}

// TestProseIsNoReading: issue, "what is truly not a reading must say so". An answer in
// which no accepted form gives a rung is ErrNoRung, "no merit rung in the response",
// even when a sentence in it mentions one: a line is read whole or not at all.
func TestProseIsNoReading(t *testing.T) {
	for _, in := range []string{
		"I would place this on rung four.",
		"I think it is good",
		"Rung 4 would need a link to the docs.\nI cannot place it.",
		"The ladder's rung: 4 is for work usable as it stands.",
		"I'm sorry, but I can't help with grading this entry.",
		"```\nno rung here\n```",
		`{"verdict": "great"}`,
		"rationale: usable as it stands",
	} {
		r, err := Parse(in)
		if !errors.Is(err, ErrNoRung) || err.Error() != "no merit rung in the response" {
			t.Errorf("Parse(%q) = %+v, %v; want %q", in, r, err, ErrNoRung)
		}
	}
}

// TestNumberWordsAreWholeWords: zero to five are read as words only where they stand
// alone, so "fourteen" and "someone" are never numbers.
func TestNumberWordsAreWholeWords(t *testing.T) {
	for in, want := range map[string]string{
		"four out of five": "4 out of 5",
		"fourteen":         "fourteen",
		"someone":          "someone",
		"one-two/three":    "1-2/3",
		"fivé":             "fivé",
		"":                 "",
	} {
		if got := spell(in); got != want {
			t.Errorf("spell(%q) = %q, want %q", in, got, want)
		}
	}
}
