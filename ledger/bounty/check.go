package bounty

import (
	"slices"

	"github.com/arena/arena/ledger/book"
)

// checkResult refuses a result for entry e whose arithmetic does not follow from its own
// fields, or that breaks a size limit.
func (s *State) checkResult(e *entry, res *Result) *book.Error {
	if err := checkSizes(res); err != nil {
		return err
	}
	if res.Error != "" {
		if _, ok := book.ParseError(res.Error); !ok {
			return errResultClass
		}
		if res.Tier != 0 || res.Passed || res.Disqualified || res.DuplicateOf != 0 || res.Violations != 0 || res.Score != 0 {
			return errFailureGraded
		}
		return nil
	}
	switch {
	case e.WorkSHA != "" && res.WorkDigest != e.WorkSHA:
		return errNotCommittedWork
	case res.Tier < 0 || res.Tier >= Rungs:
		return errTier
	case res.Violations < 0 || res.Violations > MaxChecks:
		return errViolations
	case res.Disqualified && res.Tier != 0:
		return errDisqualifiedRung
	case res.Passed != PassedGate(res.Tier, res.Disqualified):
		return errPassedGate
	case res.Score != ScoreOf(res.Tier, res.Violations, res.Disqualified):
		return errScoreArithmetic
	}
	if res.DuplicateOf != 0 {
		d := s.entry(res.DuplicateOf)
		if !res.Disqualified {
			return errDuplicateNotDQ
		}
		if d == nil || d.Task != e.Task || d.Seq >= e.Seq || d.goneBy(e.FiledAt) {
			return errDuplicateNotEarlier
		}
	}
	return nil
}

// checkSizes refuses a result past the limits on its free-text parts.
func checkSizes(res *Result) *book.Error {
	if len(res.Calls) > MaxCalls || len(res.Checks) > MaxChecks || len(res.Prose) > MaxChecks || len(res.Dropped) > MaxChecks {
		return errResultSize
	}
	short := []string{res.Error, res.Rationale, res.Reason, res.WorkDigest}
	for _, c := range res.Checks {
		short = append(short, c.Criterion, c.Expr, c.Source, c.Error)
	}
	short = append(short, res.Prose...)
	short = append(short, res.Dropped...)
	for _, c := range res.Calls {
		short = append(short, c.Provider, c.Model, c.Purpose, c.PromptSHA, c.ResponseSHA, c.Started, c.Finished, c.FallbackWhy, c.Sig)
		if !text(c.Prompt, 0, MaxCallText) || !text(c.Response, 0, MaxCallText) {
			return errResultSize
		}
	}
	for _, t := range short {
		if !text(t, 0, MaxRationaleLen) {
			return errResultSize
		}
	}
	return nil
}

// cloneResult copies r's slices so that the copy shares nothing with r.
func cloneResult(r Result) Result {
	r.Checks = slices.Clone(r.Checks)
	r.Prose = slices.Clone(r.Prose)
	r.Dropped = slices.Clone(r.Dropped)
	r.Calls = slices.Clone(r.Calls)
	return r
}
