package audit_test

import (
	"fmt"
	"testing"

	"github.com/arena/arena/audit"
	"github.com/arena/arena/ledger"
)

// demoCopy returns the demo's entry disqualified as a copy of an earlier one, in s.
func demoCopy(t *testing.T, s *ledger.Snapshot) *ledger.EntryView {
	t.Helper()
	for i := range s.Entries {
		if g := s.Entries[i].Current; g != nil && g.DuplicateOf != 0 {
			return &s.Entries[i]
		}
	}
	t.Fatal("the demo filed no copy")
	return nil
}

// An honest entry's grade and award re-derive with nothing caught; a copy is a cheat
// the grade caught (disqualified as the duplicate) and the award too (its bond
// slashed): each report says so and closes as every number re-derived.
func TestACopyIsACaughtCheat(t *testing.T) {
	snap := demoSnapshot(t)
	cp := demoCopy(t, snap)
	for _, e := range snap.Entries {
		if e.Current == nil || e.Task == cp.Task || e.Current.Disqualified {
			continue
		}
		rep, err := audit.Entry(snap, e.ID, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !rep.OK() || len(rep.Caught) != 0 || lastLine(rep) != audit.Derived {
			t.Errorf("entry %d: want every number re-derived and nothing caught:\n%s", e.ID, rep)
		}
	}
	rep, err := audit.Entry(snap, cp.ID, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("entry %d copies entry %d (%d%% of it); disqualified, score 0, its bond slashed at award", cp.ID, cp.Current.DuplicateOf, cp.Current.Result.Similarity)
	if !rep.OK() || lastLine(rep) != audit.Derived || len(rep.Caught) != 1 || rep.Caught[0] != want {
		t.Errorf("entry %d: want %q caught and every number re-derived:\n%s", cp.ID, want, rep)
	}
	rep, err = audit.Task(snap, cp.Task)
	if err != nil {
		t.Fatal(err)
	}
	want = fmt.Sprintf("entry %d copies entry %d; disqualified, its bond slashed", cp.ID, cp.Current.DuplicateOf)
	if !rep.OK() || lastLine(rep) != audit.Derived || len(rep.Caught) != 1 || rep.Caught[0] != want {
		t.Errorf("task %d: want %q caught and every number re-derived:\n%s", cp.Task, want, rep)
	}
}

// A doctored grade or award closes the report with a mismatch of the entry's grade or
// the task's award, and a copy's bond shown refunded is no caught cheat.
func TestADoctoredGradeOrAwardClosesWithAMismatch(t *testing.T) {
	snap := demoSnapshot(t)
	cp := demoCopy(t, snap)
	cp.Current.Score = 20
	rep, err := audit.Entry(snap, cp.ID, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := "MISMATCH: the entry's grade does not follow from the published data"; rep.OK() || lastLine(rep) != want || len(rep.Caught) != 0 {
		t.Errorf("a copy's score raised: want %q and nothing caught:\n%s", want, rep)
	}
	snap = demoSnapshot(t)
	cp = demoCopy(t, snap)
	cp.Outcome = "refunded"
	rep, err = audit.Task(snap, cp.Task)
	if err != nil {
		t.Fatal(err)
	}
	if want := "MISMATCH: the task's award does not follow from the published data"; rep.OK() || lastLine(rep) != want || len(rep.Caught) != 0 {
		t.Errorf("a copy's bond refunded: want %q and nothing caught:\n%s", want, rep)
	}
}
