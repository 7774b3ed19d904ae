package round

import (
	"encoding/json"
	"fmt"
	"slices"
)

// Decoder decodes a verdict of the named kind from its JSON, strictly.
type Decoder func(kind string, raw json.RawMessage) (Verdict, error)

// wireAttestation mirrors Attestation with the verdict left undecoded.
type wireAttestation struct {
	Attestation
	Verdict json.RawMessage `json:"result"`
}

type wireAttempt struct {
	Attempt
	Attestations []wireAttestation `json:"attestations"`
}

type wireRound struct {
	Round
	Attempts []*wireAttempt `json:"attempts"`
}

// Restore rebuilds a set from the JSON list of its rounds, decoding each verdict with
// decode by its round's kind, and checks that every round is in place and well formed.
func Restore(t Terms, data json.RawMessage, decode Decoder) (*Set, error) {
	var ws []*wireRound
	if err := json.Unmarshal(data, &ws); err != nil {
		return nil, fmt.Errorf("rounds: %w", err)
	}
	s := &Set{terms: t, rounds: make([]*Round, len(ws))}
	for i, w := range ws {
		if w == nil || w.ID != ID(i+1) || len(w.Attempts) == 0 || len(w.Order) == 0 || slices.Contains(w.Attempts, nil) {
			return nil, fmt.Errorf("round %d out of place or malformed", i+1)
		}
		r := w.Round
		r.Attempts = make([]*Attempt, len(w.Attempts))
		for j, wa := range w.Attempts {
			a := wa.Attempt
			a.Attestations = make([]Attestation, len(wa.Attestations))
			for k, wt := range wa.Attestations {
				v, err := decode(r.Kind, wt.Verdict)
				if err != nil {
					return nil, fmt.Errorf("round %d attempt %d: %w", r.ID, j+1, err)
				}
				at := wt.Attestation
				at.Verdict = v
				a.Attestations[k] = at
			}
			r.Attempts[j] = &a
		}
		s.rounds[i] = &r
		if r.State == Open {
			s.open = append(s.open, r.ID)
		}
	}
	return s, nil
}
