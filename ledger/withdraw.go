package ledger

import "github.com/arena/arena/ledger/book"

// withdraw pays the sender everything the arena owes it. The claimable balance is zeroed
// before the payout is recorded.
func (s *State) withdraw(at book.At) (Outcome, *Error) {
	owed, ok := s.book.Withdraw(at.From)
	if !ok {
		return Outcome{}, errNothingOwed
	}
	return Outcome{Events: []Event{{Type: "withdrawn", Height: s.height, Address: book.AddrPtr(at.From), Amount: book.AmountPtr(owed)}}}, nil
}
