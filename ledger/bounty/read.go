package bounty

import (
	"bytes"
	"slices"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/clarify"
	"github.com/arena/arena/ledger/round"
)

// Task returns get_task(id) in full.
func (s *State) Task(rs *round.Set, id TaskID, now int64) (TaskView, bool) {
	t := s.task(id)
	if t == nil {
		return TaskView{}, false
	}
	return s.taskView(rs, t, now, true), true
}

// Tasks returns get_tasks: every task by id, with spec and rubric when prose is set.
func (s *State) Tasks(rs *round.Set, now int64, prose bool) []TaskView {
	out := make([]TaskView, len(s.tasks))
	for i, t := range s.tasks {
		out[i] = s.taskView(rs, t, now, prose)
	}
	return out
}

func (s *State) taskView(rs *round.Set, t *task, now int64, prose bool) TaskView {
	v := TaskView{
		ID: t.ID, Sponsor: t.Sponsor, Title: t.Title, Prize: t.Prize, PostedAt: t.PostedAt,
		ClosesAt: t.ClosesAt, State: t.state(now), Entries: append([]EntryID{}, t.Entries...),
		Winner: t.Winner, AwardedAt: t.AwardedAt, Sealed: t.sealed(), GradingBy: t.gradingFrom() + s.gradingWindow(t),
		Shares: slices.Clone(t.Shares), TopUps: slices.Clone(t.TopUps), Extensions: slices.Clone(t.Extensions),
		Podium: slices.Clone(t.Podium), Refunds: slices.Clone(t.Refunds), RefundsPerFunder: t.PerFunder,
		CopyBase: t.CopyBase,
	}
	if t.sealed() {
		v.RevealsBy = t.gradingFrom()
	}
	if prose {
		v.Spec, v.Rubric, v.Template = t.Spec, t.Rubric, t.Template
		if len(t.Questions) > 0 {
			v.Questions = clarify.Views(t.Questions)
		}
	}
	if w := s.entry(t.Winner); w != nil {
		v.WinnerAddr = book.AddrPtr(w.Solver)
		v.WinScore = resultOf(s.kept(rs, w.Grade)).Score
	}
	return v
}

// Questions returns a task's questions and their answers in the order asked, and
// whether the task exists.
func (s *State) Questions(id TaskID) ([]QuestionView, bool) {
	t := s.task(id)
	if t == nil {
		return nil, false
	}
	return clarify.Views(t.Questions), true
}

// Entry returns get_submission(id).
func (s *State) Entry(rs *round.Set, id EntryID) (EntryView, bool) {
	e := s.entry(id)
	if e == nil {
		return EntryView{}, false
	}
	return s.entryView(rs, e), true
}

// Entries returns get_submissions(task): the task's entries in filing order, or every
// entry by id when task is 0.
func (s *State) Entries(rs *round.Set, task TaskID) []EntryView {
	if task == 0 {
		out := make([]EntryView, len(s.entries))
		for i, e := range s.entries {
			out[i] = s.entryView(rs, e)
		}
		return out
	}
	t := s.task(task)
	if t == nil {
		return nil
	}
	out := make([]EntryView, len(t.Entries))
	for i, eid := range t.Entries {
		out[i] = s.entryView(rs, s.entry(eid))
	}
	return out
}

func (s *State) entryView(rs *round.Set, e *entry) EntryView {
	v := EntryView{
		ID: e.ID, Task: e.Task, Solver: e.Solver, Seq: e.Seq, Work: e.Work, WorkURL: e.WorkURL, WorkSHA: e.WorkSHA, Commitment: e.Commitment, RevealedAt: e.RevealedAt,
		Bond: e.Bond, Fee: e.Fee, FiledAt: e.FiledAt, State: e.State, Rounds: append([]round.ID{}, e.Rounds...),
		Outcome: e.Outcome, Team: slices.Clone(e.Team), WithdrawnAt: e.WithdrawnAt, ReplacedBy: e.ReplacedBy, Replaces: e.Replaces,
		Rank: e.Rank, Payouts: slices.Clone(e.Payouts),
	}
	if e.Paid != nil {
		v.Paid = book.AmountPtr(*e.Paid)
	}
	if e.Grade != 0 {
		v.Current = s.gradeView(rs.Get(e.Grade))
	}
	if n := len(e.Appeals); n > 0 {
		ap := e.Appeals[n-1]
		v.Appeal = &AppealView{
			Appellant: ap.Appellant, Argument: ap.Argument, Bond: ap.Bond, Fee: ap.Fee, Round: ap.Round,
			FiledAt: ap.FiledAt, Against: ap.Against, Outcome: ap.Outcome, Bounty: ap.Bounty,
		}
	}
	return v
}

