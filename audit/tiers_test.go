package audit_test

import (
	"strings"
	"testing"

	"github.com/arena/arena/audit"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// tieredSnapshot settles a 60/30/10 task topped up by a stranger, with a team entry in
// first place, a solo entry second, nobody third, an entry withdrawn and one replaced,
// and returns the arena's snapshot.
func tieredSnapshot(t *testing.T) (*ledger.Snapshot, ledger.TaskID, ledger.EntryID) {
	s, err := ledger.New(ledgertest.Terms(3))
	if err != nil {
		t.Fatal(err)
	}
	c := ledgertest.Drive(t, ledgertest.NewBare(s))
	body := ledger.PostTask{Title: "Launch note", Spec: "Write a launch note.", Rubric: "At most 600 characters.", ClosesInS: ledgertest.ClosesInS, Shares: []int{6000, 3000, 1000}}
	task := ledger.TaskID(c.Do("sponsor", ledger.MustAmount("100000000000000000003"), body).Created)
	c.Do("erin", ledger.MustAmount("7000000000000000001"), ledger.TopUp{Task: task})
	bond := c.Terms().EntryBond
	team := []ledger.Member{{Address: c.Addr("alice"), Share: 3334}, {Address: c.Addr("bob"), Share: 3333}, {Address: c.Addr("carol"), Share: 3333}}
	et := ledger.EntryID(c.Do("alice", bond, ledger.Submit{Task: task, Work: "joint", Team: team}).Created)
	ed := c.Enter(task, "dave", "dave's")
	gone := c.Enter(task, "appellant", "appellant's")
	c.Do("appellant", ledger.Amount{}, ledger.WithdrawEntry{Entry: gone})
	old := c.Enter(task, "stranger", "stranger's first")
	c.Do("stranger", ledger.Amount{}, ledger.Replace{Entry: old, Work: "stranger's second"})
	eg := ledger.EntryID(old + 1)
	c.GradeAs(et, ledgertest.Reading(5, 0, false))
	c.GradeAs(ed, ledgertest.Reading(3, 0, false))
	c.GradeAs(eg, ledgertest.Reading(0, 0, true))
	c.Settle(task)
	snap := s.Snapshot()
	return &snap, task, et
}

// "arena audit (every share re-derived)": each rank's entry and prize, the team's parts
// of prize and bond to the atto, the prize no rank took back to its funders, and what
// became of a withdrawn and a replaced entry all re-derive from the snapshot; a doctored
// part of any of them is caught.
func TestEveryShareOfATieredTaskReDerives(t *testing.T) {
	snap, task, et := tieredSnapshot(t)
	rep, err := audit.Task(snap, task)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() {
		t.Fatalf("the tiered task does not re-derive:\n%s", rep)
	}
	for _, want := range []string{"ok   rank 1 entry", "ok   rank 3 entry settled 0, derived 0", "ok   returned to funders", "ok   entry 1 team", "ok   entry 3 bond settled withdrawn", "ok   entry 4 bond settled replaced", "ok   entry 2 bond settled placed"} {
		if !strings.Contains(rep.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, rep)
		}
	}
	for name, doctor := range map[string]func(s *ledger.Snapshot){
		"FAIL rank 2 prize": func(s *ledger.Snapshot) {
			tv := taskIn(s, task)
			tv.Podium[1].Amount, _ = tv.Podium[1].Amount.Add(ledger.NewAmount(1))
		},
		"FAIL entry 1 team": func(s *ledger.Snapshot) {
			for i := range s.Entries {
				if s.Entries[i].ID == et {
					s.Entries[i].Payouts[2].Prize, _ = s.Entries[i].Payouts[2].Prize.Add(ledger.NewAmount(1))
				}
			}
		},
		"FAIL returned to funders": func(s *ledger.Snapshot) {
			tv := taskIn(s, task)
			tv.Refunds = tv.Refunds[:1]
		},
	} {
		s, _, _ := tieredSnapshot(t)
		doctor(s)
		if rep, _ := audit.Task(s, task); rep.OK() || !strings.Contains(rep.String(), name) {
			t.Errorf("doctored %s passed:\n%s", name, rep)
		}
	}
}

func taskIn(s *ledger.Snapshot, id ledger.TaskID) *ledger.TaskView {
	for i := range s.Tasks {
		if s.Tasks[i].ID == id {
			return &s.Tasks[i]
		}
	}
	return nil
}
