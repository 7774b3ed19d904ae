package board

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/arena/arena/ledger"
)

// status says in one line why an entry has no grade in force. A stalled entry is never
// shown with a verdict: it was not graded.
func status(e *ledger.EntryView) string {
	switch e.State {
	case ledger.EntryWithdrawn:
		return "withdrawn by its filer before close: the bond was returned in full"
	case ledger.EntryReplaced:
		return fmt.Sprintf("replaced by its filer before close with entry #%d, which took its bond", e.ReplacedBy)
	case ledger.EntryPending:
		return "not graded yet: no round has been opened"
	case ledger.EntryGrading:
		return "a grading round is open"
	case ledger.EntryUngraded:
		return "ungraded: every attempt of its round was discarded; grade() opens a fresh round"
	case ledger.EntryAppealed:
		return "a regrade round is open"
	case ledger.EntryStalled:
		return "not graded: grading stalled past the grading window; ineligible, bond returned"
	case ledger.EntrySealed:
		return "sealed: a commitment until it is revealed; the work shows once revealed"
	default:
		return "no grade in force"
	}
}

// verdict names what a grade makes of the entry.
func verdict(g *ledger.GradeView) string {
	switch {
	case g.Error != "" || g.Result.Error != "":
		return "failed"
	case g.Disqualified:
		return "disqualified"
	case !g.Passed:
		return "not passed"
	default:
		return "eligible"
	}
}

// causes explains, one sentence each, why the settled score differs from what the rung
// was worth: the failure, the copy, the mandatory criteria broken, or each preferred
// criterion that cost the soft deduction. It reads only facts code established.
func causes(g *ledger.GradeView, rules ledger.RulesView) []string {
	r := &g.Result
	if e := cmp.Or(g.Error, r.Error); e != "" {
		return []string{"grading failed with an agreed error, so the entry is ineligible: " + e}
	}
	var out []string
	if g.DuplicateOf != 0 {
		out = append(out, fmt.Sprintf("duplicate of entry #%d: %d%% overlap, at or over the %d%% threshold; rung 0, score 0, disqualified",
			g.DuplicateOf, r.Similarity, rules.CopyThreshold))
	}
	for _, c := range r.Checks {
		if c.Mandatory && !(c.Passed && c.Error == "") {
			out = append(out, "mandatory criterion not met, so rung 0, score 0, disqualified: "+c.Criterion)
		}
	}
	if g.Disqualified && len(out) == 0 {
		out = append(out, "disqualified: "+cmp.Or(r.Reason, "no cause recorded"))
	}
	if g.Disqualified {
		return out
	}
	missed := 0
	for _, c := range r.Checks {
		if !c.Mandatory && !(c.Passed && c.Error == "") {
			missed++
			out = append(out, fmt.Sprintf("\u2212%d, preferred criterion not met: %s", rules.SoftDeduction, c.Criterion))
		}
	}
	if g.Violations > missed {
		out = append(out, fmt.Sprintf("\u2212%d each for %d more preferred criteria not met", rules.SoftDeduction, g.Violations-missed))
	}
	if len(out) == 0 {
		out = append(out, "no deduction: settled at what the rung was worth")
	}
	return out
}

// says summarises a result in one line: "rung 4, score 65, 1 preferred missed", or its error.
func says(r *ledger.Result) string {
	if r.Error != "" {
		return r.Error
	}
	parts := []string{fmt.Sprintf("rung %d", r.Tier), fmt.Sprintf("score %d", r.Score)}
	if r.Disqualified {
		parts = append(parts, "disqualified")
	}
	if r.DuplicateOf != 0 {
		parts = append(parts, fmt.Sprintf("duplicate of #%d", r.DuplicateOf))
	}
	if r.Violations > 0 {
		parts = append(parts, fmt.Sprintf("%d preferred missed", r.Violations))
	}
	if r.JudgedTier != r.Tier {
		parts = append(parts, fmt.Sprintf("read as rung %d", r.JudgedTier))
	}
	return strings.Join(parts, ", ")
}
