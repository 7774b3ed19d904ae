package ledger

import "fmt"

// CheckInvariants reports the first invariant the state breaks: the book's (the money
// identity over every pool, wallet conservation, the claimable total), that the
// balances list every pool the book keeps, and then each kind's own, in the order of
// contests. It costs O(size of the state).
func (s *State) CheckInvariants() error {
	if err := s.book.Check(); err != nil {
		return err
	}
	if err := s.checkPoolsListed(); err != nil {
		return err
	}
	for _, c := range contests {
		if err := c.check(s); err != nil {
			return err
		}
	}
	if err := s.gov.Check(); err != nil {
		return err
	}
	return s.checkBonds()
}

// checkPoolsListed states that Balances.Pools is the whole of what the arena holds: every
// pool the book keeps is listed there, and every line holds what the book says its pool
// holds. So the balances' money identity, and the board's money line drawn from them,
// cannot leave a pool out.
func (s *State) checkPoolsListed() error {
	lines := s.balances().Pools()
	for _, p := range s.book.Pools() {
		found := false
		for _, l := range lines {
			found = found || l.Pool == p.Pool
		}
		found = found || (optionalPool(p.Pool) && p.Amount.IsZero()) // listed only while it holds something
		if !found {
			return fmt.Errorf("pool %q holds %s but the balances do not list it", p.Pool, p.Amount)
		}
	}
	for _, l := range lines {
		if held := s.book.Pool(l.Pool); !held.Eq(l.Amount) {
			return fmt.Errorf("the balances say %s (%q) holds %s; the book says %s", l.Name, l.Pool, l.Amount, held)
		}
	}
	return nil
}
