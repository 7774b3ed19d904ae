package ledger

// award settles a task after its close and every appeal window: the prize to the highest
// eligible score, bonds back, disqualified bonds slashed; or, with no eligible entry, the
// task voided and the prize back to the sponsor. No model runs here.
func (s *State) award(tx *Tx, b Award) (Outcome, *Error) {
	t := s.task(b.Task)
	if t == nil {
		return Outcome{}, errNoTask
	}
	switch {
	case t.Settled == TaskAwarded:
		return Outcome{}, errAlreadyAwarded
	case t.Settled == TaskVoided:
		return Outcome{}, errAlreadyVoided
	case s.Now() < t.ClosesAt:
		return Outcome{}, errNotClosed
	}
	if err := s.awardReady(t); err != nil {
		return Outcome{}, err
	}
	var win *entry
	var winGrade *GradeView
	for _, id := range t.Entries {
		e := s.entry(id)
		g := s.round(e.Grade).Grade
		if !eligible(e, g) {
			continue
		}
		if win == nil || beats(e, g, win, winGrade) {
			win, winGrade = e, g
		}
	}
	s.bal.PrizeEscrow = s.sub(s.bal.PrizeEscrow, t.Prize)
	t.AwardedAt = s.Now()
	ev := Event{Type: "award", Height: s.height, Time: t.AwardedAt, Task: t.ID, Amount: amountPtr(t.Prize)}
	if win == nil {
		t.Settled = TaskVoided
		s.voided++
		s.credit(t.Sponsor, t.Prize)
		ev.Address, ev.Note = addrPtr(t.Sponsor), TaskVoided
	} else {
		t.Settled = TaskAwarded
		s.awarded++
		t.Winner, t.WinnerAddr, t.WinScore = win.ID, addrPtr(win.Solver), winGrade.Score
		s.credit(win.Solver, t.Prize)
		ev.Entry, ev.Address, ev.Score, ev.Note = win.ID, addrPtr(win.Solver), winGrade.Score, TaskAwarded
	}
	s.settleBonds(t, win)
	s.events = append(s.events, ev)
	s.mark.task(t.ID)
	return Outcome{Events: []Event{ev}}, nil
}

// awardReady refuses an award while an entry still waits on grading or an appeal, or a
// grade can still be appealed.
func (s *State) awardReady(t *task) *Error {
	for _, id := range t.Entries {
		e := s.entry(id)
		switch e.State {
		case EntryPending, EntryUngraded:
			return errAwardUngraded
		case EntryGrading:
			return errAwardGrading
		case EntryAppealed:
			return errAwardAppealed
		}
		if s.Now() < s.round(e.Grade).Grade.AppealUntil {
			return errAwardWindow
		}
	}
	return nil
}

// eligible reports whether an entry with grade g can win: it passed, was not
// disqualified and did not fail.
func eligible(e *entry, g *GradeView) bool {
	return e.State == EntryGraded && g.Error == "" && g.Passed && !g.Disqualified
}

// beats reports whether entry a with grade ga ranks above b with gb: higher score, then
// earlier filing, then lower entry id. It is a total order.
func beats(a *entry, ga *GradeView, b *entry, gb *GradeView) bool {
	if ga.Score != gb.Score {
		return ga.Score > gb.Score
	}
	if a.FiledAt != b.FiledAt {
		return a.FiledAt < b.FiledAt
	}
	return a.ID < b.ID
}

// settleBonds returns every bond but a disqualified one's, slashes those, and writes the
// task into each solver's reputation.
func (s *State) settleBonds(t *task, win *entry) {
	for _, id := range t.Entries {
		e := s.entry(id)
		g := s.round(e.Grade).Grade
		s.bal.BondEscrow = s.sub(s.bal.BondEscrow, e.Bond)
		dq := g.Error == "" && g.Disqualified
		switch {
		case dq:
			e.Outcome = "slashed"
			s.bal.SlashPool = s.add(s.bal.SlashPool, e.Bond)
		case e == win:
			e.Outcome = "won"
			s.credit(e.Solver, e.Bond)
		default:
			e.Outcome = "refunded"
			s.credit(e.Solver, e.Bond)
		}
		s.mark.entry(e.ID)
		rep := s.reputation(e.Solver)
		rep.Entries++
		if g.Error == "" {
			rep.Grades++
			rep.ScoreSum += g.Score
			rep.BestScore = max(rep.BestScore, g.Score)
			rep.AverageScore = rep.ScoreSum / rep.Grades
		}
		if dq {
			rep.Disqualifications++
		}
		if e == win {
			rep.Wins++
			rep.Earned = s.add(rep.Earned, t.Prize)
		}
	}
}

// reputation returns a's reputation record, creating it.
func (s *State) reputation(a Address) *Reputation {
	acc := s.account(a)
	if acc.Rep == nil {
		acc.Rep = &Reputation{Address: a}
	}
	return acc.Rep
}
