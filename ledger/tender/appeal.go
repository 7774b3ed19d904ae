package tender

import (
	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
)

// Appeal files the bidder's one appeal against its bid's scorecard while the tender is
// unsettled: the value is exactly the tender's appeal bond, held in the deposit pool,
// and the grading fee is taken from the wallet beside it. The appeal holds the award
// until it is resolved; anyone may resolve it.
func (s *State) Appeal(env round.Env, b Appeal) (book.Outcome, *book.Error) {
	at := env.At
	if err := s.Runs(); err != nil {
		return book.Outcome{}, err
	}
	x := s.bid(b.Bid)
	if x == nil {
		return book.Outcome{}, errNoBid
	}
	t := s.tender(x.Tender)
	switch {
	case t.State != TenderOpen:
		return book.Outcome{}, errSettled
	case x.Bidder != at.From:
		return book.Outcome{}, errAppealOwn
	case x.Status != BidScored:
		return book.Outcome{}, errNotScored
	case x.Appeal != nil:
		return book.Outcome{}, errAppealedTwice
	case !at.Value.Eq(t.AppealBond):
		return book.Outcome{}, errAppealBond
	case !words(b.Argument, MinArgumentLen, MaxArgumentLen):
		return book.Outcome{}, errArgument
	case !s.canPay(env, at.Value):
		return book.Outcome{}, errGradingFee
	}
	env.Book.Escrow(at.From, DepositPool, at.Value)
	env.Book.Escrow(at.From, GradePool, s.terms.GradingFee)
	x.Appeal = &appeal{Argument: b.Argument, Bond: at.Value, Fee: s.terms.GradingFee, FiledAt: at.Now, Status: AppealOpen, TotalBefore: x.Total}
	s.markBid(x.ID)
	return book.Outcome{Events: []book.Event{{
		Type: "appeal_filed", Height: at.Height, Tender: uint64(t.ID), Bid: uint64(x.ID), Round: uint64(x.Score),
		Address: book.AddrPtr(at.From), Amount: book.AmountPtr(at.Value),
	}}}, nil
}

// Resolve opens the rescoring round of a bid's open appeal, with the argument frozen
// into its inputs, or moves one whose attempt timed out on to its next attempt. Anyone
// may send it.
func (s *State) Resolve(env round.Env, b Resolve) (book.Outcome, *book.Error) {
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
	case x.openAppeal() == nil:
		return book.Outcome{}, errNoOpenAppeal
	}
	if r := x.lastRound(env.Rounds); r != nil && r.State == round.Open {
		return rotate(env, r)
	}
	r := s.openRound(env, x, 1)
	return book.Outcome{Created: uint64(r.ID), Events: []book.Event{{
		Type: "round_opened", Height: env.At.Height, Tender: uint64(x.Tender), Bid: uint64(x.ID), Round: uint64(r.ID), Attempt: 1, Note: "rescoring",
	}}}, nil
}
