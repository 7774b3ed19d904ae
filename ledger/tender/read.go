package tender

import (
	"slices"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/clarify"
	"github.com/arena/arena/ledger/round"
)

// Tender returns tender id as readers see it at the arena's clock now.
func (s *State) Tender(rs *round.Set, id TenderID, now int64) (TenderView, bool) {
	t := s.tender(id)
	if t == nil {
		return TenderView{}, false
	}
	return s.tenderView(rs, t, now), true
}

// Tenders returns every tender by id, with bids and questions.
func (s *State) Tenders(rs *round.Set, now int64) []TenderView {
	out := make([]TenderView, len(s.tenders))
	for i, t := range s.tenders {
		out[i] = s.tenderView(rs, t, now)
	}
	return out
}

// Bid returns one bid.
func (s *State) Bid(rs *round.Set, id BidID, now int64) (BidView, bool) {
	x := s.bid(id)
	if x == nil {
		return BidView{}, false
	}
	t := s.tender(x.Tender)
	return s.bidView(rs, t, x, s.ranks(rs, t)), true
}

// ranks returns the 1-based rank of each scored bid of t, by the ranking rule.
func (s *State) ranks(rs *round.Set, t *tender) map[BidID]int {
	out := map[BidID]int{}
	for i, x := range s.ranked(rs, t) {
		out[x.ID] = i + 1
	}
	return out
}

func (s *State) tenderView(rs *round.Set, t *tender, now int64) TenderView {
	v := TenderView{
		ID: t.ID, Buyer: t.Buyer, Title: t.Title, Summary: t.Summary, Criteria: make([]CriterionView, len(t.Criteria)),
		CriteriaDigest: t.Digest, PrimaryIndex: t.primary(), Budget: t.Budget, Deposit: t.Deposit, AppealBond: t.AppealBond,
		FeeBps: t.FeeBps, Fee: t.fee(), Payout: t.payout(), MaxBids: t.MaxBids, Eligibility: slices.Clone(t.Eligibility),
		PublishedAt: t.PublishedAt, CommitCloses: t.CommitCloses, RevealCloses: t.RevealCloses, DecideCloses: t.DecideCloses,
		Phase: t.phase(now), State: t.State, LastScoredAt: t.LastScoredAt, WinningBid: t.WinningBid, WinningTotal: t.WinningTotal,
		DeclineReason: t.DeclineReason, SettledAt: t.SettledAt, Forfeited: t.Forfeited,
		Bids: make([]BidView, len(t.Bids)),
	}
	if v.Eligibility == nil {
		v.Eligibility = []string{}
	}
	if t.State == TenderDeclined || t.State == TenderAbandoned {
		v.Fee, v.Payout = book.Amount{}, book.Amount{} // settled without an award: no fee taken, nothing paid out
	}
	for i, c := range t.Criteria {
		v.Criteria[i] = CriterionView{Index: i, Text: c.Text, Weight: c.Weight, Primary: c.Primary}
	}
	if t.State == TenderOpen && now > t.RevealCloses {
		if err := s.paused(t, now); err != nil {
			v.Paused = err.Msg
		}
	}
	if t.LastScoredAt != 0 {
		v.AwardFrom = t.LastScoredAt + AwardWaitS
	}
	if w := s.bid(t.WinningBid); w != nil {
		v.Winner = book.AddrPtr(w.Bidder)
	}
	ranks := s.ranks(rs, t)
	for i, id := range t.Bids {
		v.Bids[i] = s.bidView(rs, t, s.bid(id), ranks)
	}
	v.Questions = clarify.Views(t.Questions)
	return v
}

