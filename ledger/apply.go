package ledger

import "fmt"

// Check is the admission check: it reports, as an [EXPECTED] *Error, whether tx names
// this chain, carries the sender's next nonce, has a body and no value its kind does not
// take, and whether the sender's wallet holds the value. It changes nothing. A
// transaction it refuses is refused by Apply without consuming the nonce, so engines keep
// such transactions out of blocks.
func (s *State) Check(tx *Tx) error {
	if err := s.check(tx); err != nil {
		return err
	}
	return nil
}

func (s *State) check(tx *Tx) *Error {
	switch {
	case tx == nil || tx.Body == nil || !knownBody(tx.Body):
		return errNoBody
	case tx.Chain != s.terms.Chain:
		return errChain
	case tx.Nonce != s.NextNonce(tx.From):
		return errNonce
	case !takesValue(tx.Body.Kind()) && !tx.Value.IsZero():
		return errNoValue
	case s.Balance(tx.From).Cmp(tx.Value) < 0:
		return errFunds
	}
	return nil
}

// knownBody reports whether b is one of the sealed body types, in value form.
func knownBody(b Body) bool {
	switch b.(type) {
	case PostTask, Submit, Grade, Attest, Appeal, Award, Withdraw, Faucet, Advance:
		return true
	}
	return false
}

// takesValue reports whether transactions of kind k carry value into the arena.
func takesValue(k Kind) bool { return k == KindPostTask || k == KindSubmit || k == KindAppeal }

// Apply applies tx, whose signature the engine has already verified, in block b, and
// returns what it did. A transaction Check refuses changes nothing. Any other refusal
// consumes the sender's nonce, moves no value and comes back as Outcome.Err. Apply
// returns an error (wrapping ErrCorrupt) only when the state broke an invariant; the node
// must then stop. It never panics on any input.
func (s *State) Apply(tx *Tx, b Block) (Outcome, error) {
	s.BeginBlock(b)
	if s.fault != nil {
		return Outcome{}, fmt.Errorf("%w: %v", ErrCorrupt, s.fault)
	}
	if err := s.check(tx); err != nil {
		return Outcome{Err: err.Error()}, nil
	}
	s.hash = nil
	s.account(tx.From).Nonce++
	out, refusal := s.dispatch(tx)
	if s.fault != nil {
		return Outcome{}, fmt.Errorf("%w: %v", ErrCorrupt, s.fault)
	}
	if refusal != nil {
		return Outcome{Err: refusal.Error()}, nil
	}
	if err := s.checkBalances(); err != nil {
		s.fault = err
		return Outcome{}, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	return out, nil
}

// dispatch runs the rules of tx's kind. Each handler checks everything before it changes
// anything, so a refusal leaves the state as it was.
func (s *State) dispatch(tx *Tx) (Outcome, *Error) {
	switch b := tx.Body.(type) {
	case PostTask:
		return s.postTask(tx, b)
	case Submit:
		return s.submit(tx, b)
	case Grade:
		return s.grade(tx, b)
	case Attest:
		return s.attest(tx, b)
	case Appeal:
		return s.appealOn(tx, b)
	case Award:
		return s.award(tx, b)
	case Withdraw:
		return s.withdraw(tx)
	case Faucet:
		return s.faucetTo(b)
	case Advance:
		return s.advance(b)
	}
	return Outcome{}, errNoBody
}
