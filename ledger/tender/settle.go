package tender

import (
	"cmp"
	"slices"
	"strconv"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
)

// standing is what award, decline and expire read of a tender's bids, with every
// sealed bid read as expired (the reveal window having closed).
type standing struct {
	unscored bool // a revealed bid has no scorecard
	appeal   bool // an appeal is open
	scored   int  // bids with a scorecard
	sealed   int  // bids never revealed, to be swept
}

func (s *State) standing(t *tender) standing {
	var k standing
	for _, id := range t.Bids {
		switch x := s.bid(id); x.Status {
		case BidSealed:
			k.sealed++
		case BidRevealed:
			k.unscored = true
		case BidScored:
			k.scored++
			k.appeal = k.appeal || x.openAppeal() != nil
		}
	}
	return k
}

// complete reports whether a tender in standing k can be awarded: every revealed bid
// scored, no appeal open and at least one bid scored.
func (k standing) complete() bool { return !k.unscored && !k.appeal && k.scored > 0 }

// paused returns the first refusal an award meets on t's bids at now, or nil. The
// permission and window refusals are not among them.
func (s *State) paused(t *tender, now int64) *book.Error {
	k := s.standing(t)
	switch {
	case k.unscored:
		return errUnscored
	case k.appeal:
		return errAppealOpen
	case k.scored == 0:
		return errNothingScored
	case now < t.LastScoredAt+AwardWaitS:
		return errAwardWait
	}
	return nil
}

// settleable refuses a settlement of tender id by the sender before anything else:
// no such tender, already settled, or the reveal window still open.
func (s *State) settleable(at book.At, id TenderID) (*tender, *book.Error) {
	if err := s.Runs(); err != nil {
		return nil, err
	}
	t := s.tender(id)
	switch {
	case t == nil:
		return nil, errNoTender
	case t.State != TenderOpen:
		return nil, errSettled
	case at.Now <= t.RevealCloses:
		return nil, errRevealOpen
	}
	return t, nil
}

// Award settles a tender on its best scored bid: the buyer once the reveal window has
// closed, anyone once the decision window has. Every revealed bid must be scored, no
// appeal open, and AwardWaitS passed since the last scoring. Unrevealed bids expire,
// the winner is paid the budget less the fee, the treasury the fee, and every other
// deposit is owed back. The award event goes to the ledger's outbox.
func (s *State) Award(env round.Env, b Award) (book.Outcome, *book.Error) {
	at := env.At
	t, err := s.settleable(at, b.Tender)
	if err != nil {
		return book.Outcome{}, err
	}
	if at.From != t.Buyer && at.Now <= t.DecideCloses {
		return book.Outcome{}, errNotBuyer
	}
	if err := s.paused(t, at.Now); err != nil {
		return book.Outcome{}, err
	}
	ev := s.sweep(env, t)
	win := s.ranked(env.Rounds, t)[0]
	payout := t.payout()
	env.Book.Release(BudgetPool, win.Bidder, payout)
	env.Book.Release(BudgetPool, s.treasury(), t.fee())
	s.returnDeposits(env, t, win.ID)
	t.WinningBid, t.WinningTotal = win.ID, win.Total
	s.conclude(t, TenderAwarded, at.Now)
	rec := s.bidder(win.Bidder)
	rec.Won++
	rec.WonValue = mustAdd(rec.WonValue, payout)
	buyer := s.buyer(t.Buyer)
	buyer.Awarded++
	buyer.Paid = mustAdd(buyer.Paid, payout)
	return book.Outcome{Events: append(ev, book.Event{
		Type: "award", Height: at.Height, Time: at.Now, Tender: uint64(t.ID), Bid: uint64(win.ID),
		Address: book.AddrPtr(win.Bidder), Amount: book.AmountPtr(payout), Score: int(win.Total), Note: Kind,
	})}, nil
}

// Decline settles a tender with no winner: the buyer only, after the reveal window and
// before the decision window closes, with every revealed bid scored and no appeal open.
// Unrevealed bids expire; the budget and every other deposit are owed back.
func (s *State) Decline(env round.Env, b Decline) (book.Outcome, *book.Error) {
	at := env.At
	if err := s.Runs(); err != nil {
		return book.Outcome{}, err
	}
	t := s.tender(b.Tender)
	switch {
	case t == nil:
		return book.Outcome{}, errNoTender
	case t.State != TenderOpen:
		return book.Outcome{}, errSettled
	case at.From != t.Buyer:
		return book.Outcome{}, errNotBuyer
	case at.Now <= t.RevealCloses:
		return book.Outcome{}, errRevealOpen
	case at.Now > t.DecideCloses:
		return book.Outcome{}, errDecideClosed
	case !words(b.Reason, 1, MaxDeclineLen):
		return book.Outcome{}, errReason
	}
	switch k := s.standing(t); {
	case k.unscored:
		return book.Outcome{}, errUnscored
	case k.appeal:
		return book.Outcome{}, errAppealOpen
	}
	ev := s.sweep(env, t)
	env.Book.Release(BudgetPool, t.Buyer, t.Budget)
	s.returnDeposits(env, t, 0)
	t.DeclineReason = b.Reason
	s.conclude(t, TenderDeclined, at.Now)
	s.buyer(t.Buyer).Declined++
	return book.Outcome{Events: append(ev, book.Event{
		Type: "tender_declined", Height: at.Height, Tender: uint64(t.ID), Address: book.AddrPtr(t.Buyer), Amount: book.AmountPtr(t.Budget), Note: b.Reason,
	})}, nil
}

