package audit_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/arena/arena/audit"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// refundArena returns an arena under protocol version 2, which splits refunds per
// funder, driven through a bare engine, with its state.
func refundArena(t *testing.T) (*ledger.State, *ledgertest.Contest) {
	terms := ledgertest.Terms(3)
	terms.Protocol = 2
	s, err := ledger.New(terms)
	if err != nil {
		t.Fatal(err)
	}
	return s, ledgertest.Drive(t, ledgertest.NewBare(s))
}

// A funder who topped up twice is paid back once, their additions summed and rounded
// down once; a snapshot whose refunds round each top-up apart (the atto to the sponsor,
// the funder named twice) does not follow, and the audit says so.
func TestTheAuditDerivesRefundsPerFunder(t *testing.T) {
	s, c := refundArena(t)
	body := ledger.PostTask{Title: "Launch note", Spec: "Write a launch note.", Rubric: "At most 600 characters.", ClosesInS: ledgertest.ClosesInS, Shares: []int{5000, 5000}}
	task := ledger.TaskID(c.Do("sponsor", ledger.Ether(10), body).Created)
	c.Do("alice", ledger.MustAmount("3000000000000000002"), ledger.TopUp{Task: task})
	c.Do("alice", ledger.MustAmount("1500000000000000001"), ledger.TopUp{Task: task})
	c.GradeAs(c.Enter(task, "bob", "strong"), ledgertest.Reading(4, 0, false))
	c.Settle(task)
	snap := s.Snapshot()
	rep, err := audit.Task(&snap, task)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() {
		t.Fatalf("the refunds do not re-derive:\n%s", rep)
	}
	tv := taskIn(&snap, task)
	tv.Refunds = []ledger.Payout{
		{Address: c.Addr("sponsor"), Prize: ledger.MustAmount("5000000000000000001")},
		{Address: c.Addr("alice"), Prize: ledger.MustAmount("1500000000000000000")},
		{Address: c.Addr("alice"), Prize: ledger.MustAmount("750000000000000000")},
	}
	rep, _ = audit.Task(&snap, task)
	want := fmt.Sprintf("FAIL returned to funders settled [%s 5000000000000000001 %s 1500000000000000000 %s 750000000000000000], derived [%s 5000000000000000000 %s 2250000000000000001]",
		c.Addr("sponsor"), c.Addr("alice"), c.Addr("alice"), c.Addr("sponsor"), c.Addr("alice"))
	if rep.OK() || !strings.Contains(rep.String(), want) || rep.Closing() != "MISMATCH: the task's award does not follow from the published data" {
		t.Fatalf("refunds rounded per top-up passed, or not as %q:\n%s\n%s", want, rep, rep.Closing())
	}
}

// Under a seeded random walk of top-ups, from a few funders (the sponsor among them) to
// tiered and plain tasks with none, one or two eligible entries, the prize sent back goes
// one row per funder in the order of their first funding, each funder after the sponsor
// getting the back times all they added over the prize rounded down once, the rows
// summing to the back to the atto; and the audit re-derives every task.
func TestRefundsUnderARandomWalkOfTopUps(t *testing.T) {
	const tasks = 24
	s, c := refundArena(t)
	rng := rand.New(rand.NewPCG(34, 1))
	funders := []string{"sponsor", "alice", "dave", "erin"}
	shares := [][]int{nil, {5000, 5000}, {6000, 3000, 1000}, {7000, 2000, 500, 500}}
	var ids []ledger.TaskID
	merged := 0
	for range tasks {
		body := ledger.PostTask{Title: "t", Spec: "s", Rubric: "r", ClosesInS: ledgertest.ClosesInS, Shares: shares[rng.IntN(len(shares))]}
		task := ledger.TaskID(c.Do("sponsor", ledger.NewAmount(rng.Uint64N(9e18)+1e18), body).Created)
		for range rng.IntN(10) + 1 {
			c.Do(funders[rng.IntN(len(funders))], ledger.NewAmount(rng.Uint64N(2e18)+1), ledger.TopUp{Task: task})
		}
		for _, solver := range []string{"bob", "carol"}[:rng.IntN(3)] {
			c.GradeAs(c.Enter(task, solver, solver+"'s"), ledgertest.Reading(4, 0, false))
		}
		tv := c.Settle(task)
		if checkRefunds(t, c, tv) && len(tv.Refunds) < len(tv.TopUps)+1 {
			merged++
		}
		ids = append(ids, task)
	}
	if merged < tasks/4 {
		t.Fatalf("only %d of %d tasks sent prize back to a funder who topped up more than once", merged, tasks)
	}
	snap := s.Snapshot()
	for _, id := range ids {
		rep, err := audit.Task(&snap, id)
		if err != nil {
			t.Fatal(err)
		}
		if !rep.OK() {
			t.Errorf("task %d does not re-derive:\n%s", id, rep)
		}
	}
}

