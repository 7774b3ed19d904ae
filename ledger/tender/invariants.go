package tender

import (
	"fmt"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
)

// Check states the tender's own rules in O(size of its state): the budget pool is the
// sum of the budgets of unsettled tenders, the deposit pool the sum of the deposits held
// and the open appeal bonds, the grading pool the grading fees not yet paid or
// returned; every scored bid's total is the sum of its agreed scores times the
// published weights; every bid's state matches its rounds; and every bidder's record
// counts each bid it sealed once: bids == revealed + expired + withdrawn + still sealed.
func (s *State) Check(bk *book.Book, rs *round.Set) error {
	var budgets, held, fees book.Amount
	for _, t := range s.tenders {
		if t.State == TenderOpen {
			budgets = mustAdd(budgets, t.Budget)
		}
	}
	sealed := map[book.Address]int{}
	for _, x := range s.bids {
		if err := s.checkBid(rs, x); err != nil {
			return err
		}
		if x.held() {
			held = mustAdd(held, x.Deposit)
		}
		if x.feeHeld() {
			fees = mustAdd(fees, x.Fee)
		}
		if ap := x.openAppeal(); ap != nil {
			held = mustAdd(held, ap.Bond)
			fees = mustAdd(fees, ap.Fee)
		}
		if x.Status == BidSealed {
			sealed[x.Bidder]++
		}
	}
	for _, c := range s.checks {
		if c.State == CheckRunning {
			fees = mustAdd(fees, c.Fee)
		}
		if r := rs.Get(c.Round); (r.State == round.Open) != (c.State == CheckRunning) {
			return fmt.Errorf("check %d: state %q does not match its round", c.ID, c.State)
		}
	}
	for _, c := range []struct {
		name string
		want book.Amount
		pool book.Pool
	}{{"open budgets", budgets, BudgetPool}, {"held deposits and open appeal bonds", held, DepositPool}, {"unspent grading fees", fees, GradePool}} {
		if !c.want.Eq(bk.Pool(c.pool)) {
			return fmt.Errorf("%s sum to %s, pool %s says %s", c.name, c.want, c.pool, bk.Pool(c.pool))
		}
	}
	for _, r := range s.bidders {
		if r.Bids != r.Revealed+r.Expired+r.Withdrawn+sealed[r.Address] {
			return fmt.Errorf("bidder %s: %d bids, but %d revealed + %d expired + %d withdrawn + %d sealed",
				r.Address, r.Bids, r.Revealed, r.Expired, r.Withdrawn, sealed[r.Address])
		}
	}
	return nil
}

// checkBid states the per-bid rules: a scorecard in force was kept by a round of the
// bid, and its total follows from it; the status matches the rounds and the appeal.
func (s *State) checkBid(rs *round.Set, x *bid) error {
	t := s.tender(x.Tender)
	if x.Score != 0 {
		r := rs.Get(x.Score)
		_, l, ok := r.Kept()
		if !ok || r.Kind != Kind || r.Subject != uint64(x.ID) {
			return fmt.Errorf("bid %d: its scorecard names round %d, which kept none of it", x.ID, x.Score)
		}
		c := scorecardOf(l.Verdict)
		if c.Error != "" || len(c.Scores) != len(t.Criteria) || Total(c.Values(), t.weights()) != x.Total {
			return fmt.Errorf("bid %d: total %d does not follow from its agreed scores and the weights", x.ID, x.Total)
		}
	}
	last := x.lastRound(rs)
	open := last != nil && last.State == round.Open
	var ok bool
	switch x.Status {
	case BidSealed, BidWithdrawn, BidExpired:
		ok = last == nil && x.Score == 0 && x.Proposal == ""
	case BidRevealed:
		ok = x.Score == 0 && x.Appeal == nil && (!open || last.Ref == 0)
	case BidScored:
		ok = x.Score != 0 && (!open || (last.Ref == 1 && x.openAppeal() != nil))
	}
	if !ok {
		return fmt.Errorf("bid %d: status %q does not match its rounds and appeal", x.ID, x.Status)
	}
	if (x.Outcome == "") != (t.State == TenderOpen && x.Status != BidWithdrawn && x.Status != BidExpired) {
		return fmt.Errorf("bid %d: outcome %q does not match its tender's state %q", x.ID, x.Outcome, t.State)
	}
	return nil
}
