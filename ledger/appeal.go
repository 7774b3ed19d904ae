package ledger

// appealOn files an appeal against an entry's grade in force; tx.Value is exactly the
// appeal bond, held in bond escrow until the regrade settles. It opens the regrade round.
func (s *State) appealOn(tx *Tx, b Appeal) (Outcome, *Error) {
	e := s.entry(b.Entry)
	if e == nil {
		return Outcome{}, errNoEntry
	}
	if !tx.Value.Eq(s.terms.AppealBond) {
		return Outcome{}, errAppealBond
	}
	if !text(b.Argument, 1, MaxArgumentLen) {
		return Outcome{}, errArgument
	}
	if e.pendingAppeal() != nil {
		return Outcome{}, errAppealedTwice
	}
	if e.Grade == 0 || (e.State != EntryGraded && e.State != EntryFailed) {
		return Outcome{}, errNoGrade
	}
	g := s.round(e.Grade).Grade
	if s.Now() >= g.AppealUntil {
		return Outcome{}, errAppealClosed
	}
	s.debit(tx.From, tx.Value)
	s.bal.BondEscrow = s.add(s.bal.BondEscrow, tx.Value)
	ap := &appeal{Appellant: tx.From, Argument: b.Argument, Bond: tx.Value, FiledAt: s.Now(), Against: e.Grade, Bounty: Amount{}}
	e.Appeals = append(e.Appeals, ap)
	r := s.openRound(e, ap)
	bond := ap.Bond
	return Outcome{Created: uint64(r.ID), Events: []Event{
		{Type: "appeal_filed", Height: s.height, Task: e.Task, Entry: e.ID, Round: e.Grade, Address: addrPtr(tx.From), Amount: &bond},
		{Type: "round_opened", Height: s.height, Task: e.Task, Entry: e.ID, Round: r.ID, Attempt: 1, Note: "regrade"},
	}}, nil
}