// checkRefunds fails unless tv's refunds are its back split once per funder, and
// reports whether any went back.
func checkRefunds(t *testing.T, c *ledgertest.Contest, tv ledger.TaskView) bool {
	t.Helper()
	back := tv.Prize
	if tv.State != ledger.TaskVoided {
		back = ledger.Amount{}
		for _, p := range tv.Podium {
			if p.Entry == 0 {
				back, _ = back.Add(p.Amount)
			}
		}
	}
	if back.IsZero() {
		if len(tv.Refunds) != 0 {
			t.Fatalf("task %d: nothing went back, yet refunds %+v", tv.ID, tv.Refunds)
		}
		return false
	}
	order, added := []ledger.Address{tv.Sponsor}, map[ledger.Address]ledger.Amount{tv.Sponsor: tv.Prize}
	for _, f := range tv.TopUps {
		if !slices.Contains(order, f.From) {
			order = append(order, f.From)
		}
		added[f.From], _ = added[f.From].Add(f.Amount)
		added[tv.Sponsor], _ = added[tv.Sponsor].Sub(f.Amount)
	}
	var want []ledger.Payout
	rest := back
	for _, a := range order[1:] {
		part, _ := back.MulDiv(added[a], tv.Prize)
		rest, _ = rest.Sub(part)
		want = append(want, ledger.Payout{Address: a, Prize: part})
	}
	want = append([]ledger.Payout{{Address: tv.Sponsor, Prize: rest}}, want...)
	want = slices.DeleteFunc(want, func(p ledger.Payout) bool { return p.Prize.IsZero() })
	var sum ledger.Amount
	for _, p := range tv.Refunds {
		sum, _ = sum.Add(p.Prize)
	}
	if len(want) != len(tv.Refunds) || !sum.Eq(back) {
		t.Fatalf("task %d: refunds %+v sum to %s, want %+v summing to %s", tv.ID, tv.Refunds, sum, want, back)
	}
	for i, p := range tv.Refunds {
		if p.Address != want[i].Address || !p.Prize.Eq(want[i].Prize) {
			t.Fatalf("task %d: refund %d is %s %s, want %s %s (%s)", tv.ID, i, c.Name(p.Address), p.Prize, c.Name(want[i].Address), want[i].Prize, want[i].Address)
		}
	}
	return true
}

// A task refunded under protocol version 1, which split per funding, audits under
// version 1's rule: a funder who topped up twice is named twice, each rounded apart.
func TestTheAuditDerivesVersion1RefundsPerFunding(t *testing.T) {
	s, err := ledger.New(ledgertest.Terms(3))
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
	tv := taskIn(&snap, task)
	if tv.RefundsPerFunder || len(tv.Refunds) != 3 {
		t.Fatalf("version 1 refunds %+v, per funder %v: want three rows per funding", tv.Refunds, tv.RefundsPerFunder)
	}
	rep, err := audit.Task(&snap, task)
	if err != nil || !rep.OK() {
		t.Fatalf("version 1 refunds do not re-derive: %v\n%s", err, rep)
	}
	tv.RefundsPerFunder = true // as if split per funder: the rows no longer follow
	if rep, _ := audit.Task(&snap, task); rep.OK() {
		t.Fatal("per-funding refunds passed as per-funder ones")
	}
}