// gradeView derives the grade a settled round kept; nil for a round that did not settle.
func (s *State) gradeView(r *round.Round) *GradeView {
	a, l, ok := r.Kept()
	if !ok {
		return nil
	}
	res := cloneResult(resultOf(l.Verdict))
	agreed, disagreed, failed := a.Split()
	return &GradeView{
		Round: r.ID, Attempt: a.Attempt, Tier: res.Tier, Label: Ladder[res.Tier].Label,
		Passed: res.Passed, Disqualified: res.Disqualified, DuplicateOf: res.DuplicateOf,
		Violations: res.Violations, Score: res.Score, Error: res.Error,
		SettledAt: r.SettledAt, AppealUntil: s.appealUntil(s.task(s.entry(EntryID(r.Subject)).Task), r.SettledAt), Leader: a.Leader,
		Agreed: agreed, Disagreed: disagreed, Failed: failed, Result: res,
	}
}

// earlier returns the entries filed on t before e that e's copy check reads, by filing
// order: every one but those that had left the task (withdrawn or replaced) when e was
// filed. It never changes once e is filed.
func (s *State) earlier(t *task, e *entry) []EntryID {
	out := []EntryID{}
	for _, id := range t.Entries[:e.Seq-1] {
		if d := s.entry(id); !d.goneBy(e.FiledAt) {
			out = append(out, id)
		}
	}
	return out
}

// Grades returns get_grades(entry): every round on the entry, oldest first.
func (s *State) Grades(rs *round.Set, id EntryID) []RoundView {
	e := s.entry(id)
	if e == nil {
		return nil
	}
	out := make([]RoundView, len(e.Rounds))
	for i, rid := range e.Rounds {
		out[i] = s.RoundView(rs.Get(rid))
	}
	return out
}

// RoundView returns a bounty round with every attempt and the inputs it froze.
func (s *State) RoundView(r *round.Round) RoundView {
	e := s.entry(EntryID(r.Subject))
	t := s.task(e.Task)
	v := RoundView{
		ID: r.ID, Kind: r.Kind, Entry: e.ID, Regrade: r.Ref != 0, OpenedAt: r.OpenedAt,
		Committee: append([]book.Address{}, r.Committee...),
		Inputs:    RoundInputs{Task: t.ID, Entry: e.ID, Earlier: s.earlier(t, e)},
		State:     r.State, Attempts: make([]AttemptView, len(r.Attempts)), Grade: s.gradeView(r),
		Quorum: r.Quorum,
	}
	if r.Ref != 0 {
		v.Argument = e.Appeals[r.Ref-1].Argument
	}
	for i, a := range r.Attempts {
		av := AttemptView{
			Attempt: a.Attempt, Leader: a.Leader, OpenedAt: a.OpenedAt, Deadline: a.Deadline, State: a.State,
			Attestations: make([]Attestation, len(a.Attestations)),
		}
		for j, at := range a.Attestations {
			av.Attestations[j] = Attestation{Validator: at.Validator, Height: at.Height, Result: cloneResult(resultOf(at.Verdict)), Agrees: at.Agrees, Late: at.Late}
		}
		v.Attempts[i] = av
	}
	return v
}

// Reputation returns get_reputation(a); an address with no record gets a zero one.
func (s *State) Reputation(a book.Address) Reputation {
	if i, ok := s.repOf[a]; ok {
		return s.reps[i].view()
	}
	return Reputation{Address: a}
}

func (r *reputation) view() Reputation {
	v := Reputation{
		Address: r.Address, Entries: r.Entries, Grades: r.Grades, Wins: r.Wins,
		Disqualifications: r.Disqualifications, BestScore: r.BestScore, ScoreSum: r.ScoreSum, Earned: r.Earned,
	}
	if r.Grades > 0 {
		v.AverageScore = r.ScoreSum / r.Grades
	}
	return v
}

// Leaderboard returns every reputation record ranked: wins, then earned, then best
// score, all descending, then address ascending. Two readers always agree on it.
func (s *State) Leaderboard() []Reputation {
	if len(s.reps) == 0 {
		return nil
	}
	out := make([]Reputation, len(s.reps))
	for i, r := range s.reps {
		out[i] = r.view()
	}
	slices.SortFunc(out, func(x, y Reputation) int {
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

// Counts are the bounty's headline numbers.
type Counts struct {
	Tasks   int
	Awarded int
	Voided  int
	Entries int
	Solvers int
}

// Counts returns the bounty's headline numbers.
func (s *State) Counts() Counts {
	return Counts{Tasks: len(s.tasks), Awarded: s.awarded, Voided: s.voided, Entries: len(s.entries), Solvers: len(s.solvers)}
}
