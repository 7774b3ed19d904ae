package bounty

import (
	"encoding/json"
	"fmt"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
)

// Result is what one validator's run of the grading pipeline produced for one entry: the
// verdict of an attest transaction. The ledger compares Tier, Passed, Disqualified,
// DuplicateOf, Violations and Score exactly (see Agrees), recomputes Score from the
// others, and keeps the remaining fields from the round's leader without comparing them.
//
// A run that failed sets Error to its classed text ("[EXTERNAL] Work URL returned 404")
// and leaves the graded fields zero.
type Result struct {
	Tier         int     `json:"tier"`            // the rung agreed on, 0..5; 0 when disqualified
	Passed       bool    `json:"passed"`          // not disqualified and rung >= 1
	Disqualified bool    `json:"disqualified"`    // a mandatory check failed, or a copy
	DuplicateOf  EntryID `json:"duplicate_of"`    // the earlier entry copied; 0 for none
	Violations   int     `json:"violations"`      // preferred checks not satisfied
	Score        int     `json:"score"`           // max(0, tier*20 - 15*violations); 0 when disqualified
	Error        string  `json:"error,omitempty"` // a classed failure instead of a grade

	JudgedScore int      `json:"judged_score"` // what the reader's rung was worth before code ruled
	JudgedTier  int      `json:"judged_tier"`  // the rung the reader reached for
	Rationale   string   `json:"rationale"`    // the reader's one-sentence reason
	Reason      string   `json:"reason"`       // the sentence code wrote about the outcome
	Checks      []Check  `json:"checks"`       // every compiled check, with its outcome
	Prose       []string `json:"prose"`        // criteria no compiler could turn into a check
	Dropped     []string `json:"dropped"`      // compiled checks dropped by the filters, with why
	// NoDeterministicPass is set when no check ran at all and the whole rubric fell to the
	// reader; the board shows it as "[no deterministic pass]".
	NoDeterministicPass bool         `json:"no_deterministic_pass"`
	Similarity          int          `json:"similarity"`  // highest overlap with an earlier entry, percent
	WorkDigest          string       `json:"work_digest"` // sha256 hex of the exact bytes read
	Calls               []round.Call `json:"calls"`       // one receipt per model call
	// Excluded is how many distinct tokens of the work the copy check left out because
	// the task's spec, rubric or template holds them (a task posted with copy_base).
	Excluded int `json:"excluded,omitempty"`
}

// Check is one compiled criterion of a rubric and its outcome in the sandbox pass.
type Check struct {
	Criterion string `json:"criterion"` // the rubric sentence it came from
	Expr      string `json:"expr"`      // the CEL expression
	Mandatory bool   `json:"mandatory"` // a failed mandatory check disqualifies
	Source    string `json:"source"`    // "pattern" or "model"
	Passed    bool   `json:"passed"`
	Error     string `json:"error,omitempty"` // evaluation failure; counts as not passed
}

// Ladder rungs and the arithmetic the ledger applies after a reading.
const (
	Rungs         = 6  // rungs 0..5
	PointsPerRung = 20 // a rung is worth rung*20 points
	SoftDeduction = 15 // each unsatisfied preferred criterion
	CopyThreshold = 80 // overlap percent at or above which an entry is a copy
	MaxChecks     = 24 // checks past the 24th are dropped
	MaxCheckLen   = 400
)

// ScoreOf returns the settled score for a reading: 0 when disqualified, otherwise
// max(0, tier*20 - 15*violations). Grading and the ledger both use it.
func ScoreOf(tier, violations int, disqualified bool) int {
	if disqualified {
		return 0
	}
	return max(0, tier*PointsPerRung-SoftDeduction*violations)
}

// PassedGate reports whether a reading passes: rung 1 or above and not disqualified.
// Grading and the ledger both use it.
func PassedGate(tier int, disqualified bool) bool { return !disqualified && tier >= 1 }

// Agrees reports whether two results, neither of them a failure, agree on every field
// consensus compares. Failures are compared by round.Agree, as every kind's are.
func (r Result) Agrees(o Result) bool {
	return r.Tier == o.Tier && r.Passed == o.Passed && r.Disqualified == o.Disqualified &&
		r.DuplicateOf == o.DuplicateOf && r.Violations == o.Violations && r.Score == o.Score
}

// Failure returns the result's classed failure, or nil when it is a grade.
func (r Result) Failure() *book.Error { return book.FailureOf(r.Error) }

// verdict is a Result as a round holds it.
type verdict struct{ Result }

// Agrees is Result.Agrees against the leader's verdict.
func (v *verdict) Agrees(leader round.Verdict) bool {
	l, ok := leader.(*verdict)
	return ok && v.Result.Agrees(l.Result)
}

// resultOf returns the Result behind a bounty round's verdict.
func resultOf(v round.Verdict) Result { return v.(*verdict).Result }

// DecodeVerdict decodes a bounty round's verdict: a Result's JSON.
func DecodeVerdict(raw json.RawMessage) (round.Verdict, error) {
	var r Result
	if err := json.Unmarshal(raw, &r); err != nil {
		return nil, fmt.Errorf("bounty result: %w", err)
	}
	return &verdict{r}, nil
}

// Receipts returns the model-call receipts the result carries.
func (v *verdict) Receipts() []round.Call { return v.Calls }
