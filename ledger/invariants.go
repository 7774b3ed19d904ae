package ledger

// CheckInvariants reports the first invariant the state breaks: the book's (the money
// identity over every pool, wallet conservation, the claimable total) and then each
// kind's own. It costs O(size of the state).
func (s *State) CheckInvariants() error {
	if err := s.book.Check(); err != nil {
		return err
	}
	if err := s.bounty.Check(s.book, s.rounds); err != nil {
		return err
	}
	if err := s.tender.Check(s.book, s.rounds); err != nil {
		return err
	}
	if err := s.match.Check(s.book); err != nil {
		return err
	}
	if err := s.chall.Check(s.book, s.rounds); err != nil {
		return err
	}
	return s.learn.Check(s.book, s.rounds)
}
