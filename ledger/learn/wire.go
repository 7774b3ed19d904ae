package learn

import (
	"encoding/json"
	"fmt"

	"github.com/arena/arena/ledger/round"
	"github.com/arena/arena/ledger/season"
)

// wireState is the kind's canonical encoding.
type wireState struct {
	Challenges []*challenge `json:"challenges"`
	Runs       []*run       `json:"runs"`
}

// MarshalJSON encodes the state canonically.
func (s *State) MarshalJSON() ([]byte, error) {
	w := wireState{Challenges: s.challenges, Runs: s.runs}
	if w.Challenges == nil {
		w.Challenges = []*challenge{}
	}
	if w.Runs == nil {
		w.Runs = []*run{}
	}
	return json.Marshal(w)
}

// Restore rebuilds a learning state from its encoding under t, checking every reference
// against itself and the rounds rs, and rebuilding the derived indexes.
func Restore(t Terms, data json.RawMessage, rs *round.Set) (*State, error) {
	s := New(t)
	var w wireState
	if err := json.Unmarshal(data, &w); err != nil {
		return nil, fmt.Errorf("learn: %w", err)
	}
	s.challenges, s.runs = w.Challenges, w.Runs
	for i, c := range s.challenges {
		if c == nil || c.ID != ChallengeID(i+1) || c.EpochS < season.MinEpochS || c.Folds == nil {
			return nil, fmt.Errorf("learn: challenge %d out of place or malformed", i+1)
		}
		for _, f := range c.Folds {
			if f == nil {
				return nil, fmt.Errorf("learn: challenge %d has an empty fold", c.ID)
			}
		}
		c.Runs = []RunID{}
		if c.State == ChallengeClosed {
			s.closed++
		} else if c.Reveal == RevealPending {
			s.pending = append(s.pending, c.ID)
		}
	}
	for i, r := range s.runs {
		if r == nil || r.ID != RunID(i+1) || s.challenge(r.Challenge) == nil {
			return nil, fmt.Errorf("learn: run %d out of place", i+1)
		}
		c := s.challenge(r.Challenge)
		c.Runs = append(c.Runs, r.ID)
		if s.pairs[pair{c.ID, r.Arch, r.Train}] {
			return nil, fmt.Errorf("learn: run %d enters a pair twice", r.ID)
		}
		s.pairs[pair{c.ID, r.Arch, r.Train}] = true
		if r.State == RunAnchoring {
			s.anchoring = append(s.anchoring, r.ID)
		}
		for _, x := range []struct {
			id   round.ID
			kind string
		}{{r.Round, RunKind}, {r.Heldout, HeldoutKind}} {
			if rd := rs.Get(x.id); x.id != 0 && (rd == nil || rd.Kind != x.kind || rd.Subject != uint64(r.ID)) {
				return nil, fmt.Errorf("learn: run %d names round %d of another subject", r.ID, x.id)
			}
		}
	}
	for _, rd := range rs.All() {
		var ok bool
		switch rd.Kind {
		case RunKind:
			x := s.run(RunID(rd.Subject))
			ok = x != nil && x.Round == rd.ID
		case HeldoutKind:
			x := s.run(RunID(rd.Subject))
			ok = x != nil && x.Heldout == rd.ID
		default:
			continue
		}
		if !ok {
			return nil, fmt.Errorf("learn: round %d grades nothing of this state", rd.ID)
		}
	}
	return s, nil
}
