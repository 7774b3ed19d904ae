package bounty

import (
	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
)

// Grade opens a round on an entry, or moves a stalled one on to its next attempt.
func (s *State) Grade(env round.Env, b Grade) (book.Outcome, *book.Error) {
	e := s.entry(b.Entry)
	if e == nil {
		return book.Outcome{}, errNoEntry
	}
	if e.gone() {
		return book.Outcome{}, errWithdrawn
	}
	if e.State == EntryStalled || (e.State != EntryAppealed && e.Grade == 0 && s.gradingOver(e, env.At.Now)) {
		return book.Outcome{}, errGradingClosed
	}
	if t := s.task(e.Task); t.sealed() && (e.State == EntrySealed || env.At.Now < t.gradingFrom()) {
		return book.Outcome{}, errNotRevealed
	}
	if n := len(e.Rounds); n > 0 {
		if r := env.Rounds.Get(e.Rounds[n-1]); r.State == round.Open {
			if env.At.Now <= r.Current().Deadline {
				return book.Outcome{}, errAttemptOpen
			}
			st := env.Rounds.Expire(r, env.At)
			return book.Outcome{Events: append(st.Events, env.Ended(r, st)...)}, nil
		}
	}
	var ap *appeal
	switch e.State {
	case EntryPending, EntryUngraded:
	case EntryAppealed:
		ap = e.pendingAppeal()
	default:
		return book.Outcome{}, errAlreadyGraded
	}
	r := s.openRound(env, e, ap)
	return book.Outcome{Created: uint64(r.ID), Events: []book.Event{{
		Type: "round_opened", Height: env.At.Height, Task: uint64(e.Task), Entry: uint64(e.ID), Round: uint64(r.ID), Attempt: 1,
	}}}, nil
}

// gradingOver reports whether the grading window of e's task has passed: from then on a
// first grading never starts, and award treats an entry without a grade as stalled.
func (s *State) gradingOver(e *entry, now int64) bool {
	t := s.task(e.Task)
	return now >= t.gradingFrom()+s.gradingWindow(t)
}

// openRound opens a round on e: a first grading, a fresh one after exhaustion, or the
// regrade of a pending appeal, which its round names by the appeal's number.
func (s *State) openRound(env round.Env, e *entry, ap *appeal) *round.Round {
	var ref uint64
	var last *book.Address
	if ap != nil {
		ref = uint64(len(e.Appeals))
		if _, l, ok := env.Rounds.Get(ap.Against).Kept(); ok {
			last = book.AddrPtr(l.Validator)
		}
		e.State = EntryAppealed
	} else {
		e.State = EntryGrading
	}
	var r *round.Round
	if ap != nil && s.terms.AppealGrowth > 0 {
		r = env.Rounds.OpenPanel(Kind, uint64(e.ID), ref, last, env.Rounds.Get(ap.Against), s.terms.AppealGrowth, env.Chain, env.At)
	} else {
		r = env.Rounds.Open(Kind, uint64(e.ID), ref, last, env.Chain, env.At)
	}
	if ap != nil {
		ap.Round = r.ID
	}
	e.Rounds = append(e.Rounds, r.ID)
	s.markEntry(e.ID)
	return r
}

// Verdict reads a committee member's result for an admitted attempt of round r as a
// verdict, refusing a round of another kind, a first grading after the grading window,
// and a result whose arithmetic does not follow from its own fields.
func (s *State) Verdict(r *round.Round, res Result, now int64) (round.Verdict, *book.Error) {
	if r.Kind != Kind {
		return nil, errNotBountyRound
	}
	e := s.entry(EntryID(r.Subject))
	if r.Ref == 0 && s.gradingOver(e, now) {
		return nil, errGradingClosed
	}
	if err := s.checkResult(e, &res); err != nil {
		return nil, err
	}
	return &verdict{cloneResult(res)}, nil
}

// Exhausted is told that a bounty round ran out of attempts. A first grading leaves the
// entry ungraded, to be graded again while the grading window lasts. A regrade lets the
// appeal lapse: the grade appealed stands and the appellant's bond is returned, so an
// appeal holds value for at most the attempts of one regrade.
func (s *State) Exhausted(env round.Env, r *round.Round) []book.Event {
	e := s.entry(EntryID(r.Subject))
	s.markEntry(e.ID)
	if r.Ref == 0 {
		e.State = EntryUngraded
		return nil
	}
	return []book.Event{s.lapse(env, e, r)}
}

