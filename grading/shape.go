package grading

import "errors"

// Ways a model's answer can fail to be the verdict a kind asked for, other than the
// bounty's rung (ClassifyAnswer). A kind's parser wraps one of them, and ClassifyShape
// classes each [LLM_ERROR] with its message from classify.go.
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
