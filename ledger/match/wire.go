package match

import (
	"encoding/json"
	"fmt"
	"slices"
)

// wireState is the match's canonical encoding.
type wireState struct {
	Matches []*match `json:"matches"`
	Bets    []*bet   `json:"bets"`
}

// MarshalJSON encodes the match state canonically.
func (s *State) MarshalJSON() ([]byte, error) {
	w := wireState{Matches: s.matches, Bets: s.bets}
	if w.Matches == nil {
		w.Matches = []*match{}
	}
	if w.Bets == nil {
		w.Bets = []*bet{}
	}
	return json.Marshal(w)
}

// Restore rebuilds a match state from its encoding under t, checking every reference
// and rebuilding the derived indexes. A missing part (an arena encoded before matches)
// restores as empty.
func Restore(t Terms, data json.RawMessage) (*State, error) {
	s := New(t)
	if len(data) == 0 {
		return s, nil
	}
	var w wireState
	if err := json.Unmarshal(data, &w); err != nil {
		return nil, fmt.Errorf("match: %w", err)
	}
	s.matches, s.bets = w.Matches, w.Bets
	for i, m := range s.matches {
		if m == nil || m.ID != MatchID(i+1) || slices.Contains(m.Turns, nil) || m.Turns == nil || m.Bets == nil {
			return nil, fmt.Errorf("match: match %d out of place or malformed", i+1)
		}
		if m.settled() {
			s.settled++
		}
		if m.Anchor == "" && !m.settled() {
			s.anchoring = append(s.anchoring, m.ID)
		}
		for _, t := range m.Turns {
			if t.Events == nil {
				return nil, fmt.Errorf("match: match %d turn %d has no event list", m.ID, t.Turn)
			}
		}
	}
	for i, x := range s.bets {
		if x == nil || x.ID != BetID(i+1) || s.match(x.Match) == nil || (x.Agent != 0 && x.Agent != 1) || !slices.Contains(s.match(x.Match).Bets, x.ID) {
			return nil, fmt.Errorf("match: bet %d out of place", i+1)
		}
	}
	return s, nil
}
