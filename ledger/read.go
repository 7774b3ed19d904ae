package ledger

import (
	"bytes"
	"encoding/hex"
	"slices"
)

// Arena returns get_arena: the founding terms, the ladder, the balances and the counts.
func (s *State) Arena() ArenaView {
	h := s.Hash()
	return ArenaView{
		Terms: s.Terms(), Ladder: Ladder,
		Rules: RulesView{
			PointsPerRung: PointsPerRung, SoftDeduction: SoftDeduction, CopyThreshold: CopyThreshold,
			MaxChecks: MaxChecks, MaxCheckLen: MaxCheckLen,
		},
		Balances: s.bal,
		Counts: Counts{
			Tasks: len(s.tasks), Open: len(s.tasks) - s.awarded - s.voided, Awarded: s.awarded, Voided: s.voided,
			Entries: len(s.entries), Solvers: len(s.solvers), Rounds: len(s.rounds),
		},
		Height: s.height, Time: s.Now(), Hash: "0x" + hex.EncodeToString(h[:]),
	}
}

// Task returns get_task(id) in full.
func (s *State) Task(id TaskID) (TaskView, bool) {
	t := s.task(id)
	if t == nil {
		return TaskView{}, false
	}
	return s.taskView(t, true), true
}

// Tasks returns get_tasks: every task by id, without spec or rubric.
func (s *State) Tasks() []TaskView {
	out := make([]TaskView, len(s.tasks))
	for i, t := range s.tasks {
		out[i] = s.taskView(t, false)
	}
	return out
}

func (s *State) taskView(t *task, prose bool) TaskView {
	v := TaskView{
		ID: t.ID, Sponsor: t.Sponsor, Title: t.Title, Prize: t.Prize, PostedAt: t.PostedAt,
		ClosesAt: t.ClosesAt, State: t.state(s.Now()), Entries: append([]EntryID{}, t.Entries...),
		Winner: t.Winner, WinScore: t.WinScore, AwardedAt: t.AwardedAt,
	}
	if prose {
		v.Spec, v.Rubric = t.Spec, t.Rubric
	}
	if t.WinnerAddr != nil {
		v.WinnerAddr = addrPtr(*t.WinnerAddr)
	}
	return v
}

// Entry returns get_submission(id).
func (s *State) Entry(id EntryID) (EntryView, bool) {
	e := s.entry(id)
	if e == nil {
		return EntryView{}, false
	}
	return s.entryView(e), true
}

// Entries returns get_submissions(task): the task's entries in filing order.
func (s *State) Entries(id TaskID) []EntryView {
	t := s.task(id)
	if t == nil {
		return nil
	}
	out := make([]EntryView, len(t.Entries))
	for i, eid := range t.Entries {
		out[i] = s.entryView(s.entry(eid))
	}
	return out
}

func (s *State) entryView(e *entry) EntryView {
	v := EntryView{
		ID: e.ID, Task: e.Task, Solver: e.Solver, Seq: e.Seq, Work: e.Work, WorkURL: e.WorkURL,
		Bond: e.Bond, FiledAt: e.FiledAt, State: e.State, Rounds: append([]RoundID{}, e.Rounds...),
		Outcome: e.Outcome,
	}
	if e.Grade != 0 {
		v.Current = cloneGrade(s.round(e.Grade).Grade)
	}
	if n := len(e.Appeals); n > 0 {
		ap := e.Appeals[n-1]
		v.Appeal = &AppealView{
			Appellant: ap.Appellant, Argument: ap.Argument, Bond: ap.Bond, Round: ap.Round,
			FiledAt: ap.FiledAt, Against: ap.Against, Outcome: ap.Outcome, Bounty: ap.Bounty,
		}
	}
	return v
}

// Round returns one grading round with every attempt.
func (s *State) Round(id RoundID) (RoundView, bool) {
	r := s.round(id)
	if r == nil {
		return RoundView{}, false
	}
	return s.roundView(r), true
}

// Grades returns get_grades(entry): every round on the entry, oldest first.
func (s *State) Grades(id EntryID) []RoundView {
	e := s.entry(id)
	if e == nil {
		return nil
	}
	out := make([]RoundView, len(e.Rounds))
	for i, rid := range e.Rounds {
		out[i] = s.roundView(s.round(rid))
	}
	return out
}

