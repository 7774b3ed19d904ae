package ledger

// debit moves value from a's wallet into the arena. Check has already made sure the
// wallet holds it.
func (s *State) debit(a Address, value Amount) {
	if value.IsZero() {
		return
	}
	acc := s.account(a)
	acc.Wallet = s.sub(acc.Wallet, value)
	s.bal.PaidIn = s.add(s.bal.PaidIn, value)
}

// credit makes amount claimable by a.
func (s *State) credit(a Address, amount Amount) {
	acc := s.account(a)
	acc.Claimable = s.add(acc.Claimable, amount)
	s.bal.ClaimableTotal = s.add(s.bal.ClaimableTotal, amount)
}

// withdraw pays the sender everything the arena owes it. The claimable balance is zeroed
// before the payout is recorded.
func (s *State) withdraw(tx *Tx) (Outcome, *Error) {
	acc, ok := s.accounts[tx.From]
	if !ok || acc.Claimable.IsZero() {
		return Outcome{}, errNothingOwed
	}
	owed := acc.Claimable
	acc.Claimable = Amount{}
	s.bal.ClaimableTotal = s.sub(s.bal.ClaimableTotal, owed)
	s.bal.PaidOut = s.add(s.bal.PaidOut, owed)
	acc.Wallet = s.add(acc.Wallet, owed)
	s.mark.account(tx.From)
	return Outcome{Events: []Event{{Type: "withdrawn", Height: s.height, Address: addrPtr(tx.From), Amount: &owed}}}, nil
}
