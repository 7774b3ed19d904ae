package tender

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/ledger/tender"
)

// TestScoresAreCoercedAsTheRulesSay: FACTS §2.4, "bool → LLM error. Otherwise strip; if
// "/" is present take the part before it; int(round(float(x))) (banker's rounding).
// Outside 0..5 → [LLM_ERROR] score was outside 0..5". Each form, alone as the first
// criterion's score, gives the score or the failure the rule names.
func TestScoresAreCoercedAsTheRulesSay(t *testing.T) {
	tests := []struct {
		score string // the JSON value of the first row's score
		want  int
		err   string
	}{
		{`"3"`, 3, ""},
		{`3`, 3, ""},
		{`"3/5"`, 3, ""},
		{`3.0`, 3, ""},
		{`" 4 / 5 "`, 4, ""},
		{`2.5`, 2, ""},
		{`3.5`, 4, ""},
		{`"0.5"`, 0, ""},
		{`4.49`, 4, ""},
		{`-0.4`, 0, ""},
		{`5`, 5, ""},
		{`6`, 0, "[LLM_ERROR] score was outside 0..5"},
		{`-1`, 0, "[LLM_ERROR] score was outside 0..5"},
		{`5.5`, 0, "[LLM_ERROR] score was outside 0..5"},
		{`"6/5"`, 0, "[LLM_ERROR] score was outside 0..5"},
		{`true`, 0, "[LLM_ERROR] score was not a number"},
		{`false`, 0, "[LLM_ERROR] score was not a number"},
		{`null`, 0, "[LLM_ERROR] score was not a number"},
		{`"four"`, 0, "[LLM_ERROR] score was not a number"},
		{`"NaN"`, 0, "[LLM_ERROR] score was not a number"},
		{`[3]`, 0, "[LLM_ERROR] score was not a number"},
	}
	for _, tc := range tests {
		answer := `{"scores":[{"i":0,"score":` + tc.score + `,"reason":"two sites named with links"},` +
			`{"i":1,"score":2,"reason":"milestones have dates"},{"i":2,"score":1,"reason":"a fixed price"}]}`
		card := (&Scorer{Model: &instant{text: answer}}).Run(context.Background(), scoring(proposal))
		if card.Error != tc.err {
			t.Errorf("score %s: error %q, want %q", tc.score, card.Error, tc.err)
			continue
		}
		if tc.err == "" && (len(card.Scores) != 3 || card.Scores[0].Score != tc.want) {
			t.Errorf("score %s: scores %+v, want %d first", tc.score, card.Scores, tc.want)
		}
		if tc.err != "" && len(card.Scores) != 0 {
			t.Errorf("score %s: a failed scorecard carries scores %+v", tc.score, card.Scores)
		}
	}
}

// TestAMissingScoreIsNotAZero: FACTS §2.4, "The length must equal count ... an int in
// range, no duplicate ... A missing criterion is an LLM error"; seed 001, "A missing
// criterion is an error rather than a silent zero". Every way an answer can fail to
// be one row per criterion is an [LLM_ERROR] that names it.
func TestAMissingScoreIsNotAZero(t *testing.T) {
	row := func(i, score string) string {
		return `{"i":` + i + `,"score":` + score + `,"reason":"quotes the plan"}`
	}
	tests := []struct {
		name, answer, err string
	}{
		{"a criterion missing", `{"scores":[` + row("0", "3") + `,` + row("1", "3") + `]}`,
			"[LLM_ERROR] scorecard did not have one row per criterion"},
		{"one row too many", `{"scores":[` + row("0", "3") + `,` + row("1", "3") + `,` + row("2", "3") + `,` + row("2", "3") + `]}`,
			"[LLM_ERROR] scorecard did not have one row per criterion"},
		{"no rows", `{"scores":[]}`, "[LLM_ERROR] scorecard did not have one row per criterion"},
		{"a criterion scored twice", `{"scores":[` + row("0", "3") + `,` + row("1", "3") + `,` + row("1", "2") + `]}`,
			"[LLM_ERROR] a criterion was scored twice"},
		{"an index out of range", `{"scores":[` + row("0", "3") + `,` + row("1", "3") + `,` + row("3", "3") + `]}`,
			"[LLM_ERROR] a row named no criterion in range"},
		{"a negative index", `{"scores":[` + row("-1", "3") + `,` + row("1", "3") + `,` + row("2", "3") + `]}`,
			"[LLM_ERROR] a row named no criterion in range"},
		{"a fractional index", `{"scores":[` + row("0.5", "3") + `,` + row("1", "3") + `,` + row("2", "3") + `]}`,
			"[LLM_ERROR] a row named no criterion in range"},
		{"a row without an index", `{"scores":[{"score":3,"reason":"quotes the plan"},` + row("1", "3") + `,` + row("2", "3") + `]}`,
			"[LLM_ERROR] a row named no criterion in range"},
		{"a row that is not an object", `{"scores":[3,` + row("1", "3") + `,` + row("2", "3") + `]}`,
			"[LLM_ERROR] a row named no criterion in range"},
		{"a row without a score", `{"scores":[{"i":0,"reason":"quotes the plan"},` + row("1", "3") + `,` + row("2", "3") + `]}`,
			"[LLM_ERROR] score was not a number"},
		{"a reason under 3 characters", `{"scores":[{"i":0,"score":3,"reason":"  ok \n"},` + row("1", "3") + `,` + row("2", "3") + `]}`,
			"[LLM_ERROR] reason was missing or under 3 characters"},
		{"no reason", `{"scores":[{"i":0,"score":3},` + row("1", "3") + `,` + row("2", "3") + `]}`,
			"[LLM_ERROR] reason was missing or under 3 characters"},
		{"no list", `{"verdict":"good"}`, "[LLM_ERROR] response held no list of scores"},
		{"a list that is not one", `{"scores":"3, 4, 5"}`, "[LLM_ERROR] response held no list of scores"},
		{"no object", `I would give it a 4 overall.`, "[LLM_ERROR] response held no JSON object"},
		{"two objects", `{"scores":[]} {"scores":[]}`, "[LLM_ERROR] response held no JSON object"},
		{"a broken object", `{"scores":[` + row("0", "3") + `,}`, "[LLM_ERROR] response held no JSON object"},
	}
	for _, tc := range tests {
		card := (&Scorer{Model: &instant{text: tc.answer}}).Run(context.Background(), scoring(proposal))
		if card.Error != tc.err || len(card.Scores) != 0 {
			t.Errorf("%s: error %q with scores %+v, want %q and none", tc.name, card.Error, card.Scores, tc.err)
		}
		if len(card.Calls) != 1 || card.Calls[0].Response != tc.answer {
			t.Errorf("%s: calls %+v, want the one made", tc.name, card.Calls)
		}
	}
}

