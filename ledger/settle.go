package ledger

// settle keeps the leader's result of attempt a as the round's grade, records who agreed,
// and, for a regrade, resolves the appeal.
func (s *State) settle(r *round, a *AttemptView, li int) []Event {
	a.State = AttemptSettled
	leader := a.Attestations[li].Result
	g := &GradeView{
		Round: r.ID, Attempt: a.Attempt, Tier: leader.Tier, Label: Ladder[leader.Tier].Label,
		Passed: leader.Passed, Disqualified: leader.Disqualified, DuplicateOf: leader.DuplicateOf,
		Violations: leader.Violations, Score: leader.Score, Error: leader.Error,
		SettledAt: s.Now(), AppealUntil: s.Now() + s.terms.AppealWindowS, Leader: a.Leader,
		Agreed: []Address{}, Disagreed: []Address{}, Result: cloneResult(leader),
	}
	for _, at := range a.Attestations {
		if at.Agrees {
			g.Agreed = append(g.Agreed, at.Validator)
		} else {
			g.Disagreed = append(g.Disagreed, at.Validator)
		}
	}
	r.Grade, r.State = g, RoundSettled
	s.closeRound(r)
	e := s.entry(r.Entry)
	var prev *GradeView
	if e.Grade != 0 {
		prev = s.round(e.Grade).Grade
	}
	e.Grade = r.ID
	e.State = EntryGraded
	if g.Error != "" {
		e.State = EntryFailed
	}
	s.mark.entry(e.ID)
	ev := []Event{{Type: "grade_settled", Height: s.height, Task: e.Task, Entry: e.ID, Round: r.ID, Attempt: a.Attempt, Score: g.Score, Note: e.State}}
	if r.Regrade {
		ev = append(ev, s.resolveAppeal(e, prev, g))
	}
	return ev
}

// moved reports whether a regrade moved the reading: the rung changed, the gate flipped
// or the disqualification changed. Wording never moves anything.
func moved(prev, next *GradeView) bool {
	return prev.Tier != next.Tier || prev.Passed != next.Passed || prev.Disqualified != next.Disqualified
}

// resolveAppeal pays the appellant bond plus bounty when the reading moved, and slashes
// the bond into the pool when it held.
func (s *State) resolveAppeal(e *entry, prev, next *GradeView) Event {
	ap := e.pendingAppeal()
	s.bal.BondEscrow = s.sub(s.bal.BondEscrow, ap.Bond)
	ev := Event{Type: "appeal_resolved", Height: s.height, Task: e.Task, Entry: e.ID, Round: next.Round, Address: addrPtr(ap.Appellant)}
	if moved(prev, next) {
		ap.Outcome = "moved"
		ap.Bounty = s.terms.AppealBond.Min(s.bal.SlashPool)
		s.bal.SlashPool = s.sub(s.bal.SlashPool, ap.Bounty)
		s.credit(ap.Appellant, s.add(ap.Bond, ap.Bounty))
		ev.Amount = amountPtr(s.add(ap.Bond, ap.Bounty))
	} else {
		ap.Outcome = "held"
		s.bal.SlashPool = s.add(s.bal.SlashPool, ap.Bond)
	}
	ev.Note = ap.Outcome
	return ev
}
