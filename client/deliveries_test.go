package client_test

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// TestDeliveriesReadTheNodesRecord: Deliveries answers what the node's store records
// of the bridge's deliveries: none on a node with no sinks, then the one recorded.
func TestDeliveriesReadTheNodesRecord(t *testing.T) {
	f := newFixture(t, 3)
	ctx := t.Context()
	got, err := f.c.Deliveries(ctx)
	if err != nil || got == nil || len(got) != 0 {
		t.Fatalf("Deliveries with no sinks = %v, %v; want []", got, err)
	}
	rc, err := f.sponsor.Send(ctx, ledger.Ether(50), ledger.PostTask{Title: "A haiku", Spec: "Write a haiku about ledgers.", Rubric: "It should be at most 3 lines.", ClosesInS: 60})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.sponsor.Send(ctx, ledger.Amount{}, ledger.Advance{Seconds: 120}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.sponsor.Send(ctx, ledger.Amount{}, ledger.Award{Task: ledger.TaskID(rc.Outcome.Created)}); err != nil {
		t.Fatal(err)
	}
	db := f.eng.DB()
	out, err := db.AwardEvents(0, 0, 10)
	if err != nil || len(out) != 1 {
		t.Fatalf("award events = %+v, %v; want the one award", out, err)
	}
	at := time.UnixMilli(1_800_000_000_000).UTC()
	if _, err := db.Enqueue("client-test/award/1", out[0], []string{"evm:0xab"}, at); err != nil {
		t.Fatal(err)
	}
	if _, err := db.RecordAttempt(store.Attempt{Event: "client-test/award/1", Sink: "evm:0xab", At: at.Add(time.Second), TxHash: "0xfeed"}); err != nil {
		t.Fatal(err)
	}
	want, err := db.Deliveries()
	if err != nil || len(want) != 1 || !want[0].Delivered() {
		t.Fatalf("the store records %+v, %v; want one delivered", want, err)
	}
	got, err = f.c.Deliveries(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, got, cmp.AllowUnexported(ledger.Amount{})); d != "" {
		t.Errorf("Deliveries (-store +client):\n%s", d)
	}
}
