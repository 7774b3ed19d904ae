package bounty

import (
	"encoding/json"
	"fmt"

	"github.com/arena/arena/ledger/clarify"
	"github.com/arena/arena/ledger/round"
)

// wireState is the bounty's canonical encoding.
type wireState struct {
	Tasks       []*task       `json:"tasks"`
	Entries     []*entry      `json:"entries"`
	Reputations []*reputation `json:"reputations"`
}

// MarshalJSON encodes the bounty state canonically.
func (s *State) MarshalJSON() ([]byte, error) {
	w := wireState{Tasks: s.tasks, Entries: s.entries, Reputations: s.reps}
	if w.Tasks == nil {
		w.Tasks = []*task{}
	}
	if w.Entries == nil {
		w.Entries = []*entry{}
	}
	if w.Reputations == nil {
		w.Reputations = []*reputation{}
	}
	return json.Marshal(w)
}

// Restore rebuilds a bounty state from its encoding under t, checking every reference
// against itself and the rounds rs, and rebuilding the derived indexes.
func Restore(t Terms, data json.RawMessage, rs *round.Set) (*State, error) {
	var w wireState
	if err := json.Unmarshal(data, &w); err != nil {
		return nil, fmt.Errorf("bounty: %w", err)
	}
	s := New(t)
	s.tasks, s.entries, s.reps = w.Tasks, w.Entries, w.Reputations
	for i, t := range s.tasks {
		if t == nil || t.ID != TaskID(i+1) {
			return nil, fmt.Errorf("task %d out of place", i+1)
		}
		if err := clarify.Check(t.Questions); err != nil {
			return nil, fmt.Errorf("task %d: %w", t.ID, err)
		}
		switch t.Settled {
		case TaskAwarded:
			s.awarded++
		case TaskVoided:
			s.voided++
		}
	}
	for i, e := range s.entries {
		if e == nil || e.ID != EntryID(i+1) || s.task(e.Task) == nil || e.Seq < 1 || e.Seq > len(s.task(e.Task).Entries) {
			return nil, fmt.Errorf("entry %d out of place", i+1)
		}
		for _, a := range e.members() {
			if !e.gone() {
				s.filed[filing{e.Task, a}] = e.ID
			}
			s.solvers[a] = true
		}
		for _, rid := range e.Rounds {
			if r := rs.Get(rid); r == nil || r.Kind != Kind || r.Subject != uint64(e.ID) {
				return nil, fmt.Errorf("entry %d names round %d of another subject", e.ID, rid)
			}
		}
		for _, ap := range e.Appeals {
			if ap == nil {
				return nil, fmt.Errorf("entry %d has an empty appeal", e.ID)
			}
			if !keptGrade(rs.Get(ap.Against)) {
				return nil, fmt.Errorf("entry %d has an appeal against no grade", e.ID)
			}
		}
	}
	for _, r := range rs.All() {
		if r.Kind != Kind {
			continue
		}
		e := s.entry(EntryID(r.Subject))
		if e == nil || (r.Ref != 0 && r.Ref > uint64(len(e.Appeals))) {
			return nil, fmt.Errorf("round %d grades no entry", r.ID)
		}
	}
	for i, r := range s.reps {
		if r == nil {
			return nil, fmt.Errorf("reputation %d is empty", i+1)
		}
		if _, dup := s.repOf[r.Address]; dup {
			return nil, fmt.Errorf("reputation of %s listed twice", r.Address)
		}
		s.repOf[r.Address] = i
	}
	return s, nil
}

// keptGrade reports whether r is a bounty round that kept a grade.
func keptGrade(r *round.Round) bool {
	if r == nil || r.Kind != Kind {
		return false
	}
	_, _, ok := r.Kept()
	return ok
}
