package challenge

import (
	"encoding/json"
	"fmt"

	"github.com/arena/arena/ledger/round"
	"github.com/arena/arena/ledger/season"
)

// wireState is the kind's canonical encoding.
type wireState struct {
	Benches    []*bench     `json:"benches"`
	Challenges []*challenge `json:"challenges"`
	Entries    []*entry     `json:"entries"`
	Runs       []*run       `json:"runs"`
}

// MarshalJSON encodes the state canonically.
func (s *State) MarshalJSON() ([]byte, error) {
	w := wireState{Benches: s.benches, Challenges: s.challenges, Entries: s.entries, Runs: s.runs}
	if w.Benches == nil {
		w.Benches = []*bench{}
	}
	if w.Challenges == nil {
		w.Challenges = []*challenge{}
	}
	if w.Entries == nil {
		w.Entries = []*entry{}
	}
	if w.Runs == nil {
		w.Runs = []*run{}
	}
	return json.Marshal(w)
}

// Restore rebuilds a challenge state from its encoding under t, checking every reference
// against itself and the rounds rs, and rebuilding the derived indexes. An absent part
// (a state encoded before the kind existed) restores as empty.
func Restore(t Terms, data json.RawMessage, rs *round.Set) (*State, error) {
	s := New(t)
	if len(data) == 0 || string(data) == "null" {
		return s, nil
	}
	var w wireState
	if err := json.Unmarshal(data, &w); err != nil {
		return nil, fmt.Errorf("challenge: %w", err)
	}
	s.benches, s.challenges, s.entries, s.runs = w.Benches, w.Challenges, w.Entries, w.Runs
	for _, step := range []func(*round.Set) error{s.restoreBenches, s.restoreChallenges, s.restoreEntries, s.restoreRuns, s.restoreRounds} {
		if err := step(rs); err != nil {
			return nil, fmt.Errorf("challenge: %w", err)
		}
	}
	return s, nil
}

func (s *State) restoreBenches(rs *round.Set) error {
	for i, b := range s.benches {
		if b == nil || b.ID != BenchID(i+1) {
			return fmt.Errorf("bench %d out of place", i+1)
		}
		if r := rs.Get(b.Round); r == nil || r.Kind != CheckKind || r.Subject != uint64(b.ID) {
			return fmt.Errorf("bench %d names round %d of another subject", b.ID, b.Round)
		}
	}
	return nil
}

func (s *State) restoreChallenges(*round.Set) error {
	for i, c := range s.challenges {
		if c == nil || c.ID != ChallengeID(i+1) || c.EpochS < season.MinEpochS || s.bench(c.Active) == nil {
			return fmt.Errorf("challenge %d out of place or malformed", i+1)
		}
		for _, f := range c.Folds {
			if f == nil {
				return fmt.Errorf("challenge %d has an empty fold", c.ID)
			}
		}
		if c.State == ChallengeClosed {
			s.closed++
		}
	}
	return nil
}

func (s *State) restoreEntries(*round.Set) error {
	for i, e := range s.entries {
		if e == nil || e.ID != EntryID(i+1) || s.challenge(e.Challenge) == nil {
			return fmt.Errorf("entry %d out of place", i+1)
		}
		c := s.challenge(e.Challenge)
		c.Entries = append(c.Entries, e.ID)
		for _, id := range e.Runs {
			if r := s.run(id); r == nil || r.Entry != e.ID {
				return fmt.Errorf("entry %d names run %d of another", e.ID, id)
			}
		}
		if r := s.run(e.Run); r == nil || r.Entry != e.ID || r.Purpose != PurposeEntry {
			return fmt.Errorf("entry %d names no entry run of its own", e.ID)
		}
	}
	return nil
}

func (s *State) restoreRuns(rs *round.Set) error {
	for i, r := range s.runs {
		if r == nil || r.ID != RunID(i+1) || s.entry(r.Entry) == nil || s.bench(r.Bench) == nil || s.entry(r.Entry).Challenge != r.Challenge {
			return fmt.Errorf("run %d out of place", i+1)
		}
		c := s.challenge(r.Challenge)
		c.Runs = append(c.Runs, r.ID)
		if r.State == RunAnchoring {
			s.anchoring = append(s.anchoring, r.ID)
			continue
		}
		if rd := rs.Get(r.Round); r.Round != 0 && (rd == nil || rd.Kind != RunKind || rd.Subject != uint64(r.ID)) {
			return fmt.Errorf("run %d names round %d of another subject", r.ID, r.Round)
		}
	}
	return nil
}

// restoreRounds checks that every round of the kind names a bench or run that names it.
func (s *State) restoreRounds(rs *round.Set) error {
	for _, r := range rs.All() {
		var ok bool
		switch r.Kind {
		case CheckKind:
			b := s.bench(BenchID(r.Subject))
			ok = b != nil && b.Round == r.ID
		case RunKind:
			x := s.run(RunID(r.Subject))
			ok = x != nil && x.Round == r.ID
		default:
			continue
		}
		if !ok {
			return fmt.Errorf("round %d grades nothing of this state", r.ID)
		}
	}
	return nil
}
