package tender

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/arena/arena/ledger/round"
)

// Scorecard is what one validator's scoring of one proposal produced: the verdict of a
// tender attest. Scores holds exactly one row per published criterion, in order. The
// ledger compares each score to the leader's within one step (see Agrees), never the
// reasons, and keeps the leader's scorecard.
//
// A run that failed sets Error to its classed text ("[LLM_ERROR] score was outside
// 0..5") and leaves Scores empty; an LLM_ERROR never agrees, so the round rotates.
type Scorecard struct {
	Scores []CriterionScore `json:"scores"`
	Error  string           `json:"error,omitempty"`
	Calls  []round.Call     `json:"calls"` // one receipt per model call
}

// CriterionScore is one criterion's score, 0 to 5, with a one-line reason quoting the
// proposal (3 to MaxReasonLen characters).
type CriterionScore struct {
	Criterion int    `json:"i"` // the criterion's index, from 0
	Score     int    `json:"score"`
	Reason    string `json:"reason"`
}

// CheckResult is what one validator's scorability check of a set of criteria produced:
// the verdict of a tender check attest. Scorable and Flagged are compared exactly.
type CheckResult struct {
	Scorable bool         `json:"scorable"`
	Flagged  []int        `json:"flagged"` // indices, from 0 and ascending, of criteria that cannot be scored from a proposal's text
	Reasons  []string     `json:"reasons"` // one per flagged criterion, not compared
	Error    string       `json:"error,omitempty"`
	Calls    []round.Call `json:"calls"`
}

// Commitment returns a bid's commitment: the lowercase hex sha256 of salt, "\n", the
// bidder's address in lowercase hex with its 0x, "\n" and the proposal, in UTF-8.
func Commitment(salt string, bidder string, proposal string) string {
	sum := sha256.Sum256([]byte(salt + "\n" + strings.ToLower(bidder) + "\n" + proposal))
	return hex.EncodeToString(sum[:])
}

// Normalise returns a criterion's text as the digest reads it: whitespace collapsed to
// single spaces, trimmed, and ASCII letters lower-cased. Nothing is cut (a criterion is
// at most MaxCriterionLen characters already), so two criteria that differ anywhere have
// different digests, whatever their script; and only ASCII is folded, so the digest
// never depends on the Unicode tables of the build.
func Normalise(text string) string {
	b := []byte(strings.Join(strings.Fields(text), " "))
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + ('a' - 'A')
		}
	}
	return string(b)
}

// Digest returns the criteria digest a scorability verdict is kept under: the lowercase
// hex sha256 of the normalised criteria joined by "\n", order kept.
func Digest(criteria []string) string {
	n := make([]string, len(criteria))
	for i, c := range criteria {
		n[i] = Normalise(c)
	}
	sum := sha256.Sum256([]byte(strings.Join(n, "\n")))
	return hex.EncodeToString(sum[:])
}

// Total returns the weighted total of scores under weights: the sum of score times
// weight. The model never proposes it.
func Total(scores []int, weights []uint64) uint64 {
	var t uint64
	for i, s := range scores {
		t += uint64(s) * weights[i]
	}
	return t
}
