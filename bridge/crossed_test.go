package bridge_test

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/bridge"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// TestCrossedListsOnlyWhatArrived: the board marks an award as crossed only for the
// sinks whose delivery succeeded.
func TestCrossedListsOnlyWhatArrived(t *testing.T) {
	at := time.Unix(1_800_000_000, 0)
	ds := []store.Delivery{
		{Event: "c/award/1", Sink: "evm:0xab", Task: 1, TxHash: "0x01", DeliveredAt: at},
		{Event: "c/award/1", Sink: "webhook:https://x.test/", Task: 1, Attempts: 3, LastError: "503"},
		{Event: "c/award/2", Sink: "webhook:https://x.test/", Task: 2, HTTPStatus: 204, DeliveredAt: at.Add(time.Second)},
		{Event: "c/award/3", Sink: "evm:0xab", Task: 3, LastError: "reverted"},
	}
	want := map[ledger.TaskID][]bridge.Crossing{
		1: {{Sink: "evm:0xab", TxHash: "0x01", DeliveredAt: at.Unix()}},
		2: {{Sink: "webhook:https://x.test/", HTTPStatus: 204, DeliveredAt: at.Unix() + 1}},
	}
	if diff := cmp.Diff(want, bridge.Crossed(ds)); diff != "" {
		t.Errorf("Crossed (-want +got):\n%s", diff)
	}
}
