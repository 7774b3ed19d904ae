package challenge

import "github.com/arena/arena/ledger/round"

// Names reports whether a record of the kind names the artifact d by its sha256: a bench
// version's module, a committed program, or the transcript an attestation of a run's
// round published (rounds looks a round up by id).
func (s *State) Names(d string, rounds *round.Set) bool {
	for _, b := range s.benches {
		if b.Module == d {
			return true
		}
	}
	for _, e := range s.entries {
		if e.Program == d {
			return true
		}
	}
	for _, r := range s.runs {
		if r.Kept != nil && r.Kept.Transcript == d {
			return true
		}
		if rd := rounds.Get(r.Round); rd != nil && publishes(rd, d) {
			return true
		}
	}
	return false
}

// publishes reports whether an attestation of rd names the transcript d.
func publishes(rd *round.Round, d string) bool {
	for _, a := range rd.Attempts {
		for _, at := range a.Attestations {
			if v, ok := at.Verdict.(*runVerdict); ok && v.Transcript == d {
				return true
			}
		}
	}
	return false
}
