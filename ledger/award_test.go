package ledger_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/ledger/book"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// "award() ... ranks the eligible entries by the score consensus already settled, breaks
// ties by who filed first, moves the prize, returns the bonds, slashes the bonds of
// disqualified entries, and writes the win into a reputation record."
func TestAwardPaysTheHighestEligibleScore(t *testing.T) {
	a := newArena(t, 5, nil)
	task := a.Post(Ether(200))
	ea := a.Enter(task, "alice", "adequate")
	eb := a.Enter(task, "bob", "strong")
	ec := a.Enter(task, "carol", "over length")
	ed := a.Enter(task, "dave", "https link that 404s")
	a.GradeAs(ea, ledgertest.Reading(3, 0, false))
	a.GradeAs(eb, ledgertest.Reading(4, 0, false))
	a.GradeAs(ec, ledgertest.Reading(0, 0, true))
	a.GradeAs(ed, ledgertest.Failure(External, "Work URL returned 404"))
	tv := a.Settle(task)
	if tv.State != TaskAwarded || tv.Winner != eb || *tv.WinnerAddr != a.Addr("bob") || tv.WinScore != 80 {
		t.Fatalf("task %+v", tv)
	}
	owed := map[string]Amount{"alice": entryBond, "bob": Ether(205), "carol": {}, "dave": entryBond}
	for name, want := range owed {
		if got := a.s.Claimable(a.Addr(name)); !got.Eq(want) {
			t.Fatalf("%s owed %s, want %s", name, got, want)
		}
	}
	outcomes := map[EntryID]string{ea: "refunded", eb: "won", ec: "slashed", ed: "refunded"}
	for id, want := range outcomes {
		if ev, _ := a.s.Entry(id); ev.Outcome != want {
			t.Fatalf("entry %d outcome %q, want %q", id, ev.Outcome, want)
		}
	}
	b := a.s.Arena().Balances
	if !b.PrizeEscrow.IsZero() || !b.BondEscrow.IsZero() || !b.SlashPool.Eq(entryBond) {
		t.Fatalf("balances %+v", b)
	}
	bob := a.s.Reputation(a.Addr("bob"))
	want := Reputation{Address: a.Addr("bob"), Entries: 1, Grades: 1, Wins: 1, BestScore: 80, AverageScore: 80, ScoreSum: 80, Earned: Ether(200)}
	if diff := cmp.Diff(want, bob, cmp.Comparer(Amount.Eq)); diff != "" {
		t.Fatalf("bob's reputation (-want +got):\n%s", diff)
	}
	if carol := a.s.Reputation(a.Addr("carol")); carol.Disqualifications != 1 || carol.Wins != 0 {
		t.Fatalf("carol's reputation %+v", carol)
	}
	events := a.s.Snapshot().Events
	wantEv := []Event{{Type: "award", Height: a.s.Height(), Time: tv.AwardedAt, Task: uint64(task), Entry: uint64(eb), Address: tv.WinnerAddr, Amount: book.AmountPtr(Ether(200)), Score: 80, Note: TaskAwarded}}
	if diff := cmp.Diff(wantEv, events, cmp.Comparer(Amount.Eq)); diff != "" {
		t.Fatalf("outbox (-want +got):\n%s", diff)
	}
	lb := a.s.Leaderboard()
	if len(lb) != 4 || lb[0].Address != a.Addr("bob") || lb[1].BestScore != 60 || lb[1].Address != a.Addr("alice") {
		t.Fatalf("leaderboard %+v", lb)
	}
}

// "Two entries on the same score are separated by when they were filed, and two filed in
// the same second by their entry number" -- whichever order they were graded in.
func TestAwardTiesBreakByFilingThenEntryWhateverTheGradingOrder(t *testing.T) {
	for _, tt := range []struct {
		name          string
		gap           int64
		gradeBobFirst bool
	}{
		{"filed apart, graded in order", 30, false},
		{"filed apart, graded backwards", 30, true},
		{"same second, graded in order", 0, false},
		{"same second, graded backwards", 0, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			a := newArena(t, 5, nil)
			task := a.Post(Ether(200))
			ea := a.Enter(task, "alice", "strong one")
			a.Wait(tt.gap)
			eb := a.Enter(task, "bob", "strong two")
			order := []EntryID{ea, eb}
			if tt.gradeBobFirst {
				order = []EntryID{eb, ea}
			}
			for _, e := range order {
				a.GradeAs(e, ledgertest.Reading(4, 1, false))
			}
			if tv := a.Settle(task); tv.Winner != ea {
				t.Fatalf("winner %d, want the first filed %d", tv.Winner, ea)
			}
		})
	}
}

