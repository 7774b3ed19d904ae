package bounty

import (
	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/digest"
)

// Kind is the name of this contest kind: the kind of its rounds.
const Kind = "bounty"

// The pools a bounty holds money in.
const (
	PrizePool book.Pool = "bounty/prize"   // prizes of tasks not yet settled
	BondPool  book.Pool = "bounty/bonds"   // entry bonds not yet settled, and pending appeal bonds
	SlashPool book.Pool = "bounty/slash"   // slashed bonds; pays appeal bounties
	GradePool book.Pool = "bounty/grading" // grading fees of entries and appeals whose round has not settled
)

// TaskID and EntryID number tasks and entries from 1 in the order the ledger created
// them. 0 means none.
type (
	TaskID  uint64
	EntryID uint64
)

// Terms are the founding terms a bounty runs under.
type Terms struct {
	EntryBond      book.Amount // exact value of every submit
	AppealBond     book.Amount // exact value of every appeal
	AppealWindowS  int64       // seconds after a grade settles
	GradingWindowS int64       // seconds after a task closes that its entries may be graded
	GradingFee     book.Amount // paid with each entry and appeal beside its bond, shared by the graders who agree
	AppealGrowth   int         // a regrade's panel is this much larger than a committee, and fresh first; 0: drawn as any round
	// RefundPerFunder splits prize sent back to a task's funders per funder, rounded
	// once each (protocol version 2); false: per top-up (version 1).
	RefundPerFunder bool
}

// State is every bounty of an arena. It is not safe for concurrent use.
type State struct {
	terms   Terms
	tasks   []*task       // tasks[id-1]
	entries []*entry      // entries[id-1]
	reps    []*reputation // in the order each address first had one

	// Indexes derived from the above; rebuilt on decode, never encoded.
	filed   map[filing]EntryID
	solvers map[book.Address]bool
	repOf   map[book.Address]int
	awarded int
	voided  int

	sums struct{ tasks, entries, reps digest.List }
}

// filing keys the one-entry-per-solver rule.
type filing struct {
	task   TaskID
	solver book.Address
}

// New returns an empty bounty state under t.
func New(t Terms) *State {
	return &State{terms: t, filed: map[filing]EntryID{}, solvers: map[book.Address]bool{}, repOf: map[book.Address]int{}}
}

func (s *State) task(id TaskID) *task {
	if id == 0 || id > TaskID(len(s.tasks)) {
		return nil
	}
	return s.tasks[id-1]
}

func (s *State) entry(id EntryID) *entry {
	if id == 0 || id > EntryID(len(s.entries)) {
		return nil
	}
	return s.entries[id-1]
}

func (s *State) markTask(id TaskID)   { s.sums.tasks.Mark(uint64(id)) }
func (s *State) markEntry(id EntryID) { s.sums.entries.Mark(uint64(id)) }

// Hash returns the combined hash of every task, entry and reputation, recomputing only
// those that changed.
func (s *State) Hash() [32]byte {
	return digest.Combine(Kind,
		digest.Refresh(&s.sums.tasks, s.tasks),
		digest.Refresh(&s.sums.entries, s.entries),
		digest.Refresh(&s.sums.reps, s.reps))
}
