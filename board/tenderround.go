package board

import (
	"strconv"
	"strings"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/round"
	"github.com/arena/arena/ledger/tender"
)

// tenderRound is one tender round as a bid or a check shows it: who sat on it, each
// attempt with what every member attested, and the receipts of the kept leader's model
// calls. The frozen proposal and argument are not repeated: the bid shows them.
type tenderRound struct {
	ID        round.ID
	What      string // "scoring", "rescoring on appeal" or "scorability check"
	Opened    string
	State     string
	Committee int
	Attempts  []attemptCard
	Calls     []callCard
}

// tenderRounds indexes the snapshot's tender rounds by id.
func (v *views) tenderRounds() map[round.ID]*ledger.TenderRoundView {
	m := make(map[round.ID]*ledger.TenderRoundView, len(v.snap.TenderRounds))
	for i := range v.snap.TenderRounds {
		m[v.snap.TenderRounds[i].ID] = &v.snap.TenderRounds[i]
	}
	return m
}

// roundsOf returns the cards of the rounds ids that the snapshot holds, in order.
func (v *views) roundsOf(rs map[round.ID]*ledger.TenderRoundView, ids ...round.ID) []tenderRound {
	var out []tenderRound
	for _, id := range ids {
		if r := rs[id]; r != nil {
			out = append(out, v.tenderRound(r))
		}
	}
	return out
}

func (v *views) tenderRound(r *ledger.TenderRoundView) tenderRound {
	tr := tenderRound{ID: r.ID, What: "scoring", Opened: stamp(r.OpenedAt), State: r.State, Committee: len(r.Committee)}
	switch {
	case r.Kind == tender.CheckKind:
		tr.What = "scorability check"
	case r.Rescoring:
		tr.What = "rescoring on appeal"
	}
	for _, a := range r.Attempts {
		ac := attemptCard{N: a.Attempt, Leader: v.name(a.Leader), Opened: stamp(a.OpenedAt), Deadline: stamp(a.Deadline), State: a.State}
		for i := range a.Attestations {
			at := &a.Attestations[i]
			ac.Atts = append(ac.Atts, attCard{Validator: v.name(at.Validator), Height: at.Height, Agrees: at.Agrees,
				Late: at.Late, Says: tenderSays(at)})
			if a.State == ledger.AttemptSettled && at.Validator == a.Leader {
				tr.Calls = callCards(callsOf(at))
			}
		}
		tr.Attempts = append(tr.Attempts, ac)
	}
	return tr
}

// tenderSays is one attestation's verdict in a line: the scores in criterion order,
// a check's verdict with what it flagged, or the failure.
func tenderSays(at *tender.AttestationView) string {
	switch {
	case at.Scorecard != nil && at.Scorecard.Error != "":
		return at.Scorecard.Error
	case at.Scorecard != nil:
		s := make([]string, len(at.Scorecard.Scores))
		for i, x := range at.Scorecard.Scores {
			s[i] = strconv.Itoa(x.Score)
		}
		return "scores " + strings.Join(s, " ")
	case at.Check != nil && at.Check.Error != "":
		return at.Check.Error
	case at.Check != nil && at.Check.Scorable:
		return "scorable"
	case at.Check != nil:
		f := make([]string, len(at.Check.Flagged))
		for i, n := range at.Check.Flagged {
			f[i] = strconv.Itoa(n + 1)
		}
		return "not scorable, flags criteria " + strings.Join(f, ", ")
	}
	return "no verdict"
}

// failureOf returns an attestation's classed failure text, or "".
func failureOf(at *tender.AttestationView) string {
	switch {
	case at.Scorecard != nil:
		return at.Scorecard.Error
	case at.Check != nil:
		return at.Check.Error
	}
	return ""
}

func callsOf(at *tender.AttestationView) []ledger.Call {
	switch {
	case at.Scorecard != nil:
		return at.Scorecard.Calls
	case at.Check != nil:
		return at.Check.Calls
	}
	return nil
}