// OpenRounds returns the rounds with an open attempt, by id: what validators grade.
func (s *State) OpenRounds() []RoundView {
	out := make([]RoundView, len(s.open))
	for i, id := range s.open {
		out[i] = s.roundView(s.round(id))
	}
	return out
}

func (s *State) roundView(r *round) RoundView {
	t := s.task(r.Task)
	v := RoundView{
		ID: r.ID, Entry: r.Entry, Regrade: r.Regrade, Argument: r.Argument, OpenedAt: r.OpenedAt,
		Committee: append([]Address{}, r.Committee...),
		Inputs:    RoundInputs{Task: r.Task, Entry: r.Entry, Earlier: append([]EntryID{}, t.Entries[:r.Earlier]...)},
		State:     r.State, Attempts: make([]AttemptView, len(r.Attempts)), Grade: cloneGrade(r.Grade),
	}
	for i, a := range r.Attempts {
		c := *a
		c.Attestations = make([]Attestation, len(a.Attestations))
		for j, at := range a.Attestations {
			at.Result = cloneResult(at.Result)
			c.Attestations[j] = at
		}
		v.Attempts[i] = c
	}
	return v
}

// Reputation returns get_reputation(a); an address with no record gets a zero one.
func (s *State) Reputation(a Address) Reputation {
	if acc, ok := s.accounts[a]; ok && acc.Rep != nil {
		return *acc.Rep
	}
	return Reputation{Address: a}
}

// Leaderboard returns every reputation record ranked: wins, then earned, then best
// score, all descending, then address ascending. Two readers always agree on it.
func (s *State) Leaderboard() []Reputation {
	var out []Reputation
	for _, a := range s.sortedAccounts() {
		if r := s.accounts[a].Rep; r != nil {
			out = append(out, *r)
		}
	}
	slices.SortStableFunc(out, func(x, y Reputation) int {
		switch {
		case x.Wins != y.Wins:
			return y.Wins - x.Wins
		case !x.Earned.Eq(y.Earned):
			return y.Earned.Cmp(x.Earned)
		case x.BestScore != y.BestScore:
			return y.BestScore - x.BestScore
		}
		return bytes.Compare(x.Address[:], y.Address[:])
	})
	return out
}

// Snapshot returns every view at the current height.
func (s *State) Snapshot() Snapshot {
	snap := Snapshot{
		Arena: s.Arena(), Tasks: make([]TaskView, len(s.tasks)), Entries: make([]EntryView, len(s.entries)),
		Rounds: make([]RoundView, len(s.rounds)), Leaderboard: s.Leaderboard(), Claimable: []Claimable{},
		Events: slices.Clone(s.events),
	}
	for i, t := range s.tasks {
		snap.Tasks[i] = s.taskView(t, true)
	}
	for i, e := range s.entries {
		snap.Entries[i] = s.entryView(e)
	}
	for i, r := range s.rounds {
		snap.Rounds[i] = s.roundView(r)
	}
	for _, a := range s.sortedAccounts() {
		if c := s.accounts[a].Claimable; !c.IsZero() {
			snap.Claimable = append(snap.Claimable, Claimable{Address: a, Amount: c})
		}
	}
	if snap.Leaderboard == nil {
		snap.Leaderboard = []Reputation{}
	}
	if snap.Events == nil {
		snap.Events = []Event{}
	}
	return snap
}

func cloneGrade(g *GradeView) *GradeView {
	if g == nil {
		return nil
	}
	c := *g
	c.Agreed = append([]Address{}, g.Agreed...)
	c.Disagreed = append([]Address{}, g.Disagreed...)
	c.Result = cloneResult(g.Result)
	return &c
}

// cloneResult copies r's slices so that the copy shares nothing with r.
func cloneResult(r Result) Result {
	r.Checks = slices.Clone(r.Checks)
	r.Prose = slices.Clone(r.Prose)
	r.Dropped = slices.Clone(r.Dropped)
	r.Calls = slices.Clone(r.Calls)
	return r
}
