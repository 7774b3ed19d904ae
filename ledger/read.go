package ledger

import (
	"encoding/hex"
	"slices"

	"github.com/arena/arena/ledger/bounty"
	"github.com/arena/arena/ledger/round"
)

// Arena returns get_arena: the founding terms, the ladder, the balances and the counts.
func (s *State) Arena() ArenaView {
	h := s.Hash()
	counts := Counts{Rounds: s.rounds.Len()}
	for _, c := range contests {
		c.counts(s, &counts)
	}
	return ArenaView{
		Terms: s.Terms(), Ladder: Ladder, Rules: bounty.Published(),
		Balances: s.balances(), Counts: counts,
		Height: s.height, Time: s.Now(), Hash: "0x" + hex.EncodeToString(h[:]),
	}
}

// balances returns what each pool Balances.Pools lists holds, the claimable total and
// the two flows.
func (s *State) balances() Balances {
	tot := s.book.Totals()
	b := Balances{ClaimableTotal: tot.Claimable, PaidIn: tot.PaidIn, PaidOut: tot.PaidOut}
	for _, l := range poolLines() {
		*l.field(&b) = s.book.Pool(l.pool)
	}
	return b
}

// Account returns what the arena keeps for a: its nonce, wallet, what it is owed, the
// fees it paid and the grading fees it earned.
func (s *State) Account(a Address) Account { return s.book.Account(a) }

// Task returns get_task(id) in full.
func (s *State) Task(id TaskID) (TaskView, bool) { return s.bounty.Task(s.rounds, id, s.Now()) }

// Questions returns a task's public questions and their answers, in the order asked,
// and whether the task exists.
func (s *State) Questions(id TaskID) ([]QuestionView, bool) { return s.bounty.Questions(id) }

// Tasks returns get_tasks: every task by id, without spec or rubric.
func (s *State) Tasks() []TaskView { return s.bounty.Tasks(s.rounds, s.Now(), false) }

// Entry returns get_submission(id).
func (s *State) Entry(id EntryID) (EntryView, bool) { return s.bounty.Entry(s.rounds, id) }

// Entries returns get_submissions(task): the task's entries in filing order.
func (s *State) Entries(id TaskID) []EntryView {
	if id == 0 {
		return nil
	}
	return s.bounty.Entries(s.rounds, id)
}

// Round returns one bounty grading round with every attempt.
func (s *State) Round(id RoundID) (RoundView, bool) {
	r := s.rounds.Get(id)
	if r == nil || r.Kind != bounty.Kind {
		return RoundView{}, false
	}
	return s.bounty.RoundView(r), true
}

// RoundDetail returns round id of any kind in full: every attempt, and every
// attestation with its verdict as the round's kind encodes it.
func (s *State) RoundDetail(id RoundID) (RoundDetail, bool) { return s.rounds.Detail(id) }

// Grades returns get_grades(entry): every round on the entry, oldest first.
func (s *State) Grades(id EntryID) []RoundView { return s.bounty.Grades(s.rounds, id) }

// OpenRounds returns the bounty rounds with an open attempt, by id, as the bounty's
// views (GET /v1/rounds?state=open). Validators read GradingRounds, which holds the
// open rounds of every kind.
func (s *State) OpenRounds() []RoundView {
	var out []RoundView
	for _, id := range s.rounds.OpenIDs() {
		if r := s.rounds.Get(id); r.Kind == bounty.Kind {
			out = append(out, s.bounty.RoundView(r))
		}
	}
	if out == nil {
		out = []RoundView{}
	}
	return out
}

// GradingRounds returns the rounds of every kind with an open attempt, by id, as
// round.View: what validators grade and move on. A kind's own reader (Round for a
// bounty, TenderRound for a tender) gives the inputs a round froze.
func (s *State) GradingRounds() []round.View {
	ids := s.rounds.OpenIDs()
	out := make([]round.View, len(ids))
	for i, id := range ids {
		out[i] = s.rounds.Get(id).View()
	}
	return out
}

// GradingRound returns round id, of any kind, as round.View.
func (s *State) GradingRound(id RoundID) (round.View, bool) {
	r := s.rounds.Get(id)
	if r == nil {
		return round.View{}, false
	}
	return r.View(), true
}

// Reputation returns get_reputation(a); an address with no record gets a zero one.
func (s *State) Reputation(a Address) Reputation { return s.bounty.Reputation(a) }

// Leaderboard returns every reputation record ranked: wins, then earned, then best
// score, all descending, then address ascending. Two readers always agree on it.
func (s *State) Leaderboard() []Reputation { return s.bounty.Leaderboard() }

// Snapshot returns every view at the current height.
func (s *State) Snapshot() Snapshot {
	snap := Snapshot{Arena: s.Arena(), Claimable: []Claimable{}, Events: slices.Clone(s.events)}
	for _, c := range contests {
		c.snapshot(s, &snap)
	}
	for _, a := range s.book.Addresses() {
		if c := s.book.Account(a).Claimable; !c.IsZero() {
			snap.Claimable = append(snap.Claimable, Claimable{Address: a, Amount: c})
		}
	}
	if snap.Events == nil {
		snap.Events = []Event{}
	}
	if !s.gov.Empty() {
		g := s.Governance()
		snap.Governance = &g
	}
	if !s.vals.Empty() {
		snap.Validators = s.Validators()
	}
	return snap
}
