package audit_test

import (
	"slices"
	"testing"

	"github.com/arena/arena/ledger"
)

// The kept result of a run whose bench pins no model is its attempt's leader's, and
// the leader need not have attested first: whichever agreeing member the ledger kept
// it from, in whatever order they attested, the run re-derives.
func TestTheKeptResultMayComeFromAnyAgreeingMember(t *testing.T) {
	f := runFixture(t)
	for shift := range 3 {
		snap := f.snap(t)
		run := runOf(t, snap)
		at := run.Attestations
		run.Attestations = append(slices.Clone(at[shift:]), at[:shift]...)
		if rep := f.audit(t, snap, f.log(), f.sources()); !rep.OK() {
			t.Fatalf("attestations rotated by %d, kept from %s:\n%s", shift, run.KeptFrom, rep)
		}
	}
}

// runOf returns run 1 of the snapshot's first challenge, to doctor in place.
func runOf(t *testing.T, s *ledger.Snapshot) *ledger.RunView {
	t.Helper()
	for i := range s.Challenges[0].Runs {
		if r := &s.Challenges[0].Runs[i]; r.ID == 1 {
			return r
		}
	}
	t.Fatal("no run 1 in the snapshot")
	return nil
}
