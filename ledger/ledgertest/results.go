package ledgertest

import "github.com/arena/arena/ledger"

// Reading returns the result an honest validator sends for a reading on rung tier with
// violations preferred criteria missed, disqualified or not: rung 0 when disqualified,
// the gate, the score and the judged rung and score that follow from them, so the
// ledger's arithmetic accepts it.
func Reading(tier, violations int, dq bool) ledger.Result {
	if dq {
		tier = 0
	}
	return ledger.Result{
		Tier: tier, Passed: !dq && tier >= 1, Disqualified: dq, Violations: violations,
		Score: ledger.ScoreOf(tier, violations, dq), JudgedTier: tier, JudgedScore: tier * ledger.PointsPerRung,
		Rationale: "delivers what the brief asked for", WorkDigest: "00",
	}
}

// Failure returns the result a validator sends when grading failed with a failure of
// class, "[CLASS] msg", and no grade.
func Failure(class ledger.Class, msg string) ledger.Result {
	return ledger.Result{Error: ledger.NewError(class, msg).Error()}
}
