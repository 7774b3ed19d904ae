package ledger_test

import (
	"strings"
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// graded returns an arena whose entry by bob on a 200 GEN task is graded at g, and the
// task.
func graded(t *testing.T, g Result) (*arena, TaskID, EntryID) {
	a := newArena(t, 5, nil)
	task := a.Post(Ether(200))
	e := a.Enter(task, "bob", "the entry")
	a.GradeAs(e, g)
	return a, task, e
}

// "the reading moved -- a different rung, or the gate flipped, or the disqualification
// changed -- the appellant gets the bond back plus a bounty out of the pool"; the bounty
// is min(appeal bond, slash pool).
func TestAppealMovedPaysBondPlusBounty(t *testing.T) {
	a, _, e := graded(t, ledgertest.Reading(3, 0, false))
	held := a.Regrade(e, ledgertest.Reading(3, 0, false)) // fills the pool with one bond
	if held.Outcome != "held" || !a.s.Arena().Balances.SlashPool.Eq(appealBond) {
		t.Fatalf("appeal %+v, pool %s", held, a.s.Arena().Balances.SlashPool)
	}
	moved := a.Regrade(e, ledgertest.Reading(4, 0, false))
	if moved.Outcome != "moved" || !moved.Bounty.Eq(appealBond) {
		t.Fatalf("appeal %+v", moved)
	}
	if got := a.s.Claimable(a.Addr("appellant")); !got.Eq(Ether(40)) {
		t.Fatalf("appellant owed %s, want bond 20 + bounty 20", got)
	}
	b := a.s.Arena().Balances
	if !b.SlashPool.IsZero() || !b.BondEscrow.Eq(entryBond) {
		t.Fatalf("balances %+v", b)
	}
	// The pool is empty now: a moved appeal gets its bond back and no bounty.
	again := a.Regrade(e, ledgertest.Reading(0, 0, true))
	if again.Outcome != "moved" || !again.Bounty.IsZero() || !a.s.Claimable(a.Addr("appellant")).Eq(Ether(60)) {
		t.Fatalf("appeal %+v, owed %s", again, a.s.Claimable(a.Addr("appellant")))
	}
	ev, _ := a.s.Entry(e)
	if !ev.Current.Disqualified || len(a.s.Grades(e)) != 4 {
		t.Fatalf("the regrade did not replace the grade, or the history was lost: %+v", ev.Current)
	}
}

// "A second set that reads the work the same way has not moved anything, however
// differently it words its rationale ...: thirteen of them are filed in one test, and all
// thirteen bonds are slashed." Each appeal is against the latest grade.
func TestAppealThirteenRewordingsAreAllSlashed(t *testing.T) {
	a, _, e := graded(t, ledgertest.Reading(4, 0, false))
	for i := range 13 {
		res := ledgertest.Reading(4, 0, false)
		res.Rationale = strings.Repeat("reworded ", i+1)
		res.JudgedScore = []int{80, 99, 88, 85, 84, 80, 80, 80, 80, 80, 80, 80, 80}[i]
		if ap := a.Regrade(e, res); ap.Outcome != "held" {
			t.Fatalf("appeal %d %s", i+1, ap.Outcome)
		}
	}
	if pool := a.s.Arena().Balances.SlashPool; !pool.Eq(Ether(13 * 20)) {
		t.Fatalf("slash pool %s, want 260 GEN", pool)
	}
	if ev, _ := a.s.Entry(e); ev.Current.Score != 80 || len(ev.Rounds) != 14 {
		t.Fatalf("score %d after %d rounds", ev.Current.Score, len(ev.Rounds))
	}
	if got := a.s.Claimable(a.Addr("appellant")); !got.IsZero() {
		t.Fatalf("appellant owed %s", got)
	}
}

// "An appeal filed after the window, or a second appeal on the same grade, is refused";
// so is one on an entry with no grade, one with the wrong bond and one without argument.
func TestAppealRefusals(t *testing.T) {
	a, task, e := graded(t, ledgertest.Reading(3, 0, false))
	pending := a.Enter(task, "carol", "not graded yet")
	arg := Appeal{Entry: e, Argument: "read it again"}
	a.Refused(errNoEntry, "appellant", appealBond, Appeal{Entry: 42, Argument: "x"})
	a.Refused(errAppealBond, "appellant", Ether(5), arg)
	a.Refused(errArgument, "appellant", appealBond, Appeal{Entry: e})
	a.Refused(errArgument, "appellant", appealBond, Appeal{Entry: e, Argument: strings.Repeat("a", MaxArgumentLen+1)})
	a.Refused(errNoGrade, "appellant", appealBond, Appeal{Entry: pending, Argument: "x"})
	a.OpenRound(pending)
	a.Refused(errNoGrade, "appellant", appealBond, Appeal{Entry: pending, Argument: "x"})

	out := a.Do("appellant", appealBond, arg)
	a.Refused(errAppealedTwice, "alice", appealBond, arg)
	a.Refused(errAttemptOpen, "alice", Amount{}, Grade{Entry: e})
	a.AttestAll(RoundID(out.Created), ledgertest.Reading(3, 0, false))

	ev, _ := a.s.Entry(e)
	a.Wait(ev.Current.AppealUntil - a.Now() - 1)
	late := a.Do("dave", appealBond, arg) // one second inside the new grade's window
	a.AttestAll(RoundID(late.Created), ledgertest.Reading(3, 0, false))
	ev, _ = a.s.Entry(e)
	a.Wait(ev.Current.AppealUntil - a.Now())
	a.Refused(errAppealClosed, "appellant", appealBond, arg)
}

// An appeal holds value for at most the attempts of one regrade: a regrade that cannot
// settle lets the appeal lapse, the grade appealed stands, the appellant's bond comes back
// whole, and the entry can be awarded.
func TestAppealWhoseRegradeCannotSettleLapses(t *testing.T) {
	a, _, e := graded(t, ledgertest.Reading(2, 0, false))
	out := a.Do("appellant", appealBond, Appeal{Entry: e, Argument: "underrated"})
	r := RoundID(out.Created)
	regrade, _ := a.s.Round(r)
	if !regrade.Regrade || regrade.Argument != "underrated" {
		t.Fatalf("regrade round %+v", regrade)
	}
	first := a.s.Grades(e)[0].Grade.Leader
	if regrade.Attempts[0].Leader == first {
		t.Fatal("the regrade is led by the leader of the grade appealed")
	}
	for range attempts {
		a.AttestAll(r, ledgertest.Failure(LLMError, "No merit rung in the response"))
	}
	ev, _ := a.s.Entry(e)
	if ev.State != EntryGraded || ev.Current.Tier != 2 || ev.Appeal.Outcome != AppealLapsed || ev.Current.Round != a.s.Grades(e)[0].ID {
		t.Fatalf("entry %+v", ev)
	}
	if owed := a.s.Claimable(a.Addr("appellant")); !owed.Eq(appealBond) {
		t.Fatalf("appellant is owed %s, want the bond %s back", owed, appealBond)
	}
	a.Refused(errAlreadyGraded, "stranger", Amount{}, Grade{Entry: e})
}
