package match

import (
	"fmt"

	"github.com/arena/arena/ledger/book"
)

// Check states the match's own rules in O(size of its state): the fee pool is the sum
// of the entry fees paid into unsettled matches, the stake pool the sum of the open
// stakes, the bond pool the sum of the unsettled matches' bonds; every match's state
// follows from its joins, anchor and turns, with turns numbered in order and at most
// the last one hidden; every open bet is on a turn not yet revealed of an unsettled
// match; and every settled bet pool paid out exactly what was staked, less its fee.
func (s *State) Check(bk *book.Book) error {
	var fees, stakes, bonds book.Amount
	anchoring := 0
	for _, m := range s.matches {
		if !m.settled() {
			f, _ := m.EntryFee.MulUint64(m.joins())
			fees = mustAdd(fees, f)
			bonds = mustAdd(bonds, m.Bond)
		}
		if m.Anchor == "" && !m.settled() {
			anchoring++
		}
		if err := s.checkMatch(m); err != nil {
			return fmt.Errorf("match %d: %w", m.ID, err)
		}
	}
	for _, x := range s.bets {
		if x.State == BetOpen {
			stakes = mustAdd(stakes, x.Stake)
		}
	}
	if anchoring != len(s.anchoring) {
		return fmt.Errorf("%d matches are anchoring, the index holds %d", anchoring, len(s.anchoring))
	}
	for _, c := range []struct {
		name string
		want book.Amount
		pool book.Pool
	}{{"entry fees of unsettled matches", fees, FeePool}, {"open stakes", stakes, StakePool}, {"bonds of unsettled matches", bonds, BondPool}} {
		if !c.want.Eq(bk.Pool(c.pool)) {
			return fmt.Errorf("%s sum to %s, pool %s says %s", c.name, c.want, c.pool, bk.Pool(c.pool))
		}
	}
	return nil
}

// checkMatch states one match's rules.
func (s *State) checkMatch(m *match) error {
	both := m.joins() == 2
	var ok bool
	switch m.State {
	case StateWaiting:
		ok = !both && len(m.Turns) == 0
	case StateAnchoring:
		ok = both && m.Anchor == "" && len(m.Turns) == 0
	case StatePlaying:
		ok = both && m.Anchor != ""
	case StateFinished:
		ok = both && m.Anchor != "" && m.Secret != "" && m.ResultHash != "" && m.hidden() == nil && m.Winner >= -1 && m.Winner <= 1
	case StateVoid:
		ok = m.VoidReason != ""
	}
	if !ok {
		return fmt.Errorf("state %q does not follow from its joins, anchor and turns", m.State)
	}
	for k, t := range m.Turns {
		if t.Turn != k+1 || (k < len(m.Turns)-1 && !t.Revealed) {
			return fmt.Errorf("turn %d is out of order or hidden behind a later one", t.Turn)
		}
	}
	if len(m.Turns) > maxTurns() {
		return fmt.Errorf("%d turns, more than a game lasts", len(m.Turns))
	}
	paid := make([][2]book.Amount, maxTurns()+1)
	for _, id := range m.Bets {
		x := s.bet(id)
		if x == nil || x.Match != m.ID || x.Turn < 1 || x.Turn > maxTurns() {
			return fmt.Errorf("bet %d is not on this match", id)
		}
		revealed := x.Turn <= len(m.Turns) && m.Turns[x.Turn-1].Revealed
		if (x.State == BetOpen) == m.settled() {
			return fmt.Errorf("bet %d is %s on a turn revealed %v of a match %s", x.ID, x.State, revealed, m.State)
		}
		if x.State == BetWon || x.State == BetReturned && revealed && m.State == StateFinished {
			paid[x.Turn][x.Agent] = mustAdd(paid[x.Turn][x.Agent], x.Payout)
		}
	}
	for _, t := range m.Turns {
		for i, p := range t.Pools {
			if !t.Revealed {
				continue
			}
			if p.Settled && !paid[t.Turn][i].Eq(p.Paid) || !mustAdd(p.Paid, p.Fee).Eq(p.Staked) && !p.Staked.IsZero() {
				return fmt.Errorf("turn %d: agent %d's bet pool paid %s and a fee of %s of %s staked", t.Turn, i, paid[t.Turn][i], p.Fee, p.Staked)
			}
		}
	}
	return nil
}
