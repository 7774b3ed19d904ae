package bounty

import (
	"fmt"
	"slices"

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
	var all, ranked []graded
	for _, id := range t.Entries {
		e := s.entry(id)
		if e.gone() {
			continue // withdrawn or replaced before close: settled then
		}
		x := graded{e: e}
		if e.Grade != 0 {
			x.g = resultOf(s.kept(env.Rounds, e.Grade))
		}
		all = append(all, x)
		if eligible(x) {
			ranked = append(ranked, x)
		}
	}
	slices.SortStableFunc(ranked, func(a, b graded) int {
		if beats(a, b) {
			return -1
		}
		return 1
	})
	shares := t.shares()
	ranked = ranked[:min(len(ranked), len(shares))]
	t.AwardedAt = env.At.Now
	ev := book.Event{Type: "award", Height: env.At.Height, Time: t.AwardedAt, Task: uint64(t.ID), Amount: book.AmountPtr(t.Prize)}
	var paid []book.Event
	if len(ranked) == 0 {
		t.Settled = TaskVoided
		s.voided++
		ev.Address, ev.Note = book.AddrPtr(t.Sponsor), TaskVoided
		if t.plain() {
			env.Book.Release(PrizePool, t.Sponsor, t.Prize)
		} else {
			paid = s.refund(env, t, t.Prize)
		}
	} else {
		t.Settled = TaskAwarded
		s.awarded++
		win := ranked[0]
		t.Winner = win.e.ID
		amounts := SplitPrize(t.Prize, shares)
		var back book.Amount
		for i, amt := range amounts {
			if i >= len(ranked) {
				back = mustAdd(back, amt)
				if len(t.Shares) > 0 {
					t.Podium = append(t.Podium, Place{Rank: i + 1, Share: shares[i], Amount: amt})
				}
				continue
			}
			e := ranked[i].e
			if len(t.Shares) > 0 {
				t.Podium = append(t.Podium, Place{Rank: i + 1, Share: shares[i], Entry: e.ID, Amount: amt})
				e.Rank = i + 1
			}
			paid = append(paid, s.payPrize(env, t, e, i+1, amt)...)
		}
		if !back.IsZero() {
			paid = append(paid, s.refund(env, t, back)...)
		}
		ev.Amount = book.AmountPtr(amounts[0])
		ev.Entry, ev.Address, ev.Score, ev.Note = uint64(win.e.ID), book.AddrPtr(win.e.Solver), win.g.Score, TaskAwarded
		ev.Payees = payees(ranked)
	}
	s.settleBonds(env, t, all)
	s.markTask(t.ID)
	return book.Outcome{Events: append(append(lapsed, ev), paid...)}, nil
}

// payees lists everyone the prize paid, rank by rank, each team's members in the order
// named; nil for a single winner without a team, whose award event says it all.
func payees(ranked []graded) []book.Payee {
	var out []book.Payee
	for i, x := range ranked {
		e := x.e
		switch {
		case len(e.Team) > 0:
			for _, p := range e.Payouts {
				out = append(out, book.Payee{Rank: i + 1, Entry: uint64(e.ID), Address: p.Address, Amount: p.Prize})
			}
		case e.Paid != nil:
			out = append(out, book.Payee{Rank: i + 1, Entry: uint64(e.ID), Address: e.Solver, Amount: *e.Paid})
		}
	}
	return out
}

// payPrize pays e the prize amount of its rank: to its filer, or to its team by the
// split. A plain single winner is paid exactly as it always was, with nothing more
// recorded; a place on a tiered task or a team's parts is recorded on the entry and in
// events.
func (s *State) payPrize(env round.Env, t *task, e *entry, rank int, amt book.Amount) []book.Event {
	if len(e.Team) == 0 {
		env.Book.Release(PrizePool, e.Solver, amt)
		if len(t.Shares) == 0 {
			return nil
		}
		e.Paid = book.AmountPtr(amt)
		return []book.Event{{Type: "prize_paid", Height: env.At.Height, Task: uint64(t.ID), Entry: uint64(e.ID), Address: book.AddrPtr(e.Solver), Amount: book.AmountPtr(amt), Note: fmt.Sprintf("rank %d", rank)}}
	}
	e.Paid = book.AmountPtr(amt)
	parts := SplitTeam(amt, e.Team)
	e.Payouts = make([]Payout, len(e.Team))
	var ev []book.Event
	for i, m := range e.Team {
		release(env, PrizePool, m.Address, parts[i])
		e.Payouts[i] = Payout{Address: m.Address, Prize: parts[i]}
		ev = append(ev, book.Event{Type: "prize_paid", Height: env.At.Height, Task: uint64(t.ID), Entry: uint64(e.ID), Address: book.AddrPtr(m.Address), Amount: book.AmountPtr(parts[i]), Note: fmt.Sprintf("rank %d, team share %d", rank, m.Share)})
	}
	return ev
}