// Expire marks a tender's unrevealed bids expired once the reveal window has closed,
// forfeiting their deposits to the treasury. After the decision window it also closes
// a tender that cannot be completed (no bid scored, or a revealed bid unscored) as
// abandoned, returning the budget, deposits and unspent grading fees. It is refused
// while an appeal is open, so that a losing bidder cannot turn an appeal into a free
// option that cancels the award: anyone may resolve the appeal, and its rescoring ends,
// upheld, rejected or lapsed, within the attempts of one round. Anyone may send it.
func (s *State) Expire(env round.Env, b Expire) (book.Outcome, *book.Error) {
	at := env.At
	t, err := s.settleable(at, b.Tender)
	if err != nil {
		return book.Outcome{}, err
	}
	k := s.standing(t)
	if at.Now <= t.DecideCloses || k.complete() {
		switch {
		case k.sealed > 0:
			return book.Outcome{Events: s.sweep(env, t)}, nil
		case at.Now <= t.DecideCloses:
			return book.Outcome{}, errNothingExpire
		}
		return book.Outcome{}, errComplete
	}
	if k.appeal {
		return book.Outcome{}, errAppealOpen
	}
	ev := s.sweep(env, t)
	return book.Outcome{Events: append(ev, s.abandon(env, t)...)}, nil
}

// abandon closes t, which cannot be completed and has no appeal open, after its
// decision window: the budget back to the buyer, every held deposit and unspent grading
// fee back to its bidder, and every open scoring round on its bids abandoned.
func (s *State) abandon(env round.Env, t *tender) []book.Event {
	for _, id := range t.Bids {
		if r := s.bid(id).lastRound(env.Rounds); r != nil && r.State == round.Open {
			env.Rounds.Abandon(r)
		}
	}
	env.Book.Release(BudgetPool, t.Buyer, t.Budget)
	s.returnDeposits(env, t, 0)
	s.conclude(t, TenderAbandoned, env.At.Now)
	s.buyer(t.Buyer).Abandoned++
	return []book.Event{{
		Type: "tender_abandoned", Height: env.At.Height, Tender: uint64(t.ID), Address: book.AddrPtr(t.Buyer), Amount: book.AmountPtr(t.Budget),
	}}
}

// sweep expires every sealed bid of t, whose reveal window has closed: its deposit is
// forfeited to the treasury and its grading fee, never spent, goes back to the bidder.
func (s *State) sweep(env round.Env, t *tender) []book.Event {
	var forfeited book.Amount
	n := 0
	for _, id := range t.Bids {
		x := s.bid(id)
		if x.Status != BidSealed {
			continue
		}
		env.Book.Release(DepositPool, s.treasury(), x.Deposit)
		env.Book.Release(GradePool, x.Bidder, x.Fee)
		x.Status, x.ExpiredAt, x.Outcome = BidExpired, env.At.Now, OutcomeForfeit
		forfeited = mustAdd(forfeited, x.Deposit)
		s.markBid(x.ID)
		s.bidder(x.Bidder).Expired++
		n++
	}
	if n == 0 {
		return nil
	}
	t.Forfeited = mustAdd(t.Forfeited, forfeited)
	s.markTender(t.ID)
	return []book.Event{{
		Type: "bids_expired", Height: env.At.Height, Tender: uint64(t.ID), Address: book.AddrPtr(s.treasury()), Amount: book.AmountPtr(forfeited),
		Note: strconv.Itoa(n) + " unrevealed",
	}}
}

// returnDeposits owes every deposit t still holds back to its bidder, with the grading
// fee of a bid never scored; the bid win, if any, is marked won.
func (s *State) returnDeposits(env round.Env, t *tender, win BidID) {
	for _, id := range t.Bids {
		x := s.bid(id)
		if !x.held() {
			continue
		}
		if x.feeHeld() {
			env.Book.Release(GradePool, x.Bidder, x.Fee)
		}
		env.Book.Release(DepositPool, x.Bidder, x.Deposit)
		x.Outcome = OutcomeReturned
		if x.ID == win {
			x.Outcome = OutcomeWon
		}
		s.markBid(x.ID)
	}
}

// conclude settles t as state at now.
func (s *State) conclude(t *tender, state string, now int64) {
	t.State, t.SettledAt = state, now
	s.settled++
	s.markTender(t.ID)
}

// ranked returns t's scored bids, best first: the highest weighted total, then the
// highest score on the primary criterion, then the earliest commitment. Never list
// order, never chance.
func (s *State) ranked(rs *round.Set, t *tender) []*bid {
	var out []*bid
	for _, id := range t.Bids {
		if x := s.bid(id); x.Status == BidScored {
			out = append(out, x)
		}
	}
	p := t.primary()
	slices.SortFunc(out, func(a, b *bid) int {
		return Standing{a.Total, s.scoreOn(rs, a, p), a.Seq}.Compare(Standing{b.Total, s.scoreOn(rs, b, p), b.Seq})
	})
	return out
}

// Standing is what the award ranks a scored bid by: its weighted total, its agreed score
// on the primary criterion and its commit order.
type Standing struct {
	Total   uint64
	Primary int
	Seq     int
}

// Compare orders standings best first: it is negative when a ranks above b, the higher
// total first, then the higher primary score, then the earlier commitment. The award
// and its audit both use it.
func (a Standing) Compare(b Standing) int {
	if c := cmp.Compare(b.Total, a.Total); c != 0 {
		return c
	}
	if c := cmp.Compare(b.Primary, a.Primary); c != 0 {
		return c
	}
	return cmp.Compare(a.Seq, b.Seq)
}

// scoreOn returns x's agreed score on criterion i.
func (s *State) scoreOn(rs *round.Set, x *bid, i int) int {
	return s.card(rs, x).Scores[i].Score
}

// card returns the scorecard in force on a scored bid.
func (s *State) card(rs *round.Set, x *bid) Scorecard {
	_, l, _ := rs.Get(x.Score).Kept()
	return scorecardOf(l.Verdict)
}