func (s *State) bidView(rs *round.Set, t *tender, x *bid, ranks map[BidID]int) BidView {
	v := BidView{
		ID: x.ID, Tender: x.Tender, Bidder: x.Bidder, Seq: x.Seq, Commitment: x.Commitment, Status: x.Status,
		Proposal: x.Proposal, Salt: x.Salt, Deposit: x.Deposit, CommittedAt: x.CommittedAt, Amendments: x.Amendments,
		AmendedAt: x.AmendedAt, WithdrawnAt: x.WithdrawnAt, RevealedAt: x.RevealedAt, ExpiredAt: x.ExpiredAt,
		ScoredAt: x.ScoredAt, Scores: []ScoreView{}, Total: x.Total, TotalMax: t.totalMax(), Rank: ranks[x.ID],
		Rescored: x.Rescored, Round: x.Score, Rounds: slices.Clone(x.Rounds), Outcome: x.Outcome,
	}
	if x.Score != 0 {
		v.Scores = s.scoreViews(rs.Get(x.Score), t)
	}
	if ap := x.Appeal; ap != nil {
		v.Appeal = &AppealView{
			Argument: ap.Argument, Bond: ap.Bond, FiledAt: ap.FiledAt, Status: ap.Status, TotalBefore: ap.TotalBefore,
			TotalAfter: ap.TotalAfter, Round: ap.Round, ResolvedAt: ap.ResolvedAt,
		}
	}
	return v
}

// scoreViews returns the scorecard round r kept, criterion by criterion, with how each
// member who agreed scored it, the leader first.
func (s *State) scoreViews(r *round.Round, t *tender) []ScoreView {
	a, l, ok := r.Kept()
	if !ok {
		return []ScoreView{}
	}
	lead := scorecardOf(l.Verdict)
	out := make([]ScoreView, len(lead.Scores))
	for i, x := range lead.Scores {
		out[i] = ScoreView{Criterion: i, Score: x.Score, Weighted: uint64(x.Score) * t.Criteria[i].Weight, Reason: x.Reason, Members: []int{x.Score}}
	}
	for _, at := range a.Attestations {
		if !at.Agrees || at.Late || at.Validator == a.Leader {
			continue
		}
		for i, x := range scorecardOf(at.Verdict).Scores {
			out[i].Members = append(out[i].Members, x.Score)
		}
	}
	return out
}

// RoundView returns a tender round with its frozen inputs, its committee and every
// attempt with its attestations; false when r is not a tender round.
func (s *State) RoundView(r *round.Round) (TenderRoundView, bool) {
	var v TenderRoundView
	switch r.Kind {
	case Kind:
		x := s.bid(BidID(r.Subject))
		t := s.tender(x.Tender)
		v = TenderRoundView{Tender: t.ID, Bid: x.ID, Rescoring: r.Ref != 0, Criteria: t.texts(), Proposal: x.Proposal}
		if r.Ref != 0 {
			v.Argument = x.Appeal.Argument
		}
	case CheckKind:
		v = TenderRoundView{Check: CheckID(r.Subject), Criteria: slices.Clone(s.check(CheckID(r.Subject)).Criteria)}
	default:
		return TenderRoundView{}, false
	}
	v.ID, v.Kind, v.State, v.OpenedAt, v.SettledAt = r.ID, r.Kind, r.State, r.OpenedAt, r.SettledAt
	v.Committee = slices.Clone(r.Committee)
	v.Attempts = make([]AttemptView, len(r.Attempts))
	for i, a := range r.Attempts {
		av := AttemptView{
			Attempt: a.Attempt, Leader: a.Leader, OpenedAt: a.OpenedAt, Deadline: a.Deadline, State: a.State,
			Attestations: make([]AttestationView, len(a.Attestations)),
		}
		for j, at := range a.Attestations {
			x := AttestationView{Validator: at.Validator, Height: at.Height, Agrees: at.Agrees, Late: at.Late}
			switch verdict := at.Verdict.(type) {
			case *scorecard:
				c := cloneScorecard(verdict.Scorecard)
				x.Scorecard = &c
			case *checkVerdict:
				c := cloneCheckResult(verdict.CheckResult)
				x.Check = &c
			}
			av.Attestations[j] = x
		}
		v.Attempts[i] = av
	}
	return v, true
}

// RoundViews returns every tender round, scoring and scorability, by id.
func (s *State) RoundViews(rs *round.Set) []TenderRoundView {
	out := []TenderRoundView{}
	for _, r := range rs.All() {
		if v, ok := s.RoundView(r); ok {
			out = append(out, v)
		}
	}
	return out
}
