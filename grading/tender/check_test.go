package tender

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/ledger/tender"
)

// TestScorabilityVerdictsAreReadByTheirTokens: FACTS §2.4, "Verdict tokens
// true/yes/scorable/y and false/no/not_scorable/n", compared exactly. Each token, in
// any case, is the verdict it names; a JSON boolean is itself; anything else is an
// [LLM_ERROR].
func TestScorabilityVerdictsAreReadByTheirTokens(t *testing.T) {
	tests := []struct {
		scorable string
		want     bool
		err      string
	}{
		{`true`, true, ""}, {`"true"`, true, ""}, {`"yes"`, true, ""}, {`"scorable"`, true, ""}, {`"y"`, true, ""},
		{`" Yes "`, true, ""}, {`"SCORABLE"`, true, ""},
		{`false`, false, ""}, {`"false"`, false, ""}, {`"no"`, false, ""}, {`"not_scorable"`, false, ""}, {`"n"`, false, ""},
		{`"Not scorable"`, false, ""}, {`"not-scorable"`, false, ""},
		{`"maybe"`, false, "[LLM_ERROR] response held no scorability verdict"},
		{`1`, false, "[LLM_ERROR] response held no scorability verdict"},
		{`null`, false, "[LLM_ERROR] response held no scorability verdict"},
	}
	for _, tc := range tests {
		flagged := `[]`
		if !tc.want {
			flagged = `[{"i":1,"reason":"needs a site visit"}]`
		}
		res := (&Checker{Model: &instant{text: `{"scorable":` + tc.scorable + `,"flagged":` + flagged + `}`}}).Run(context.Background(), checking(criteria...))
		if res.Error != tc.err || (tc.err == "" && res.Scorable != tc.want) {
			t.Errorf("scorable %s: got %v, %q; want %v, %q", tc.scorable, res.Scorable, res.Error, tc.want, tc.err)
		}
	}
	res := (&Checker{Model: &instant{text: `{"flagged":[]}`}}).Run(context.Background(), checking(criteria...))
	if res.Error != "[LLM_ERROR] response held no scorability verdict" {
		t.Errorf("an answer without a verdict: %+v", res)
	}
}

// TestFlaggedCriteriaComeOutSortedAndDistinct: the ledger compares Scorable and
// Flagged exactly, and accepts "distinct criteria in ascending order, each with a
// reason, and none when scorable". However the model lists them, the verdict is in that
// form, or an [LLM_ERROR] when a flagged criterion is out of range or has no reason.
func TestFlaggedCriteriaComeOutSortedAndDistinct(t *testing.T) {
	tests := []struct {
		name, answer string
		want         tender.CheckResult
	}{
		{"sorted, a repeat keeping its first reason",
			`Verdict: {"scorable": "no", "flagged": [{"i": 2, "reason": "price lists are outside the text"}, {"index": 0, "why": "  needs a\nreference check "}, {"i": 2, "reason": "again"}]}`,
			tender.CheckResult{Flagged: []int{0, 2}, Reasons: []string{"needs a reference check", "price lists are outside the text"}}},
		{"scorable flags none, whatever the list held",
			`{"scorable": true, "flagged": [{"i": 1, "reason": "vague"}]}`,
			tender.CheckResult{Scorable: true, Flagged: []int{}, Reasons: []string{}}},
		{"scorable with no list", `{"scorable": "yes"}`, tender.CheckResult{Scorable: true, Flagged: []int{}, Reasons: []string{}}},
		{"not scorable with none flagged", `{"scorable": false, "flagged": []}`, tender.CheckResult{Flagged: []int{}, Reasons: []string{}}},
		{"out of range", `{"scorable": false, "flagged": [{"i": 3, "reason": "vague"}]}`,
			tender.CheckResult{Flagged: []int{}, Reasons: []string{}, Error: "[LLM_ERROR] a row named no criterion in range"}},
		{"no reason", `{"scorable": false, "flagged": [{"i": 1}]}`,
			tender.CheckResult{Flagged: []int{}, Reasons: []string{}, Error: "[LLM_ERROR] reason was missing or under 3 characters"}},
		{"a bare index", `{"scorable": false, "flagged": [1]}`,
			tender.CheckResult{Flagged: []int{}, Reasons: []string{}, Error: "[LLM_ERROR] a row named no criterion in range"}},
		{"flagged not a list", `{"scorable": false, "flagged": "1"}`,
			tender.CheckResult{Flagged: []int{}, Reasons: []string{}, Error: "[LLM_ERROR] response held no scorability verdict"}},
		{"no object", `Yes, all of them can be scored.`,
			tender.CheckResult{Flagged: []int{}, Reasons: []string{}, Error: "[LLM_ERROR] response held no JSON object"}},
	}
	for _, tc := range tests {
		res := (&Checker{Model: &instant{text: tc.answer}}).Run(context.Background(), checking(criteria...))
		if len(res.Calls) != 1 || res.Calls[0].Response != tc.answer {
			t.Errorf("%s: calls %+v, want the one made", tc.name, res.Calls)
		}
		res.Calls = nil
		if diff := cmp.Diff(tc.want, res); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestTheCheckReachesTheModelFenced: through a model server speaking the OpenAI wire
// format, the criteria arrive fenced under the schema arena_check, and the verdict is
// the model's.
func TestTheCheckReachesTheModelFenced(t *testing.T) {
	srv := newModelServer(t, `{"scorable": false, "flagged": [{"i": 0, "reason": "quality of <b> tags is taste"}]}`)
	res := (&Checker{Model: srv.model()}).Run(context.Background(), checking("Uses <b>tasteful</b> markup.", criteria[1]))
	if res.Error != "" || res.Scorable || !cmp.Equal(res.Flagged, []int{0}) || res.Reasons[0] != "quality of <b> tags is taste" {
		t.Fatalf("verdict %+v", res)
	}
	sent := srv.last()
	if listed, ok := between(sent.User, "criteria"); !ok || listed != "[0] Uses (b)tasteful(/b) markup.\n[1] "+criteria[1] || sent.SchemaName != "arena_check" {
		t.Errorf("sent criteria %q (once: %v) under %q", listed, ok, sent.SchemaName)
	}
}
