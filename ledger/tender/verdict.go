package tender

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
)

// maxShort bounds, in bytes, every short text of a result: its error and each model
// call's fields other than the prompt and the response.
const maxShort = 1 << 10

// Agrees reports whether c agrees with the leader's scorecard, neither of them a
// failure: both score the same criteria, and each score is within one step of the
// leader's. Reasons are never compared; failures are compared by round.Agree.
func (c Scorecard) Agrees(leader Scorecard) bool {
	if len(c.Scores) != len(leader.Scores) {
		return false
	}
	for i, x := range c.Scores {
		y := leader.Scores[i]
		if x.Criterion != y.Criterion || x.Score-y.Score > 1 || y.Score-x.Score > 1 {
			return false
		}
	}
	return true
}

// Failure returns the scorecard's classed failure, or nil when it scored.
func (c Scorecard) Failure() *book.Error { return book.FailureOf(c.Error) }

// Values returns the scorecard's scores, in criterion order.
func (c Scorecard) Values() []int {
	out := make([]int, len(c.Scores))
	for i, x := range c.Scores {
		out[i] = x.Score
	}
	return out
}

// Agrees reports whether r agrees with the leader's verdict, neither of them a failure:
// the same scorability and the same flagged criteria, exactly. Reasons are never
// compared; failures are compared by round.Agree.
func (r CheckResult) Agrees(leader CheckResult) bool {
	return r.Scorable == leader.Scorable && slices.Equal(r.Flagged, leader.Flagged)
}

// Failure returns the verdict's classed failure, or nil when it is a verdict.
func (r CheckResult) Failure() *book.Error { return book.FailureOf(r.Error) }

// scorecard is a Scorecard as a round holds it.
type scorecard struct{ Scorecard }

// Agrees is Scorecard.Agrees against the leader's verdict.
func (v *scorecard) Agrees(leader round.Verdict) bool {
	l, ok := leader.(*scorecard)
	return ok && v.Scorecard.Agrees(l.Scorecard)
}

// Receipts returns the model-call receipts the scorecard carries.
func (v *scorecard) Receipts() []round.Call { return v.Calls }

// checkVerdict is a CheckResult as a round holds it.
type checkVerdict struct{ CheckResult }

// Agrees is CheckResult.Agrees against the leader's verdict.
func (v *checkVerdict) Agrees(leader round.Verdict) bool {
	l, ok := leader.(*checkVerdict)
	return ok && v.CheckResult.Agrees(l.CheckResult)
}

// Receipts returns the model-call receipts the verdict carries.
func (v *checkVerdict) Receipts() []round.Call { return v.Calls }

// scorecardOf returns the Scorecard behind a scoring round's verdict.
func scorecardOf(v round.Verdict) Scorecard { return v.(*scorecard).Scorecard }

// checkResultOf returns the CheckResult behind a scorability round's verdict.
func checkResultOf(v round.Verdict) CheckResult { return v.(*checkVerdict).CheckResult }

// DecodeVerdict decodes a scoring round's verdict: a Scorecard's JSON.
func DecodeVerdict(raw json.RawMessage) (round.Verdict, error) {
	var c Scorecard
	if err := json.Unmarshal(raw, &c); err != nil {
		return nil, fmt.Errorf("tender scorecard: %w", err)
	}
	return &scorecard{c}, nil
}

// DecodeCheckVerdict decodes a scorability round's verdict: a CheckResult's JSON.
func DecodeCheckVerdict(raw json.RawMessage) (round.Verdict, error) {
	var r CheckResult
	if err := json.Unmarshal(raw, &r); err != nil {
		return nil, fmt.Errorf("tender check result: %w", err)
	}
	return &checkVerdict{r}, nil
}

// checkCalls refuses a result past the limits on its failure text and its receipts.
func checkCalls(errText string, calls []round.Call) *book.Error {
	if len(calls) > MaxCalls || !short(errText) {
		return errResultSize
	}
	for _, c := range calls {
		if len(c.Prompt) > MaxCallText || len(c.Response) > MaxCallText || !utf8.ValidString(c.Prompt) || !utf8.ValidString(c.Response) {
			return errResultSize
		}
		for _, f := range []string{c.Provider, c.Model, c.Purpose, c.PromptSHA, c.ResponseSHA, c.Started, c.Finished, c.FallbackWhy, c.Sig} {
			if !short(f) {
				return errResultSize
			}
		}
	}
	return nil
}

func short(s string) bool { return len(s) <= maxShort && utf8.ValidString(s) }

// checkFailure refuses a failed result whose error is not a consensus class.
func checkFailure(errText string) *book.Error {
	e, ok := book.ParseError(errText)
	if !ok || e.Class == book.Expected {
		return errResultClass
	}
	return nil
}

// checkScorecard refuses a scorecard that is not one score from 0 to ScoreMax per
// criterion of a tender with n criteria, in order, each with a reason; or a failure
// that carries scores.
func checkScorecard(c *Scorecard, n int) *book.Error {
	if err := checkCalls(c.Error, c.Calls); err != nil {
		return err
	}
	if c.Error != "" {
		if err := checkFailure(c.Error); err != nil {
			return err
		}
		if len(c.Scores) != 0 {
			return errFailureScored
		}
		return nil
	}
	if len(c.Scores) != n {
		return errScorecardShape
	}
	for i, x := range c.Scores {
		if x.Criterion != i || x.Score < 0 || x.Score > ScoreMax || !words(x.Reason, MinReasonLen, MaxReasonLen) {
			return errScorecardShape
		}
	}
	return nil
}

// checkCheckResult refuses a scorability verdict on n criteria that flags criteria out
// of range, out of order or twice, or without one non-blank reason each (of at most
// maxShort bytes), or flags any while scorable; or a failure that carries a verdict.
func checkCheckResult(r *CheckResult, n int) *book.Error {
	if err := checkCalls(r.Error, r.Calls); err != nil {
		return err
	}
	if r.Error != "" {
		if err := checkFailure(r.Error); err != nil {
			return err
		}
		if r.Scorable || len(r.Flagged) != 0 || len(r.Reasons) != 0 {
			return errFailureScored
		}
		return nil
	}
	for _, why := range r.Reasons {
		if !short(why) {
			return errResultSize
		}
	}
	if len(r.Flagged) != len(r.Reasons) || (r.Scorable && len(r.Flagged) != 0) {
		return errCheckShape
	}
	for i, f := range r.Flagged {
		if f < 0 || f >= n || (i > 0 && f <= r.Flagged[i-1]) || strings.TrimSpace(r.Reasons[i]) == "" {
			return errCheckShape
		}
	}
	return nil
}

// cloneScorecard copies c's slices so that the copy shares nothing with c.
func cloneScorecard(c Scorecard) Scorecard {
	c.Scores = slices.Clone(c.Scores)
	c.Calls = slices.Clone(c.Calls)
	return c
}

// cloneCheckResult copies r's slices so that the copy shares nothing with r.
func cloneCheckResult(r CheckResult) CheckResult {
	r.Flagged = slices.Clone(r.Flagged)
	r.Reasons = slices.Clone(r.Reasons)
	r.Calls = slices.Clone(r.Calls)
	return r
}