// "A task nobody entered, or one where every entry was disqualified or failed the gate,
// is voided and the prize returns to the sponsor untouched."
func TestAwardVoidsWithoutAnEligibleEntry(t *testing.T) {
	for _, tt := range []struct {
		name    string
		results []Result
	}{
		{"nobody entered", nil},
		{"all disqualified", []Result{ledgertest.Reading(0, 0, true), ledgertest.Reading(0, 2, true)}},
		{"failed the gate", []Result{ledgertest.Reading(0, 0, false)}},
		{"failed to fetch", []Result{ledgertest.Failure(External, "Work URL returned 404")}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			a := newArena(t, 5, nil)
			task := a.Post(Ether(200))
			for i, res := range tt.results {
				e := a.Enter(task, []string{"alice", "bob"}[i], "work")
				a.GradeAs(e, res)
			}
			tv := a.Settle(task)
			if tv.State != TaskVoided || tv.Winner != 0 || tv.WinnerAddr != nil {
				t.Fatalf("task %+v", tv)
			}
			if got := a.s.Claimable(a.Addr("sponsor")); !got.Eq(Ether(200)) {
				t.Fatalf("sponsor owed %s, want the 200 GEN prize", got)
			}
			ev := a.s.Snapshot().Events
			if len(ev) != 1 || ev[0].Note != TaskVoided || *ev[0].Address != a.Addr("sponsor") {
				t.Fatalf("events %+v", ev)
			}
			a.Refused(errAlreadyVoided, "alice", Amount{}, Award{Task: task})
			if c := a.s.Arena().Counts; c.Voided != 1 || c.Open != 0 {
				t.Fatalf("counts %+v", c)
			}
		})
	}
}

// "award(task_id): anyone, after close and after every appeal window": every premature
// call is refused by its exact message.
func TestAwardRefusesEveryPrematureCall(t *testing.T) {
	a := newArena(t, 5, nil)
	task := a.Post(Ether(200))
	a.Refused(errNoTask, "stranger", Amount{}, Award{Task: 5})
	e := a.Enter(task, "alice", "work")
	a.Refused(errNotClosed, "stranger", Amount{}, Award{Task: task})
	a.Wait(3600)
	tv, _ := a.s.Task(task)
	a.Refused(errAwardUngraded(tv.GradingBy), "stranger", Amount{}, Award{Task: task})
	r := a.OpenRound(e)
	a.Refused(errAwardGrading, "stranger", Amount{}, Award{Task: task})
	for range attempts {
		a.AttestAll(r.ID, ledgertest.Failure(LLMError, "No merit rung in the response"))
	}
	a.Refused(errAwardUngraded(tv.GradingBy), "stranger", Amount{}, Award{Task: task})
	a.GradeAs(e, ledgertest.Reading(4, 0, false))
	a.Refused(errAwardWindow, "stranger", Amount{}, Award{Task: task})
	a.Do("appellant", appealBond, Appeal{Entry: e, Argument: "overrated"})
	a.Refused(errAwardAppealed, "stranger", Amount{}, Award{Task: task})
	a.AttestAll(a.s.OpenRounds()[0].ID, ledgertest.Reading(4, 0, false))
	ev, _ := a.s.Entry(e)
	a.Wait(ev.Current.AppealUntil - a.Now() - 1)
	a.Refused(errAwardWindow, "stranger", Amount{}, Award{Task: task})
	a.Wait(1)
	a.Do("sponsor", Amount{}, Award{Task: task}) // the sponsor may settle too
	a.Refused(errAlreadyAwarded, "stranger", Amount{}, Award{Task: task})
	a.Refused(errTaskClosed, "bob", entryBond, Submit{Task: task, Work: "late"})
}
