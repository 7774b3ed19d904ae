package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// `arena audit task` re-derives the prize a task sent back to its funders on its own,
// one row per funder: a snapshot whose refunds round each top-up apart (the funder named
// twice, the atto to the sponsor) exits with the wrong-settlement status.
func TestAuditTaskRefusesRefundsRoundedPerTopUp(t *testing.T) {
	terms := ledgertest.Terms(3)
	terms.Protocol = 2 // which splits refunds per funder
	s, err := ledger.New(terms)
	if err != nil {
		t.Fatal(err)
	}
	c := ledgertest.Drive(t, ledgertest.NewBare(s))
	body := ledger.PostTask{Title: "Launch note", Spec: "Write a launch note.", Rubric: "At most 600 characters.", ClosesInS: ledgertest.ClosesInS, Shares: []int{5000, 5000}}
	task := ledger.TaskID(c.Do("sponsor", ledger.Ether(10), body).Created)
	c.Do("alice", ledger.MustAmount("3000000000000000002"), ledger.TopUp{Task: task})
	c.Do("alice", ledger.MustAmount("1500000000000000001"), ledger.TopUp{Task: task})
	c.GradeAs(c.Enter(task, "bob", "strong"), ledgertest.Reading(4, 0, false))
	c.Settle(task)
	snap := s.Snapshot()
	dir := t.TempDir()
	write := func(name string, s ledger.Snapshot) string { return writeSnapshot(t, dir, name, s) }
	honest := write("snapshot.json", snap)
	snap.Tasks[0].Refunds = []ledger.Payout{
		{Address: c.Addr("sponsor"), Prize: ledger.MustAmount("5000000000000000001")},
		{Address: c.Addr("alice"), Prize: ledger.MustAmount("1500000000000000000")},
		{Address: c.Addr("alice"), Prize: ledger.MustAmount("750000000000000000")},
	}
	doctored := write("doctored.json", snap)
	for _, tc := range []struct {
		name, snapshot string
		code           int
		last           string
	}{
		{"refunds per funder", honest, 0, "every number re-derived"},
		{"refunds per top-up", doctored, exitMismatch, "MISMATCH: the task's award does not follow from the published data"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := run(context.Background(), []string{"audit", "task", "1", "--snapshot", tc.snapshot, "--dir", t.TempDir()}, nil, &out, &errb)
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stdout:\n%s\nstderr: %s", code, tc.code, out.String(), errb.String())
			}
			lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			if last := lines[len(lines)-1]; last != tc.last {
				t.Errorf("the closing line is %q, want %q", last, tc.last)
			}
		})
	}
}
