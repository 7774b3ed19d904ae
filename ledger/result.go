package ledger

// Result is what one validator's run of the grading pipeline produced for one entry: the
// body of an attest transaction. The ledger compares Tier, Passed, Disqualified,
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
	NoDeterministicPass bool   `json:"no_deterministic_pass"`
	Similarity          int    `json:"similarity"`  // highest overlap with an earlier entry, percent
	WorkDigest          string `json:"work_digest"` // sha256 hex of the exact bytes read
	Calls               []Call `json:"calls"`       // one receipt per model call
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

// Call records one model call: what was sent and received, byte for byte, so anyone
// can recompute the hashes. Sig is the validator's secp256k1 signature over Digest().
type Call struct {
	Provider    string `json:"provider"`
	Model       string `json:"model"`
	Purpose     string `json:"purpose"` // "read" or "compile"
	PromptSHA   string `json:"prompt_sha256"`
	ResponseSHA string `json:"response_sha256"`
	Prompt      string `json:"prompt"`
	Response    string `json:"response"`
	Started     string `json:"started"`  // RFC 3339, the validator's own clock; never compared
	Finished    string `json:"finished"` // RFC 3339
	Fallback    bool   `json:"fallback"`
	FallbackWhy string `json:"fallback_why,omitempty"`
	Sig         string `json:"sig"` // 0x-prefixed 65 bytes
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
// max(0, tier*20 - 15*violations).
func ScoreOf(tier, violations int, disqualified bool) int {
	if disqualified {
		return 0
	}
	return max(0, tier*PointsPerRung-SoftDeduction*violations)
}

// Agrees reports whether r and o agree on every field consensus compares. Failures are
// compared by class: EXPECTED and EXTERNAL need identical text, two TRANSIENT failures
// agree, and LLM_ERROR agrees with nothing.
func (r Result) Agrees(o Result) bool {
	if r.Error != "" || o.Error != "" {
		re, rok := ParseError(r.Error)
		oe, ook := ParseError(o.Error)
		if !rok || !ook || re.Class != oe.Class {
			return false
		}
		switch re.Class {
		case Transient:
			return true
		case LLMError:
			return false
		default:
			return re.Msg == oe.Msg
		}
	}
	return r.Tier == o.Tier && r.Passed == o.Passed && r.Disqualified == o.Disqualified &&
		r.DuplicateOf == o.DuplicateOf && r.Violations == o.Violations && r.Score == o.Score
}
