package bridge_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/bridge"
	"github.com/arena/arena/bridge/internal/solotest"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// TestEveryAwardIsInTheOutboxWithWhatCrosses: spec, "When a task is awarded, the
// contract calls onAward(uint256 taskId, address winner, uint256 score)". Each award,
// won or voided, is an event the ledger wrote into the store with the block, and it
// carries the task, the winning entry and address, the score, the prize, whether the
// task was voided, and when it was awarded by the arena's clock (the task's awarded_at,
// which dev-mode clock advances move ahead of block time).
func TestEveryAwardIsInTheOutboxWithWhatCrosses(t *testing.T) {
	a := solotest.Open(t, nil)
	won, entry := a.Won("bob", 4)
	voided := a.Voided()
	evs, err := a.DB().AwardEvents(0, 0, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) != 2 {
		t.Fatalf("outbox holds %d award events, want 2: %+v", len(evs), evs)
	}
	var got []bridge.Award
	for _, o := range evs {
		aw, err := bridge.AwardOf(solotest.Chain, o)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, aw)
	}
	winner, sponsor := a.Addr("bob"), a.Task(voided).Sponsor
	want := []bridge.Award{
		{ID: solotest.Chain + "/award/1", Kind: store.Bounty, Chain: solotest.Chain, Height: evs[0].Height, Time: a.Task(won).AwardedAt, Task: won,
			Entry: entry, Winner: &winner, Score: 80, Prize: solotest.Prize},
		{ID: solotest.Chain + "/award/2", Kind: store.Bounty, Chain: solotest.Chain, Height: evs[1].Height, Time: a.Task(voided).AwardedAt, Task: voided,
			Voided: true, Prize: solotest.Prize, RefundedTo: &sponsor},
	}
	if diff := cmp.Diff(want, got, amountEq); diff != "" {
		t.Errorf("awards (-want +got):\n%s", diff)
	}
	if snap := a.Snapshot(); len(snap.Events) != 2 || ledger.TaskID(snap.Events[0].Task) != won || ledger.TaskID(snap.Events[1].Task) != voided {
		t.Errorf("the ledger's own outbox disagrees with the store's: %+v", snap.Events)
	}
}

// TestAwardOfRefusesWhatIsNotAnAward: an outbox row that is not a whole award is
// refused by its exact reason, never half delivered.
func TestAwardOfRefusesWhatIsNotAnAward(t *testing.T) {
	prize := ledger.Ether(1)
	addr := ledger.MustAddress("0x00000000000000000000000000000000000000a1")
	ok := ledger.Event{Type: "award", Task: 7, Entry: 3, Address: &addr, Amount: &prize, Score: 60, Note: ledger.TaskAwarded}
	for _, tc := range []struct {
		name string
		edit func(*ledger.Event)
		want string
	}{
		{"other type", func(e *ledger.Event) { e.Type = "task_posted" }, `not an award event: type "task_posted"`},
		{"no task", func(e *ledger.Event) { e.Task = 0 }, "not an award event: task 0 lacks its task, prize or address"},
		{"no prize", func(e *ledger.Event) { e.Amount = nil }, "not an award event: task 7 lacks its task, prize or address"},
		{"no address", func(e *ledger.Event) { e.Address = nil }, "not an award event: task 7 lacks its task, prize or address"},
		{"won by nobody", func(e *ledger.Event) { e.Entry = 0 }, "not an award event: task 7 won by no entry"},
		{"unknown settlement", func(e *ledger.Event) { e.Note = "open" }, `not an award event: task 7 settled "open"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ev := ok
			tc.edit(&ev)
			_, err := bridge.AwardOf("c", store.OutboxEvent{Height: 1, Event: ev})
			if err == nil || err.Error() != tc.want || !errors.Is(err, bridge.ErrNotAward) {
				t.Errorf("AwardOf: got %v, want %q", err, tc.want)
			}
		})
	}
	if _, err := bridge.AwardOf("c", store.OutboxEvent{Height: 1, Event: ok}); err != nil {
		t.Errorf("AwardOf(a whole award): %v", err)
	}
}

// TestATenderAwardCrossesByItsTender: a tender's award event crosses keyed by its
// tender, with the winning bid, the winner, the payout and the weighted total; one
// that names no bid or lacks its payout is refused by its exact reason.
func TestATenderAwardCrossesByItsTender(t *testing.T) {
	pay := ledger.Ether(95)
	addr := ledger.MustAddress("0x00000000000000000000000000000000000000b2")
	ev := ledger.Event{Type: "award", Tender: 4, Bid: 9, Address: &addr, Amount: &pay, Score: 34, Note: "tender"}
	a, err := bridge.AwardOf("c", store.OutboxEvent{Height: 3, Event: ev})
	if err != nil {
		t.Fatalf("AwardOf: %v", err)
	}
	if a.Kind != store.Tender || a.Tender != 4 || a.Bid != 9 || *a.Winner != addr || a.Prize.Cmp(pay) != 0 || a.Score != 34 || a.ID != "c/award/tender/4" {
		t.Errorf("award %+v: want tender 4 won by bid 9 of %s for 95, total 34, id c/award/tender/4", a, addr)
	}
	if k := a.Key(); k != (store.AwardKey{Kind: store.Tender, ID: 4}) {
		t.Errorf("key %v, want tender/4", k)
	}
	for _, tc := range []struct {
		edit func(*ledger.Event)
		want string
	}{
		{func(e *ledger.Event) { e.Bid = 0 }, "not an award event: tender 4 won by no bid"},
		{func(e *ledger.Event) { e.Amount = nil }, "not an award event: tender 4 lacks its payout or address"},
	} {
		bad := ev
		tc.edit(&bad)
		if _, err := bridge.AwardOf("c", store.OutboxEvent{Height: 3, Event: bad}); err == nil || err.Error() != tc.want {
			t.Errorf("AwardOf: got %v, want %q", err, tc.want)
		}
	}
}