// TestEveryKeyTheRulesNameIsRead: FACTS §2.4, "The list key is scores, else
// results|criteria|grades|items ... index key i, else index|criterion|id|n. Score key
// score, else value|rating|points. Reason key reason, else why|justification,
// whitespace-collapsed, cut to 120". The object may sit inside prose or a code fence,
// the rows in any order; the scorecard comes out sorted by criterion.
func TestEveryKeyTheRulesNameIsRead(t *testing.T) {
	long := strings.Repeat("milestone ", 20)
	answer := "Here is my scoring:\n```json\n" + `{"grades":[` +
		`{"n":2,"points":"4/5","justification":"Fixed price:\n   18,000."},` +
		`{"index":"0","rating":5.0,"why":"harbour.example and ferry.example"},` +
		`{"criterion":1,"value":"3","reason":"` + long + `"}]}` + "\n```\nThanks."
	card := (&Scorer{Model: &instant{text: answer}}).Run(context.Background(), scoring(proposal))
	want := []tender.CriterionScore{
		{Criterion: 0, Score: 5, Reason: "harbour.example and ferry.example"},
		{Criterion: 1, Score: 3, Reason: strings.TrimSpace(long[:tender.MaxReasonLen])},
		{Criterion: 2, Score: 4, Reason: "Fixed price: 18,000."},
	}
	if diff := cmp.Diff(want, card.Scores); diff != "" || card.Error != "" {
		t.Errorf("scorecard (-want +got):\n%s error %q", diff, card.Error)
	}
	for _, key := range []string{"results", "criteria", "items", "scores"} {
		answer := `{"` + key + `":[{"id":0,"score":1,"reason":"abc"},{"i":1,"score":1,"reason":"abc"},{"i":2,"score":1,"reason":"abc"}]}`
		if card := (&Scorer{Model: &instant{text: answer}}).Run(context.Background(), scoring(proposal)); card.Error != "" || len(card.Scores) != 3 {
			t.Errorf("list key %q: %+v", key, card)
		}
	}
}

// TestShapeFailuresWrapTheirCause: each failure the parser returns wraps the one
// grading error that classes it, so the message is grading's, not the parser's.
func TestShapeFailuresWrapTheirCause(t *testing.T) {
	_, err := shapeScores(`{"scores":[{"i":0,"score":9,"reason":"abc"}]}`, 1)
	if !errors.Is(err, ErrScoreRange) {
		t.Fatalf("shapeScores: %v, want it to wrap ErrScoreRange", err)
	}
	got, err := shapeScores(`{"scores":[{"i":0,"score":2,"reason":"abc"}]}`, 1)
	if b, _ := json.Marshal(got); err != nil || string(b) != `[{"i":0,"score":2,"reason":"abc"}]` {
		t.Fatalf("shapeScores = %s, %v", b, err)
	}
}
