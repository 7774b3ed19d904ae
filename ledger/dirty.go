package ledger

import (
	"bytes"
	"slices"
)

// dirtySet collects what changed since the last TakeDirty. Its maps are only read through
// sorted slices.
type dirtySet struct {
	tasks    map[TaskID]struct{}
	entries  map[EntryID]struct{}
	rounds   map[RoundID]struct{}
	accounts map[Address]struct{}
}

func (d *dirtySet) task(id TaskID) {
	if d.tasks == nil {
		d.tasks = map[TaskID]struct{}{}
	}
	d.tasks[id] = struct{}{}
}

func (d *dirtySet) entry(id EntryID) {
	if d.entries == nil {
		d.entries = map[EntryID]struct{}{}
	}
	d.entries[id] = struct{}{}
}

func (d *dirtySet) round(id RoundID) {
	if d.rounds == nil {
		d.rounds = map[RoundID]struct{}{}
	}
	d.rounds[id] = struct{}{}
}

func (d *dirtySet) account(a Address) {
	if d.accounts == nil {
		d.accounts = map[Address]struct{}{}
	}
	d.accounts[a] = struct{}{}
}

// TakeDirty returns, sorted, the tasks, entries, rounds and accounts that changed since
// the last call, and forgets them.
func (s *State) TakeDirty() Dirty {
	d := Dirty{
		Tasks:    sortedKeys(s.mark.view.tasks),
		Entries:  sortedKeys(s.mark.view.entries),
		Rounds:   sortedKeys(s.mark.view.rounds),
		Accounts: make([]Address, 0, len(s.mark.view.accounts)),
	}
	for a := range s.mark.view.accounts {
		d.Accounts = append(d.Accounts, a)
	}
	slices.SortFunc(d.Accounts, func(a, b Address) int { return bytes.Compare(a[:], b[:]) })
	s.mark.view = dirtySet{}
	return d
}

func sortedKeys[K ~uint64](m map[K]struct{}) []K {
	out := make([]K, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// marks records each change twice: once for TakeDirty, once for the hash cache, which
// forgets on its own schedule.
type marks struct{ view, hash dirtySet }

func (m *marks) task(id TaskID)    { m.view.task(id); m.hash.task(id) }
func (m *marks) entry(id EntryID)  { m.view.entry(id); m.hash.entry(id) }
func (m *marks) round(id RoundID)  { m.view.round(id); m.hash.round(id) }
func (m *marks) account(a Address) { m.view.account(a); m.hash.account(a) }
