package ledger

// faucet credits a wallet; dev mode only.
func (s *State) faucetTo(b Faucet) (Outcome, *Error) {
	switch {
	case !s.terms.DevMode:
		return Outcome{}, errDevOnly
	case b.To.IsZero():
		return Outcome{}, errFaucetTo
	case b.Amount.IsZero():
		return Outcome{}, errFaucetAmount
	}
	total, over := s.faucet.Add(b.Amount)
	if _, over2 := total.Add(s.genesis); over || over2 {
		return Outcome{}, errFaucetAmount
	}
	s.faucet = total
	acc := s.account(b.To)
	acc.Wallet = s.add(acc.Wallet, b.Amount)
	amt := b.Amount
	return Outcome{Events: []Event{{Type: "faucet", Height: s.height, Address: addrPtr(b.To), Amount: &amt}}}, nil
}

// MaxAdvanceS bounds one dev_advance, so the clock can never overflow.
const MaxAdvanceS = 10 * MaxCloseS

// advance moves the arena's clock forward; dev mode only.
func (s *State) advance(b Advance) (Outcome, *Error) {
	switch {
	case !s.terms.DevMode:
		return Outcome{}, errDevOnly
	case b.Seconds <= 0 || b.Seconds > MaxAdvanceS:
		return Outcome{}, errAdvance
	}
	s.offset += b.Seconds
	return Outcome{Events: []Event{{Type: "clock_advanced", Height: s.height, Note: "dev"}}}, nil
}
