package tender

import (
	"testing"
	"unicode/utf8"

	"github.com/arena/arena/ledger/tender"
)

// FuzzShapeScores: whatever a model answers, reading it never panics, and a scorecard
// it accepts is one the ledger accepts: one row per criterion, in order, each score in
// 0..5 and each reason 3 to 120 characters.
func FuzzShapeScores(f *testing.F) {
	for _, s := range []string{
		`{"scores":[{"i":0,"score":"3/5","reason":"abc"},{"i":1,"score":2.5,"reason":"two sites"}]}`,
		"```json\n{\"results\":[{\"index\":\"1\",\"value\":3.5,\"why\":\"x y z\"},{\"n\":0,\"points\":true,\"reason\":\"abc\"}]}\n```",
		`{"scores":[{"i":1e0,"score":"NaN","reason":"abc"}]}`, `}{`, `{"scores":null}`, `{"items":[{"i":-0,"score":-0.4,"reason":"   "}]}`,
	} {
		f.Add(s, 2)
	}
	f.Fuzz(func(t *testing.T, text string, count int) {
		count = 1 + (count%tender.CriteriaMax+tender.CriteriaMax)%tender.CriteriaMax
		scores, err := shapeScores(text, count)
		if err != nil {
			return
		}
		if len(scores) != count {
			t.Fatalf("%d rows for %d criteria", len(scores), count)
		}
		for i, s := range scores {
			n := utf8.RuneCountInString(s.Reason)
			if s.Criterion != i || s.Score < 0 || s.Score > tender.ScoreMax || n < tender.MinReasonLen || n > tender.MaxReasonLen {
				t.Fatalf("row %d: %+v", i, s)
			}
		}
	})
}

// FuzzShapeVerdict: reading a scorability answer never panics, and a verdict it
// accepts flags distinct criteria in range in ascending order, each with a reason, and
// none when scorable.
func FuzzShapeVerdict(f *testing.F) {
	for _, s := range []string{
		`{"scorable":"no","flagged":[{"i":2,"reason":"abc"},{"index":0,"why":"def"},{"i":2,"reason":"ghi"}]}`,
		`{"scorable":true,"flagged":[{"i":9}]}`, `{"scorable":"Not scorable","flagged":null}`, `{"scorable":1}`,
	} {
		f.Add(s, 3)
	}
	f.Fuzz(func(t *testing.T, text string, count int) {
		count = 1 + (count%tender.CriteriaMax+tender.CriteriaMax)%tender.CriteriaMax
		v, err := shapeVerdict(text, count)
		if err != nil {
			return
		}
		if len(v.flagged) != len(v.reasons) || (v.scorable && len(v.flagged) != 0) {
			t.Fatalf("verdict %+v", v)
		}
		for k, i := range v.flagged {
			if i < 0 || i >= count || (k > 0 && i <= v.flagged[k-1]) || utf8.RuneCountInString(v.reasons[k]) < tender.MinReasonLen {
				t.Fatalf("verdict %+v", v)
			}
		}
	})
}