// lapse lets e's pending appeal lapse, its regrade r having failed to settle: the grade
// appealed stands, and the appellant's bond and grading fee are returned.
func (s *State) lapse(env round.Env, e *entry, r *round.Round) book.Event {
	ap := e.pendingAppeal()
	ap.Outcome = AppealLapsed
	env.Book.Release(BondPool, ap.Appellant, ap.Bond)
	env.Book.Release(GradePool, ap.Appellant, ap.Fee)
	e.State = EntryGraded
	if resultOf(s.kept(env.Rounds, e.Grade)).Error != "" {
		e.State = EntryFailed
	}
	s.markEntry(e.ID)
	return book.Event{
		Type: "appeal_resolved", Height: env.At.Height, Task: uint64(e.Task), Entry: uint64(e.ID), Round: uint64(r.ID),
		Address: book.AddrPtr(ap.Appellant), Amount: book.AmountPtr(mustAdd(ap.Bond, ap.Fee)), Note: ap.Outcome,
	}
}

// regradeOverdue returns e's open regrade round when every attempt it may have has run
// past its deadline (its opening plus the terms' attempts times the round timeout):
// the bound the terms put on an appeal, which needs nobody to rotate the round.
func (s *State) regradeOverdue(env round.Env, e *entry) (*round.Round, bool) {
	if e.State != EntryAppealed || len(e.Rounds) == 0 {
		return nil, false
	}
	r := env.Rounds.Get(e.Rounds[len(e.Rounds)-1])
	t := env.Rounds.Terms()
	return r, r.State == round.Open && env.At.Now > r.OpenedAt+int64(t.Attempts)*t.TimeoutS
}

// Settled is told that a bounty round settled: the leader's result becomes the entry's
// grade in force and, for a regrade, the appeal is resolved.
func (s *State) Settled(env round.Env, r *round.Round) []book.Event {
	e := s.entry(EntryID(r.Subject))
	a, l, _ := r.Kept()
	g := resultOf(l.Verdict)
	prev := e.Grade
	e.Grade = r.ID
	e.State = EntryGraded
	if g.Error != "" {
		e.State = EntryFailed
	}
	s.markEntry(e.ID)
	ev := []book.Event{{Type: "grade_settled", Height: env.At.Height, Task: uint64(e.Task), Entry: uint64(e.ID), Round: uint64(r.ID), Attempt: a.Attempt, Score: g.Score, Note: e.State}}
	if r.Ref != 0 {
		ev = append(ev, payGraders(env, r, e.pendingAppeal().Fee)...)
		ev = append(ev, s.resolveAppeal(env, e, resultOf(s.kept(env.Rounds, prev)), g, r.ID))
	} else if prev == 0 {
		ev = append(ev, payGraders(env, r, e.Fee)...)
	}
	return ev
}

// kept returns the verdict a settled round kept.
func (s *State) kept(rs *round.Set, id round.ID) round.Verdict {
	_, l, _ := rs.Get(id).Kept()
	return l.Verdict
}

// moved reports whether a regrade moved the reading: the rung changed, the gate flipped
// or the disqualification changed. Wording never moves anything.
func moved(prev, next Result) bool {
	return prev.Tier != next.Tier || prev.Passed != next.Passed || prev.Disqualified != next.Disqualified
}

// resolveAppeal pays the appellant bond plus bounty when the reading moved, and slashes
// the bond into the pool when it held.
func (s *State) resolveAppeal(env round.Env, e *entry, prev, next Result, rid round.ID) book.Event {
	ap := e.pendingAppeal()
	ev := book.Event{Type: "appeal_resolved", Height: env.At.Height, Task: uint64(e.Task), Entry: uint64(e.ID), Round: uint64(rid), Address: book.AddrPtr(ap.Appellant)}
	if moved(prev, next) {
		ap.Outcome = AppealMoved
		ap.Bounty = s.terms.AppealBond.Min(env.Book.Pool(SlashPool))
		env.Book.Release(BondPool, ap.Appellant, ap.Bond)
		env.Book.Release(SlashPool, ap.Appellant, ap.Bounty)
		paid, _ := ap.Bond.Add(ap.Bounty) // both are bounded by the money that exists
		ev.Amount = book.AmountPtr(paid)
	} else {
		ap.Outcome = AppealHeld
		env.Book.Move(BondPool, SlashPool, ap.Bond)
	}
	ev.Note = ap.Outcome
	return ev
}