// refund sends back, prize that no rank took, to the task's funders, recording it on the
// task: under the rules of protocol version 2 in proportion to what each funder added in
// all (SplitBack), one row per funder, the task marked PerFunder; under version 1's in
// proportion to each funding apart (SplitBackPerFunding).
func (s *State) refund(env round.Env, t *task, back book.Amount) []book.Event {
	split := SplitBackPerFunding
	if s.terms.RefundPerFunder {
		split, t.PerFunder = SplitBack, true
	}
	var ev []book.Event
	for _, p := range split(back, t.funds()) {
		if p.Prize.IsZero() {
			continue
		}
		env.Book.Release(PrizePool, p.Address, p.Prize)
		t.Refunds = append(t.Refunds, p)
		ev = append(ev, book.Event{Type: "prize_returned", Height: env.At.Height, Task: uint64(t.ID), Address: book.AddrPtr(p.Address), Amount: book.AmountPtr(p.Prize)})
	}
	return ev
}

// awardReady refuses an award while an entry still waits on an appeal, or a grade can
// still be appealed, or, inside the grading window, an entry waits on grading.
func (s *State) awardReady(env round.Env, t *task) *book.Error {
	for _, id := range t.Entries {
		e := s.entry(id)
		waiting := e.State == EntryPending || e.State == EntryUngraded || e.State == EntryGrading
		switch {
		case e.gone():
			continue // withdrawn or replaced before close: nothing to wait on
		case e.State == EntrySealed && env.At.Now < t.gradingFrom():
			return errAwardSealed
		case e.State == EntrySealed:
			continue // never revealed: forfeited
		case waiting && s.gradingOver(e, env.At.Now):
			continue // stalled: award goes ahead without it
		case e.State == EntryPending, e.State == EntryUngraded:
			return errAwardUngraded(t.gradingFrom() + s.gradingWindow(t))
		case e.State == EntryGrading:
			return errAwardGrading
		case e.State == EntryAppealed:
			if _, over := s.regradeOverdue(env, e); !over {
				return errAwardAppealed
			} // its regrade is past the attempts it may have: the appeal lapses, the grade's window still counts
		}
		if env.At.Now < s.appealUntil(t, env.Rounds.Get(e.Grade).SettledAt) {
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

// Entry outcomes at award, as EntryView.Outcome shows them; a withdrawn or replaced
// entry's outcome is its state.
const (
	OutcomeWon       = BondWon       // first place
	OutcomePlaced    = "placed"      // a later place of a tiered task
	OutcomeRefunded  = BondRefunded  // bond back, no prize
	OutcomeSlashed   = BondSlashed   // disqualified: bond to the slash pool
	OutcomeForfeited = BondForfeited // sealed and never revealed: bond to the slash pool
)

// settleBonds returns every bond but a disqualified one's, slashes those, and writes the
// task into the reputation of every member of each entry.
func (s *State) settleBonds(env round.Env, t *task, all []graded) {
	for _, x := range all {
		e, g := x.e, x.g
		dq := e.Grade != 0 && g.Error == "" && g.Disqualified
		e.Outcome = BondOutcome(e.State == EntrySealed, dq, e.ID == t.Winner)
		switch e.Outcome {
		case BondForfeited:
			env.Book.Move(BondPool, SlashPool, e.Bond)
			env.Book.Release(GradePool, e.Solver, e.Fee) // never graded: the fee goes back
		case BondSlashed:
			env.Book.Move(BondPool, SlashPool, e.Bond)
		default:
			if e.Outcome == BondRefunded && e.Rank > 1 {
				e.Outcome = OutcomePlaced
			}
			s.returnBond(env, e)
		}
		s.markEntry(e.ID)
		s.credit(t, e, g, dq)
	}
}

// credit writes entry e's settled task into the reputation of each of its members.
func (s *State) credit(t *task, e *entry, g Result, dq bool) {
	won := e.ID == t.Winner
	for i, a := range e.members() {
		rep := s.reputation(a)
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
		}
		switch {
		case len(e.Team) > 0 && e.Paid != nil:
			rep.Earned = mustAdd(rep.Earned, e.Payouts[i].Prize)
		case e.Paid != nil:
			rep.Earned = mustAdd(rep.Earned, *e.Paid)
		case won:
			rep.Earned = mustAdd(rep.Earned, t.Prize)
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
