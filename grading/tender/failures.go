package tender

import (
	"errors"

	"github.com/arena/arena/ledger"
)

// Ways a model's answer can fail to be the scorecard or the scorability verdict a
// tender's grader asked for. The parser wraps one of them, and classifyShape classes
// each [LLM_ERROR] with its message below.
var (
	// ErrNoObject: the answer holds no JSON object between its first '{' and last '}'.
	ErrNoObject = errors.New("no JSON object in the answer")
	// ErrNoScores: the object holds no list of scores under any key a scorecard uses.
	ErrNoScores = errors.New("no list of scores in the answer")
	// ErrScoreCount: the list does not hold exactly one row per criterion.
	ErrScoreCount = errors.New("not one row per criterion")
	// ErrCriterion: a row names no criterion, or one out of range.
	ErrCriterion = errors.New("a row names no criterion in range")
	// ErrCriterionRepeat: two rows name the same criterion.
	ErrCriterionRepeat = errors.New("a criterion is scored twice")
	// ErrScoreValue: a score is missing, a boolean, or not a number.
	ErrScoreValue = errors.New("a score is not a number")
	// ErrScoreRange: a score, rounded half to even, is outside 0..5.
	ErrScoreRange = errors.New("a score is outside 0..5")
	// ErrReason: a reason is missing, or under 3 characters once whitespace collapses.
	ErrReason = errors.New("a reason is missing or too short")
	// ErrNoVerdict: the object holds no scorable verdict in a form that can be read.
	ErrNoVerdict = errors.New("no scorability verdict in the answer")
)

// msgNoVerdict is the [LLM_ERROR] message of an answer that is not the verdict asked
// for in a way no entry of shapeFailures names.
const msgNoVerdict = "response was not the verdict asked for"

// shapeFailures gives each way an answer can fail to be a tender's scorecard or
// scorability verdict its [LLM_ERROR] message, in the order a parser meets them. The
// messages are written in the form the tender's specification gives the range failure:
// "score was outside 0..5".
var shapeFailures = []struct {
	err error
	msg string
}{
	{ErrNoObject, "response held no JSON object"},
	{ErrNoScores, "response held no list of scores"},
	{ErrScoreCount, "scorecard did not have one row per criterion"},
	{ErrCriterion, "a row named no criterion in range"},
	{ErrCriterionRepeat, "a criterion was scored twice"},
	{ErrScoreValue, "score was not a number"},
	{ErrScoreRange, "score was outside 0..5"},
	{ErrReason, "reason was missing or under 3 characters"},
	{ErrNoVerdict, "response held no scorability verdict"},
}

// classifyShape classes a model answer that the parser could not read as the verdict
// it asked for: always [LLM_ERROR], which never agrees, so the round rotates; its
// message names the first fault err wraps, for example [LLM_ERROR] score was outside
// 0..5. An err that wraps none of them is [LLM_ERROR] response was not the verdict
// asked for.
func classifyShape(err error) *ledger.Error {
	msg := msgNoVerdict
	for _, f := range shapeFailures {
		if errors.Is(err, f.err) {
			msg = f.msg
			break
		}
	}
	return &ledger.Error{Class: ledger.LLMError, Msg: msg, Err: err}
}
