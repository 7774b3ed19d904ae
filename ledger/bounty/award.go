package bounty

import (
	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
)

// graded is an entry with its grade in force, as award reads them.
type graded struct {
	e *entry
	g Result
}

// Award settles a task after its close and every appeal window: the prize to the highest
// eligible score, bonds back, disqualified bonds slashed; or, with no eligible entry, the
// task voided and the prize back to the sponsor. No model runs here. The award event it
// returns is the one the ledger's outbox carries to the bridge.
func (s *State) Award(env round.Env, b Award) (book.Outcome, *book.Error) {
	t := s.task(b.Task)
	if t == nil {
		return book.Outcome{}, errNoTask
	}
	switch {
	case t.Settled == TaskAwarded:
		return book.Outcome{}, errAlreadyAwarded
	case t.Settled == TaskVoided:
		return book.Outcome{}, errAlreadyVoided
	case env.At.Now < t.ClosesAt:
		return book.Outcome{}, errNotClosed
	}
	if err := s.awardReady(env, t); err != nil {
		return book.Outcome{}, err
	}
	var lapsed []book.Event
	for _, id := range t.Entries {
		if e := s.entry(id); e.State == EntryAppealed {
			r, _ := s.regradeOverdue(env, e) // awardReady found it overdue
			env.Rounds.Abandon(r)
			lapsed = append(lapsed, s.lapse(env, e, r))
		}
	}
	s.stall(env, t)
	all := make([]graded, len(t.Entries))
	var win *graded
	for i, id := range t.Entries {
		e := s.entry(id)
		all[i] = graded{e: e}
		if e.Grade != 0 {
			all[i].g = resultOf(s.kept(env.Rounds, e.Grade))
		}
		if !eligible(all[i]) {
			continue
		}
		if win == nil || beats(all[i], *win) {
			win = &all[i]
		}
	}
	t.AwardedAt = env.At.Now
	ev := book.Event{Type: "award", Height: env.At.Height, Time: t.AwardedAt, Task: uint64(t.ID), Amount: book.AmountPtr(t.Prize)}
	if win == nil {
		t.Settled = TaskVoided
		s.voided++
		env.Book.Release(PrizePool, t.Sponsor, t.Prize)
		ev.Address, ev.Note = book.AddrPtr(t.Sponsor), TaskVoided
	} else {
		t.Settled = TaskAwarded
		s.awarded++
		t.Winner = win.e.ID
		env.Book.Release(PrizePool, win.e.Solver, t.Prize)
		ev.Entry, ev.Address, ev.Score, ev.Note = uint64(win.e.ID), book.AddrPtr(win.e.Solver), win.g.Score, TaskAwarded
	}
	s.settleBonds(env, t, all, win)
	s.markTask(t.ID)
	return book.Outcome{Events: append(lapsed, ev)}, nil
}

// awardReady refuses an award while an entry still waits on an appeal, or a grade can
// still be appealed, or, inside the grading window, an entry waits on grading.
func (s *State) awardReady(env round.Env, t *task) *book.Error {
	for _, id := range t.Entries {
		e := s.entry(id)
		waiting := e.State == EntryPending || e.State == EntryUngraded || e.State == EntryGrading
		switch {
		case e.State == EntrySealed && env.At.Now < t.gradingFrom():
			return errAwardSealed
		case e.State == EntrySealed:
			continue // never revealed: forfeited
		case waiting && s.gradingOver(e, env.At.Now):
			continue // stalled: award goes ahead without it
		case e.State == EntryPending, e.State == EntryUngraded:
			return errAwardUngraded
		case e.State == EntryGrading:
			return errAwardGrading
		case e.State == EntryAppealed:
			if _, over := s.regradeOverdue(env, e); !over {
				return errAwardAppealed
			} // its regrade is past the attempts it may have: the appeal lapses, the grade's window still counts
		}
		if env.At.Now < s.appealUntil(env.Rounds.Get(e.Grade).SettledAt) {
			return errAwardWindow
		}
	}
	return nil
}

// stall marks every entry of t that the grading window left without a grade as stalled,
// abandoning a round still open on it. A stalled entry is not graded, never a verdict:
// it cannot win and its bond is returned.
func (s *State) stall(env round.Env, t *task) {
	for _, id := range t.Entries {
		e := s.entry(id)
		if e.State != EntryPending && e.State != EntryUngraded && e.State != EntryGrading {
			continue
		}
		if n := len(e.Rounds); n > 0 {
			env.Rounds.Abandon(env.Rounds.Get(e.Rounds[n-1]))
		}
		e.State = EntryStalled
		env.Book.Release(GradePool, e.Solver, e.Fee) // nobody graded it: the fee goes back
		s.markEntry(e.ID)
	}
}

