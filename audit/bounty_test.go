package audit_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/arena/arena/audit"
	"github.com/arena/arena/demo"
	"github.com/arena/arena/ledger"
)

// demoSnapshot runs the demo's three contests once (real validators, the builtin reader,
// real signatures) and returns a fresh copy of the snapshot it published.
var demoSnapshot = func() func(t *testing.T) *ledger.Snapshot {
	var once sync.Once
	var raw []byte
	var err error
	return func(t *testing.T) *ledger.Snapshot {
		t.Helper()
		once.Do(func() {
			dir, derr := os.MkdirTemp("", "audit-demo")
			if derr != nil {
				err = derr
				return
			}
			var sum demo.Summary
			if sum, err = demo.Run(t.Context(), demo.Options{Dir: filepath.Join(dir, "d")}); err == nil {
				raw, err = os.ReadFile(sum.Snapshot)
			}
		})
		if err != nil {
			t.Fatalf("demo: %v", err)
		}
		var s ledger.Snapshot
		if err := json.Unmarshal(raw, &s); err != nil {
			t.Fatal(err)
		}
		return &s
	}
}()

// "Every settled number re-derivable offline from published data": every graded entry
// of the demo re-derives, step by step, from the snapshot alone.
func TestEverySettledGradeOfTheDemoReDerives(t *testing.T) {
	snap := demoSnapshot(t)
	audited := 0
	for _, e := range snap.Entries {
		if e.Current == nil {
			continue
		}
		rep, err := audit.Entry(snap, e.ID, nil)
		if err != nil {
			t.Fatalf("entry %d: %v", e.ID, err)
		}
		if !rep.OK() {
			t.Errorf("entry %d does not re-derive:\n%s", e.ID, rep)
		}
		for _, want := range []string{"work", "quorum", "judged_tier", "similarity", "score"} {
			if !strings.Contains(rep.String(), " "+want) {
				t.Errorf("entry %d: no %s step in\n%s", e.ID, want, rep)
			}
		}
		audited++
	}
	if audited < 5 {
		t.Fatalf("audited %d entries, want the demo's graded ones", audited)
	}
}

// Each doctored number is caught by the step that re-derives it.
func TestADoctoredNumberIsCaught(t *testing.T) {
	cases := []struct {
		name, step string
		doctor     func(g *ledger.GradeView, e *ledger.EntryView)
	}{
		{"a raised score", "score", func(g *ledger.GradeView, _ *ledger.EntryView) { g.Score += 20 }},
		{"a hidden disqualification", "disqualified", func(g *ledger.GradeView, _ *ledger.EntryView) { g.Disqualified = !g.Disqualified }},
		{"work changed after grading", "work", func(_ *ledger.GradeView, e *ledger.EntryView) { e.Work += " (edited)" }},
		{"an answer rewritten", "answer", func(g *ledger.GradeView, _ *ledger.EntryView) {
			for i := range g.Result.Calls {
				g.Result.Calls[i].Response = `{"rung": 5, "reason": "perfect"}`
			}
		}},
		{"a judged rung that the answer does not say", "judged_tier", func(g *ledger.GradeView, _ *ledger.EntryView) { g.Result.JudgedTier = (g.Result.JudgedTier + 1) % 6 }},
		{"a check outcome flipped", "check", func(g *ledger.GradeView, _ *ledger.EntryView) {
			if len(g.Result.Checks) > 0 {
				g.Result.Checks[0].Passed = !g.Result.Checks[0].Passed
			}
		}},
		{"a similarity understated", "similarity", func(g *ledger.GradeView, _ *ledger.EntryView) { g.Result.Similarity = 0 }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			snap := demoSnapshot(t)
			var target *ledger.EntryView
			for i := range snap.Entries {
				e := &snap.Entries[i]
				if e.Current != nil && e.Current.Error == "" && len(e.Current.Result.Checks) > 0 && e.Current.Result.Similarity > 0 {
					target = e
					break
				}
			}
			if target == nil {
				t.Fatal("the demo graded no entry with checks and an overlap")
			}
			tc.doctor(target.Current, target)
			rep, err := audit.Entry(snap, target.ID, nil)
			if err != nil {
				t.Fatal(err)
			}
			if rep.OK() {
				t.Fatalf("the audit passed a doctored snapshot:\n%s", rep)
			}
			for _, s := range rep.Steps {
				if !s.OK && strings.Contains(s.Name, tc.step) {
					return
				}
			}
			t.Fatalf("no failed %q step:\n%s", tc.step, rep)
		})
	}
}

// A URL entry audits only against the bytes committed at filing: without them it says
// so, and with other bytes the work step fails.
func TestAURLEntryAuditsAgainstItsCommittedBytes(t *testing.T) {
	snap := demoSnapshot(t)
	var target *ledger.EntryView
	for i := range snap.Entries {
		if e := &snap.Entries[i]; e.Current != nil && e.Current.Error == "" {
			target = e
			break
		}
	}
	work := []byte(target.Work)
	sha := target.Current.Result.WorkDigest
	target.Work, target.WorkURL, target.WorkSHA = "", "https://solver.example/work.md", sha
	rep, _ := audit.Entry(snap, target.ID, nil)
	if rep.OK() || !strings.Contains(rep.String(), "not available") {
		t.Fatalf("audited a URL entry without its bytes:\n%s", rep)
	}
	rep, _ = audit.Entry(snap, target.ID, works{sha: work})
	if !rep.OK() {
		t.Fatalf("with the committed bytes the entry does not re-derive:\n%s", rep)
	}
	rep, _ = audit.Entry(snap, target.ID, works{sha: append(work, '!')})
	if rep.OK() {
		t.Fatalf("other bytes under the committed digest passed:\n%s", rep)
	}
}

type works map[string][]byte

func (w works) Work(d string) ([]byte, bool) { b, ok := w[d]; return b, ok }

// "Every settled number re-derivable": each award of the demo (its winner, the ranking
// and every bond's fate) re-derives from the snapshot, and a doctored winner or a bond
// marked refunded that was slashed is caught.
func TestEveryAwardOfTheDemoReDerives(t *testing.T) {
	snap := demoSnapshot(t)
	for _, task := range snap.Tasks {
		rep, err := audit.Task(snap, task.ID)
		if err != nil {
			t.Fatalf("task %d: %v", task.ID, err)
		}
		if !rep.OK() {
			t.Errorf("task %d does not re-derive:\n%s", task.ID, rep)
		}
	}
	doctored := demoSnapshot(t)
	var task *ledger.TaskView
	for i := range doctored.Tasks {
		if doctored.Tasks[i].State == ledger.TaskAwarded && len(doctored.Tasks[i].Entries) > 1 {
			task = &doctored.Tasks[i]
		}
	}
	if task == nil {
		t.Fatal("the demo awarded no task with two entries")
	}
	for _, id := range task.Entries {
		if id != task.Winner {
			task.Winner = id
			break
		}
	}
	if rep, _ := audit.Task(doctored, task.ID); rep.OK() || !strings.Contains(rep.String(), "FAIL winner") {
		t.Fatalf("a doctored winner passed:\n%s", rep)
	}
}
