package audit_test

import (
	"strings"
	"testing"

	"github.com/arena/arena/audit"
	"github.com/arena/arena/grading/bounty/overlap"
	"github.com/arena/arena/ledger"
)

// "the grade records what was excluded": on a task posted with copy_base the audit
// re-measures the overlap with the spec's, rubric's and template's tokens left out, and
// re-derives how many there were. A grade that left out what the task's base holds
// re-derives; one that claims the base but excluded nothing is caught.
func TestTheAuditLeavesOutTheBase(t *testing.T) {
	pick := func(snap *ledger.Snapshot) (*ledger.EntryView, *ledger.TaskView) {
		for i := range snap.Entries {
			e := &snap.Entries[i]
			if e.Current == nil || e.Current.Error != "" || e.Current.Result.Similarity == 0 || e.Current.DuplicateOf != 0 {
				continue
			}
			for j := range snap.Tasks {
				if snap.Tasks[j].ID == e.Task {
					return e, &snap.Tasks[j]
				}
			}
		}
		t.Fatal("the demo graded no original entry with an overlap")
		return nil, nil
	}

	snap := demoSnapshot(t)
	e, task := pick(snap)
	task.CopyBase, task.Template = true, e.Work // the whole work was handed out: nothing of it counts
	rep, err := audit.Entry(snap, e.ID, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.OK() {
		t.Fatalf("a grade that left nothing out passed under a base:\n%s", rep)
	}
	failed := map[string]bool{}
	for _, s := range rep.Steps {
		if !s.OK {
			failed[s.Name] = true
		}
	}
	if !failed["excluded"] || !failed["similarity"] {
		t.Fatalf("want failed excluded and similarity steps:\n%s", rep)
	}

	_, excluded := overlap.NewBase(e.Work).Strip(e.Work)
	e.Current.Result.Similarity, e.Current.Result.Excluded = 0, excluded
	if rep, _ = audit.Entry(snap, e.ID, nil); !rep.OK() {
		t.Fatalf("a grade measured without its base does not re-derive:\n%s", rep)
	}
	if !strings.Contains(rep.String(), "base tokens") {
		t.Errorf("the report does not say what was left out:\n%s", rep)
	}
}
