package tender

import (
	"errors"
	"fmt"
	"testing"

	"github.com/arena/arena/ledger"
)

// TestEveryShapeFailureHasItsProtocolMessage: FACTS §2.4, "Outside 0..5 → [LLM_ERROR]
// score was outside 0..5", and every other way an answer is not a scorecard or a
// scorability verdict is an [LLM_ERROR] with one fixed message, found through any
// wrapping; anything else is [LLM_ERROR] response was not the verdict asked for.
func TestEveryShapeFailureHasItsProtocolMessage(t *testing.T) {
	tests := []struct {
		err  error
		want string
	}{
		{ErrNoObject, "[LLM_ERROR] response held no JSON object"},
		{ErrNoScores, "[LLM_ERROR] response held no list of scores"},
		{ErrScoreCount, "[LLM_ERROR] scorecard did not have one row per criterion"},
		{ErrCriterion, "[LLM_ERROR] a row named no criterion in range"},
		{ErrCriterionRepeat, "[LLM_ERROR] a criterion was scored twice"},
		{ErrScoreValue, "[LLM_ERROR] score was not a number"},
		{fmt.Errorf("row 2: score 6: %w", ErrScoreRange), "[LLM_ERROR] score was outside 0..5"},
		{ErrReason, "[LLM_ERROR] reason was missing or under 3 characters"},
		{ErrNoVerdict, "[LLM_ERROR] response held no scorability verdict"},
		{errors.New("something else"), "[LLM_ERROR] response was not the verdict asked for"},
	}
	for _, tc := range tests {
		got := classifyShape(tc.err)
		if got.Error() != tc.want || got.Class != ledger.LLMError || !errors.Is(got, tc.err) {
			t.Errorf("classifyShape(%v) = %q, want %q with the cause kept", tc.err, got, tc.want)
		}
	}
}
