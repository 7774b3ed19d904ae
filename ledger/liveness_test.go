package ledger_test

import (
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// "No input by any party can keep a prize in escrow past a bound the terms state": the
// close, the grading window, the appeal window and the attempts of one regrade. Each
// test below is an input that used to lock the prize, and shows the award going ahead.

// stalledContest is a task with alice's good entry graded and bob's entry on a work host
// that always answers 503, so no round on it can ever settle.
func stalledContest(t *testing.T) (a *arena, task TaskID, alice, bob EntryID) {
	a = newArena(t, 5, nil)
	task = a.Post(Ether(200))
	alice = a.Enter(task, "alice", "a strong launch note")
	bob = a.Enter(task, "bob", "https://down.example/work")
	a.GradeAs(alice, ledgertest.Reading(4, 0, false))
	return a, task, alice, bob
}

func TestAnEntryThatCanNeverBeGradedDoesNotLockThePrize(t *testing.T) {
	a, task, alice, bob := stalledContest(t)
	down := ledgertest.Failure(Transient, "Work host unavailable (503)")
	r := a.OpenRound(bob)
	for range attempts {
		a.AttestAll(r.ID, down)
	}
	if ev, _ := a.s.Entry(bob); ev.State != EntryUngraded {
		t.Fatalf("bob's entry is %s after its attempts ran out", ev.State)
	}
	// Inside the grading window grading stays permissionless: anyone may try again, and
	// award waits for it once alice's appeal window has passed.
	a.Wait(window)
	again := a.OpenRound(bob)
	a.AttestAll(again.ID, down)
	a.Refused(errAwardGrading, "stranger", Amount{}, Award{Task: task})

	// After it, nobody can start or finish a first grading, and award goes ahead.
	a.Wait(gradingWindow)
	a.Refused(errGradingClosed, "stranger", Amount{}, Grade{Entry: bob})
	a.Do("stranger", Amount{}, Award{Task: task})

	tv, _ := a.s.Task(task)
	if tv.State != TaskAwarded || tv.Winner != alice {
		t.Fatalf("task %+v", tv)
	}
	ev, _ := a.s.Entry(bob)
	if ev.State != EntryStalled || ev.Outcome != "refunded" || ev.Current != nil {
		t.Fatalf("bob's entry %+v: want stalled, refunded, with no grade", ev)
	}
	if rv, _ := a.s.Round(again.ID); rv.State != RoundAbandoned || len(a.s.OpenRounds()) != 0 {
		t.Fatalf("the round left open on bob's entry is %s; %d rounds open", rv.State, len(a.s.OpenRounds()))
	}
	if owed := a.s.Claimable(a.Addr("bob")); !owed.Eq(entryBond) {
		t.Fatalf("bob is owed %s, want his bond %s back", owed, entryBond)
	}
	if rep := a.s.Reputation(a.Addr("bob")); rep.Entries != 1 || rep.Grades != 0 || rep.Disqualifications != 0 {
		t.Fatalf("bob's reputation %+v: a stall is no grade", rep)
	}
	a.Refused(errGradingClosed, "stranger", Amount{}, Grade{Entry: bob})
}

func TestAnEntryNobodyGradesDoesNotLockThePrize(t *testing.T) {
	a := newArena(t, 5, nil)
	task := a.Post(Ether(200))
	e := a.Enter(task, "alice", "never graded")
	a.Wait(3600)
	until := a.Now() + gradingWindow // the task closed just now
	a.Refused(errAwardUngraded(until), "stranger", Amount{}, Award{Task: task})
	a.Wait(gradingWindow - 1)
	a.Refused(errAwardUngraded(until), "stranger", Amount{}, Award{Task: task})
	a.Wait(1)
	a.Do("stranger", Amount{}, Award{Task: task})
	tv, _ := a.s.Task(task)
	if tv.State != TaskVoided {
		t.Fatalf("task %s, want voided with its only entry stalled", tv.State)
	}
	if owed := a.s.Claimable(a.Addr("sponsor")); !owed.Eq(Ether(200)) {
		t.Fatalf("sponsor is owed %s, want the prize back", owed)
	}
	if ev, _ := a.s.Entry(e); ev.State != EntryStalled || !a.s.Claimable(a.Addr("alice")).Eq(entryBond) {
		t.Fatalf("entry %+v", ev)
	}
}

func TestAGradeThatSettlesInsideTheWindowStands(t *testing.T) {
	a, task, alice, bob := stalledContest(t)
	a.Wait(3600 + gradingWindow - 1)
	g := a.GradeAs(bob, ledgertest.Reading(5, 0, false)) // the host came back just in time
	a.Wait(window)
	a.Do("stranger", Amount{}, Award{Task: task})
	if tv, _ := a.s.Task(task); tv.Winner != bob || g.Score != 100 {
		t.Fatalf("winner %d, want bob's late but settled 100 over alice's entry %d", tv.Winner, alice)
	}
}

func TestNoFirstGradingSettlesAfterTheWindow(t *testing.T) {
	a, _, _, bob := stalledContest(t)
	a.Wait(3600 + gradingWindow - 10)
	r := a.OpenRound(bob)
	a.Wait(20) // the attempt is still open; the grading window is not
	at := a.Attempt(r.ID)
	a.Refused(errGradingClosed, a.ByAddr(at.Leader), Amount{}, Attest{Round: r.ID, Attempt: at.Attempt, Result: ledgertest.Reading(4, 0, false)})
}

// An appeal holds the award for at most the attempts of one regrade, even when nobody
// rotates its round: once every attempt it may have is past its deadline, award lets the
// appeal lapse (the grade stands, the appellant's bond comes back) and goes ahead.
func TestARegradeNobodyRotatesDoesNotLockThePrize(t *testing.T) {
	a, task, e := graded(t, ledgertest.Reading(3, 0, false))
	a.Wait(3600) // the task closes
	out := a.Do("appellant", appealBond, Appeal{Entry: e, Argument: "underrated"})
	regrade := RoundID(out.Created)
	a.Wait(600)
	a.Refused(errAwardAppealed, "stranger", Amount{}, Award{Task: task})
	a.Wait(int64(attempts)*timeout - 600 + 1) // past the regrade's last deadline, inside the grade's window
	a.Refused(errAwardWindow, "stranger", Amount{}, Award{Task: task})
	a.Wait(window)
	a.Do("stranger", Amount{}, Award{Task: task})

	tv, _ := a.s.Task(task)
	ev, _ := a.s.Entry(e)
	rv, _ := a.s.Round(regrade)
	if tv.State != TaskAwarded || tv.Winner != e || ev.Appeal.Outcome != AppealLapsed || ev.Current.Tier != 3 || rv.State != RoundAbandoned {
		t.Fatalf("task %s won by %d; appeal %s; grade %d; regrade round %s", tv.State, tv.Winner, ev.Appeal.Outcome, ev.Current.Tier, rv.State)
	}
	if owed := a.s.Claimable(a.Addr("appellant")); !owed.Eq(appealBond) {
		t.Fatalf("the appellant is owed %s, want the bond %s back", owed, appealBond)
	}
}
