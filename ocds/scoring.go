package ocds

import (
	"strconv"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/tender"
)

// scoring returns the scorecard round id kept for bid x and when it was kept, or false
// when it kept none the views show. The round in force is the bid's own scores, as the
// ledger computed them; an earlier one (before a rescoring) is its kept leader's
// scorecard times the published weights.
func (b *builder) scoring(x ledger.BidView, id ledger.RoundID) (*Scoring, int64, bool) {
	t := b.src.Tender
	if id == x.Round && x.ScoredAt != 0 {
		s := &Scoring{Round: uint64(id), Rescored: x.Appeal != nil && x.Appeal.Round == id, Total: x.Total, TotalMax: x.TotalMax, Scores: make([]Score, len(x.Scores))}
		for i, c := range x.Scores {
			s.Scores[i] = Score{ID: strconv.Itoa(c.Criterion), Criterion: c.Criterion, Score: c.Score, Weighted: c.Weighted, Reason: c.Reason, Members: c.Members}
		}
		return s, x.ScoredAt, true
	}
	rv, ok := b.round(id)
	if !ok || rv.SettledAt == 0 {
		return nil, 0, false
	}
	att, lead, ok := kept(rv)
	if !ok || lead.Scorecard == nil || len(lead.Scorecard.Scores) != len(t.Criteria) {
		return nil, 0, false
	}
	s := &Scoring{Round: uint64(id), Rescored: rv.Rescoring, TotalMax: x.TotalMax, Scores: make([]Score, len(t.Criteria))}
	for i, c := range lead.Scorecard.Scores {
		w := uint64(c.Score) * t.Criteria[i].Weight
		s.Total += w
		s.Scores[i] = Score{ID: strconv.Itoa(i), Criterion: i, Score: c.Score, Weighted: w, Reason: c.Reason, Members: []int{c.Score}}
	}
	for _, a := range att.Attestations {
		if !a.Agrees || a.Late || a.Validator == att.Leader || a.Scorecard == nil {
			continue
		}
		for i, c := range a.Scorecard.Scores {
			if i < len(s.Scores) {
				s.Scores[i].Members = append(s.Scores[i].Members, c.Score)
			}
		}
	}
	return s, rv.SettledAt, true
}

// round returns scoring round id from the source.
func (b *builder) round(id ledger.RoundID) (ledger.TenderRoundView, bool) {
	for _, rv := range b.src.Rounds {
		if rv.ID == id && rv.Kind == tender.Kind {
			return rv, true
		}
	}
	return ledger.TenderRoundView{}, false
}

// kept returns the settled attempt of rv and its leader's attestation.
func kept(rv ledger.TenderRoundView) (tender.AttemptView, tender.AttestationView, bool) {
	for _, a := range rv.Attempts {
		if a.State != ledger.AttemptSettled {
			continue
		}
		for _, x := range a.Attestations {
			if x.Validator == a.Leader {
				return a, x, true
			}
		}
	}
	return tender.AttemptView{}, tender.AttestationView{}, false
}
