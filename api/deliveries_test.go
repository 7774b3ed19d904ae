package api_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// TestDeliveriesAreTheRelayersRecord: GET /v1/deliveries answers every award delivery
// the node's store records, as the store reads it: [] on a node with no sinks, and a
// delivery the relayer enqueued and tried once it is recorded.
func TestDeliveriesAreTheRelayersRecord(t *testing.T) {
	f := newFixture(t)
	var none []store.Delivery
	if st := f.get("/v1/deliveries", &none); st != http.StatusOK || none == nil || len(none) != 0 {
		t.Fatalf("GET /v1/deliveries with no sinks = %d %v, want 200 []", st, none)
	}

	// A real award: a task that closes with no entry is voided.
	for i, body := range []ledger.Body{
		ledger.PostTask{Title: "Write a haiku", Spec: "A haiku about ledgers.", Rubric: "At most 100 characters.", ClosesInS: 3600},
		ledger.Advance{Seconds: 2 * 3600},
		ledger.Award{Task: 1},
	} {
		value := ledger.Amount{}
		if i == 0 {
			value = ledger.Ether(100)
		}
		if st, b := f.post(f.encode(f.tx(uint64(i+1), value, body))); st != http.StatusOK {
			t.Fatalf("POST %s = %d %s", body.Kind(), st, b)
		}
	}
	db := f.eng.DB()
	out, err := db.AwardEvents(0, 0, 10)
	if err != nil || len(out) != 1 {
		t.Fatalf("award events = %+v, %v; want the one award", out, err)
	}
	at := time.UnixMilli(1_800_000_000_000).UTC()
	const sink = "webhook:https://hooks.example/arena"
	if _, err := db.Enqueue(testChain+"/award/1", out[0], []string{sink}, at); err != nil {
		t.Fatal(err)
	}
	fail := store.Attempt{Event: testChain + "/award/1", Sink: sink, At: at.Add(time.Second), Err: "post: 503",
		HTTPStatus: 503, Next: at.Add(3 * time.Second)}
	if _, err := db.RecordAttempt(fail); err != nil {
		t.Fatal(err)
	}

	want, err := db.Deliveries()
	if err != nil {
		t.Fatal(err)
	}
	if len(want) != 1 || want[0].Award.Event.Note != "voided" || want[0].Attempts != 1 {
		t.Fatalf("the store records %+v, want the one voided award tried once", want)
	}
	var got []store.Delivery
	if st := f.get("/v1/deliveries", &got); st != http.StatusOK {
		t.Fatalf("GET /v1/deliveries = %d", st)
	}
	if d := cmp.Diff(want, got, cmp.AllowUnexported(ledger.Amount{})); d != "" {
		t.Errorf("GET /v1/deliveries (-store +api):\n%s", d)
	}
}
