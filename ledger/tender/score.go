package tender

import (
	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
)

// Score opens a scoring round on a revealed bid, or moves a round whose attempt timed
// out on to its next attempt. Anyone may send it.
func (s *State) Score(env round.Env, b Score) (book.Outcome, *book.Error) {
	if err := s.Runs(); err != nil {
		return book.Outcome{}, err
	}
	x := s.bid(b.Bid)
	if x == nil {
		return book.Outcome{}, errNoBid
	}
	switch {
	case s.tender(x.Tender).State != TenderOpen:
		return book.Outcome{}, errSettled
	case x.Status != BidRevealed:
		return book.Outcome{}, errNotWaiting
	}
	if r := x.lastRound(env.Rounds); r != nil && r.State == round.Open {
		return rotate(env, r)
	}
	r := s.openRound(env, x, 0)
	return book.Outcome{Created: uint64(r.ID), Events: []book.Event{{
		Type: "round_opened", Height: env.At.Height, Tender: uint64(x.Tender), Bid: uint64(x.ID), Round: uint64(r.ID), Attempt: 1,
	}}}, nil
}

// rotate moves round r, whose current attempt must have passed its deadline, on to its
// next attempt, or exhausts it.
func rotate(env round.Env, r *round.Round) (book.Outcome, *book.Error) {
	if env.At.Now <= r.Current().Deadline {
		return book.Outcome{}, errAttemptOpen
	}
	st := env.Rounds.Expire(r, env.At)
	return book.Outcome{Events: append(st.Events, env.Ended(r, st)...)}, nil
}

// openRound opens a scoring round on x: a first scoring (ref 0) or the rescoring of its
// appeal (ref 1), which is led last by the leader of the scorecard appealed.
func (s *State) openRound(env round.Env, x *bid, ref uint64) *round.Round {
	var last *book.Address
	if ref != 0 {
		if _, l, ok := env.Rounds.Get(x.Score).Kept(); ok {
			last = book.AddrPtr(l.Validator)
		}
	}
	r := env.Rounds.Open(Kind, uint64(x.ID), ref, last, env.Chain, env.At)
	x.Rounds = append(x.Rounds, r.ID)
	if ref != 0 {
		x.Appeal.Round = r.ID
	}
	s.markBid(x.ID)
	return r
}

// Verdict reads a committee member's scorecard for an admitted attempt of round r as a
// verdict, refusing a round of another kind and a malformed scorecard.
func (s *State) Verdict(r *round.Round, res Scorecard) (round.Verdict, *book.Error) {
	if err := s.Runs(); err != nil {
		return nil, err
	}
	if r.Kind != Kind {
		return nil, errNotScoreRound
	}
	t := s.tender(s.bid(BidID(r.Subject)).Tender)
	if err := checkScorecard(&res, len(t.Criteria)); err != nil {
		return nil, err
	}
	return &scorecard{cloneScorecard(res)}, nil
}

// Settled is told that a tender round settled: a scorecard is kept for its bid (or, for
// a rescoring, its appeal is resolved), or a scorability verdict for its digest.
func (s *State) Settled(env round.Env, r *round.Round) []book.Event {
	if r.Kind == CheckKind {
		return s.checkSettled(env, r)
	}
	x := s.bid(BidID(r.Subject))
	t := s.tender(x.Tender)
	a, l, _ := r.Kept()
	c := scorecardOf(l.Verdict)
	ev := book.Event{Type: "scorecard_settled", Height: env.At.Height, Tender: uint64(t.ID), Bid: uint64(x.ID), Round: uint64(r.ID), Attempt: a.Attempt}
	if c.Error != "" {
		if r.Ref != 0 {
			ev.Note = "failed: the appeal lapses"
			return []book.Event{ev, s.lapse(env, x, r)}
		}
		ev.Note = "failed: the bid stays unscored"
		return []book.Event{ev}
	}
	total := Total(c.Values(), t.weights())
	ev.Score, ev.Note = int(total), BidScored
	t.LastScoredAt = env.At.Now
	s.markTender(t.ID)
	rec := s.bidder(x.Bidder)
	prev := x.Total
	x.Score, x.Total, x.ScoredAt = r.ID, total, env.At.Now
	s.markBid(x.ID)
	if r.Ref == 0 {
		x.Status = BidScored
		rec.Scored++
		rec.Points += total
		rec.PointsMax += t.totalMax()
		return append([]book.Event{ev}, payGraders(env, r, t.ID, x.ID, x.Fee)...)
	}
	x.Rescored = true
	rec.Points = rec.Points - prev + total
	out := append([]book.Event{ev}, payGraders(env, r, t.ID, x.ID, x.Appeal.Fee)...)
	return append(out, s.resolve(env, t, x, total))
}

// resolve settles x's open appeal on its rescoring's total: upheld when the weighted
// total went up, and the bond goes back; otherwise rejected, and the bond is forfeited
// to the treasury.
func (s *State) resolve(env round.Env, t *tender, x *bid, after uint64) book.Event {
	ap := x.Appeal
	ap.TotalAfter, ap.ResolvedAt = after, env.At.Now
	ev := book.Event{Type: "appeal_resolved", Height: env.At.Height, Tender: uint64(t.ID), Bid: uint64(x.ID), Round: uint64(ap.Round), Amount: book.AmountPtr(ap.Bond)}
	if after > ap.TotalBefore {
		ap.Status = AppealUpheld
		env.Book.Release(DepositPool, x.Bidder, ap.Bond)
		ev.Address = book.AddrPtr(x.Bidder)
	} else {
		ap.Status = AppealRejected
		env.Book.Release(DepositPool, s.treasury(), ap.Bond)
		t.Forfeited = mustAdd(t.Forfeited, ap.Bond)
		ev.Address = book.AddrPtr(s.treasury())
	}
	ev.Note = ap.Status
	return ev
}

// Exhausted is told that a tender round ran out of attempts. A first scoring leaves the
// bid revealed, to be scored again; a rescoring lets the appeal lapse; a scorability
// check fails, its fee going back and the digest free to be checked again.
func (s *State) Exhausted(env round.Env, r *round.Round) []book.Event {
	if r.Kind == CheckKind {
		return []book.Event{s.checkFailed(env, s.check(CheckID(r.Subject)), r)}
	}
	x := s.bid(BidID(r.Subject))
	if r.Ref == 0 {
		return nil
	}
	return []book.Event{s.lapse(env, x, r)}
}

// lapse lets x's open appeal lapse, its rescoring round r having ended without a
// scorecard (out of attempts, or an agreed failure): the scorecard appealed stands, and
// the bond and grading fee go back, so an appeal holds value for at most one rescoring.
func (s *State) lapse(env round.Env, x *bid, r *round.Round) book.Event {
	ap := x.Appeal
	ap.Status, ap.ResolvedAt = AppealLapsed, env.At.Now
	env.Book.Release(DepositPool, x.Bidder, ap.Bond)
	env.Book.Release(GradePool, x.Bidder, ap.Fee)
	s.markBid(x.ID)
	return book.Event{
		Type: "appeal_resolved", Height: env.At.Height, Tender: uint64(x.Tender), Bid: uint64(x.ID), Round: uint64(r.ID),
		Address: book.AddrPtr(x.Bidder), Amount: book.AmountPtr(mustAdd(ap.Bond, ap.Fee)), Note: ap.Status,
	}
}
