package ledger

import "github.com/arena/arena/ledger/book"

// faucetTo credits a wallet; dev mode only.
func (s *State) faucetTo(b Faucet) (Outcome, *Error) {
	switch {
	case !s.terms.DevMode:
		return Outcome{}, errDevOnly
	case b.To.IsZero():
		return Outcome{}, errFaucetTo
	case b.Amount.IsZero() || !s.book.Faucet(b.To, b.Amount):
		return Outcome{}, errFaucetAmount
	}
	return Outcome{Events: []Event{{Type: "faucet", Height: s.height, Address: book.AddrPtr(b.To), Amount: book.AmountPtr(b.Amount)}}}, nil
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