// Bond outcomes at award: what became of an entry's bond.
const (
	BondForfeited = "forfeited" // sealed and never revealed: to the slash pool
	BondSlashed   = "slashed"   // disqualified by its grade in force: to the slash pool
	BondWon       = "won"       // the winner's: back with the prize
	BondRefunded  = "refunded"  // every other: back
)

// Eligible reports whether an entry in state, whose grade in force is g, can win: it was
// graded (not failed), passed and was not disqualified. The award and its audit both use
// it.
func Eligible(state string, g Result) bool {
	return state == EntryGraded && g.Error == "" && g.Passed && !g.Disqualified
}

// Standing is what the award ranks an eligible entry by.
type Standing struct {
	Score   int
	FiledAt int64
	Entry   EntryID
}

// Outranks reports whether a ranks above b: higher score, then earlier filing, then
// lower entry number. It is a total order on distinct entries; the award and its audit
// both use it.
func (a Standing) Outranks(b Standing) bool {
	if a.Score != b.Score {
		return a.Score > b.Score
	}
	if a.FiledAt != b.FiledAt {
		return a.FiledAt < b.FiledAt
	}
	return a.Entry < b.Entry
}

// BondOutcome is what becomes of an entry's bond at award: forfeited when it was sealed
// and never revealed, slashed when its grade in force (not a failure) disqualified it,
// won for the winner, refunded otherwise. The award and its audit both use it.
func BondOutcome(sealed, disqualified, won bool) string {
	switch {
	case sealed:
		return BondForfeited
	case disqualified:
		return BondSlashed
	case won:
		return BondWon
	}
	return BondRefunded
}

// eligible reports whether x can win (Eligible).
func eligible(x graded) bool { return Eligible(x.e.State, x.g) }

// beats reports whether a ranks above b (Standing.Outranks).
func beats(a, b graded) bool { return a.standing().Outranks(b.standing()) }

// standing is x as the award ranks it.
func (x graded) standing() Standing {
	return Standing{Score: x.g.Score, FiledAt: x.e.FiledAt, Entry: x.e.ID}
}

// settleBonds returns every bond but a disqualified one's, slashes those, and writes the
// task into each solver's reputation.
func (s *State) settleBonds(env round.Env, t *task, all []graded, win *graded) {
	for _, x := range all {
		e, g := x.e, x.g
		dq := e.Grade != 0 && g.Error == "" && g.Disqualified
		won := win != nil && win.e == e
		e.Outcome = BondOutcome(e.State == EntrySealed, dq, won)
		switch e.Outcome {
		case BondForfeited:
			env.Book.Move(BondPool, SlashPool, e.Bond)
			env.Book.Release(GradePool, e.Solver, e.Fee) // never graded: the fee goes back
		case BondSlashed:
			env.Book.Move(BondPool, SlashPool, e.Bond)
		default:
			env.Book.Release(BondPool, e.Solver, e.Bond)
		}
		s.markEntry(e.ID)
		rep := s.reputation(e.Solver)
		rep.Entries++
		if e.Grade != 0 && g.Error == "" {
			rep.Grades++
			rep.ScoreSum += g.Score
			rep.BestScore = max(rep.BestScore, g.Score)
		}
		if dq {
			rep.Disqualifications++
		}
		if won {
			rep.Wins++
			rep.Earned, _ = rep.Earned.Add(t.Prize) // bounded by the money that exists
		}
	}
}

// reputation is a solver's public record, as the ledger keeps it.
type reputation struct {
	Address           book.Address `json:"address"`
	Entries           int          `json:"entries"`
	Grades            int          `json:"grades"`
	Wins              int          `json:"wins"`
	Disqualifications int          `json:"disqualifications"`
	BestScore         int          `json:"best_score"`
	ScoreSum          int          `json:"score_sum"`
	Earned            book.Amount  `json:"earned"`
}

// reputation returns a's reputation record, creating it, and marks it changed.
func (s *State) reputation(a book.Address) *reputation {
	i, ok := s.repOf[a]
	if !ok {
		i = len(s.reps)
		s.reps = append(s.reps, &reputation{Address: a})
		s.repOf[a] = i
	}
	s.sums.reps.Mark(uint64(i + 1))
	return s.reps[i]
}
