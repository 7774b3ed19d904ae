package ledgertest

import (
	"fmt"
	"slices"
	"strings"

	"github.com/arena/arena/ledger"
)

// describeFrom describes round id's attempts from attempt k on, then how the round
// ended: the grade settled and, for a regrade, the appeal's outcome; or exhaustion.
func (h *Harness) describeFrom(id ledger.RoundID, k int) string {
	r, _ := h.s.Round(id)
	var b strings.Builder
	for _, at := range r.Attempts[k-1:] {
		fmt.Fprintf(&b, "round %d attempt %d led by %s: %s\n", r.ID, at.Attempt, h.name(at.Leader), h.attemptState(r, at))
	}
	switch r.State {
	case ledger.RoundExhausted:
		e, _ := h.s.Entry(r.Entry)
		fmt.Fprintf(&b, "round %d exhausted after %d attempts: entry %d %s\n", r.ID, len(r.Attempts), r.Entry, e.State)
	case ledger.RoundSettled:
		if r.Regrade {
			b.WriteString(h.appealOutcome(r.Entry))
		}
	}
	return b.String()
}

// attemptState describes one attempt.
func (h *Harness) attemptState(r ledger.RoundView, at ledger.AttemptView) string {
	switch at.State {
	case ledger.AttemptSettled:
		return "settled " + h.gradeLine(*r.Grade, len(r.Committee))
	case ledger.AttemptOpen:
		if len(at.Attestations) == 0 {
			return "open"
		}
		return "open, " + h.tally(at, len(r.Committee))
	case ledger.AttemptTransient:
		return "transient, settles nothing, " + h.tally(at, len(r.Committee))
	}
	return at.State + ", " + h.tally(at, len(r.Committee))
}

// tally lists what each member attested and how many agreed with the leader.
func (h *Harness) tally(at ledger.AttemptView, seats int) string {
	agree := 0
	parts := make([]string, len(at.Attestations))
	for i, a := range at.Attestations {
		if a.Agrees {
			agree++
		}
		parts[i] = h.name(a.Validator) + "=" + token(a.Result)
	}
	if !slices.ContainsFunc(at.Attestations, func(a ledger.Attestation) bool { return a.Validator == at.Leader }) {
		// The ledger compares results with the leader's; without it nothing agrees yet.
		return fmt.Sprintf("leader silent, %d/%d attested (%s)", len(parts), seats, strings.Join(parts, " "))
	}
	return fmt.Sprintf("agree %d/%d (%s)", agree, seats, strings.Join(parts, " "))
}

// token is what a member attested, as compared: the failure, or the rung with the
// disqualification and copy it carried.
func token(r ledger.Result) string {
	switch {
	case r.Error != "":
		return fmt.Sprintf("%q", r.Error)
	case r.DuplicateOf != 0:
		return fmt.Sprintf("%d/dup%d", r.Tier, r.DuplicateOf)
	case r.Disqualified:
		return fmt.Sprintf("%d/dq", r.Tier)
	}
	return fmt.Sprint(r.Tier)
}

// gradeLine describes a settled grade.
func (h *Harness) gradeLine(g ledger.GradeView, seats int) string {
	agreed := fmt.Sprintf("agreed=%d/%d", len(g.Agreed), seats)
	if len(g.Disagreed) > 0 {
		agreed += " disagreed=" + strings.ReplaceAll(h.names(g.Disagreed), " ", ",")
	}
	if len(g.Failed) > 0 {
		agreed += " failed=" + strings.ReplaceAll(h.names(g.Failed), " ", ",")
	}
	if g.Error != "" {
		return fmt.Sprintf("error=%q %s", g.Error, agreed)
	}
	s := fmt.Sprintf("rung=%s score=%d passed=%t dq=%t", rungLabel(g.Tier), g.Score, g.Passed, g.Disqualified)
	if g.DuplicateOf != 0 {
		s += fmt.Sprintf(" duplicate_of=%d similarity=%d", g.DuplicateOf, g.Result.Similarity)
	}
	if g.Violations != 0 {
		s += fmt.Sprintf(" violations=%d", g.Violations)
	}
	if g.Result.JudgedScore != g.Score {
		s += fmt.Sprintf(" judged_score=%d", g.Result.JudgedScore)
	}
	return s + " " + agreed
}

// appealOutcome describes how the latest appeal on entry e resolved.
func (h *Harness) appealOutcome(e ledger.EntryID) string {
	ev, _ := h.s.Entry(e)
	ap := ev.Appeal
	pool := gen(h.s.Arena().Balances.SlashPool)
	if ap.Outcome == "held" {
		return fmt.Sprintf("appeal by %s held: bond %s into the slash pool (slash_pool=%s)\n", h.name(ap.Appellant), gen(ap.Bond), pool)
	}
	return fmt.Sprintf("appeal by %s moved: bond %s + bounty %s owed to %s (slash_pool=%s)\n",
		h.name(ap.Appellant), gen(ap.Bond), gen(ap.Bounty), h.name(ap.Appellant), pool)
}
