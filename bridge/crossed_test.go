package bridge_test

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/bridge"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// TestCrossedListsOnlyWhatArrived: the board marks a bounty task's award as crossed
// only for the sinks whose delivery succeeded; a delivery of anything else is no task's.
func TestCrossedListsOnlyWhatArrived(t *testing.T) {
	at := time.Unix(1_800_000_000, 0)
	award := func(task ledger.TaskID, typ string) store.OutboxEvent {
		return store.OutboxEvent{Event: ledger.Event{Type: typ, Task: uint64(task)}}
	}
	ds := []store.Delivery{
		{Event: "c/award/1", Sink: "evm:0xab", Task: 1, Award: award(1, "award"), TxHash: "0x01", DeliveredAt: at},
		{Event: "c/award/1", Sink: "webhook:https://x.test/", Task: 1, Award: award(1, "award"), Attempts: 3, LastError: "503"},
		{Event: "c/award/2", Sink: "webhook:https://x.test/", Task: 2, Award: award(2, "award"), HTTPStatus: 204, DeliveredAt: at.Add(time.Second)},
		{Event: "c/award/3", Sink: "evm:0xab", Task: 3, Award: award(3, "award"), LastError: "reverted"},
		{Event: "c/award/other/4", Sink: "webhook:https://x.test/", Award: award(4, "other_award"), HTTPStatus: 200, DeliveredAt: at},
	}
	want := map[ledger.TaskID][]bridge.Crossing{
		1: {{Sink: "evm:0xab", TxHash: "0x01", DeliveredAt: at.Unix()}},
		2: {{Sink: "webhook:https://x.test/", HTTPStatus: 204, DeliveredAt: at.Unix() + 1}},
	}
	if diff := cmp.Diff(want, bridge.Crossed(ds)); diff != "" {
		t.Errorf("Crossed (-want +got):\n%s", diff)
	}
}

// TestAnAwardIsNamedByItsKindAndID: an award's id across the boundary (its webhook
// Idempotency-Key) names its kind and id; a bounty's keeps the form receivers have
// always deduplicated by, "CHAIN/award/TASK".
func TestAnAwardIsNamedByItsKindAndID(t *testing.T) {
	for _, tc := range []struct {
		key  store.AwardKey
		want string
	}{
		{store.AwardKey{Kind: store.Bounty, ID: 7}, "arena-x/award/7"},
		{store.AwardKey{Kind: "tender", ID: 7}, "arena-x/award/tender/7"},
	} {
		if got := bridge.EventID("arena-x", tc.key); got != tc.want {
			t.Errorf("EventID(arena-x, %v) = %q, want %q", tc.key, got, tc.want)
		}
	}
	a := bridge.Award{Kind: store.Bounty, Task: 7}
	if k := a.Key(); k != (store.AwardKey{Kind: "bounty", ID: 7}) {
		t.Errorf("the key of bounty task 7's award = %v", k)
	}
}
