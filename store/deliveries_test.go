package store

import (
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/ledger"
)

// awardBlock returns block h whose one transaction emitted an award of task to s and an
// event of another type.
func (s *signer) awardBlock(t fataler, h, nonce uint64, task ledger.TaskID) CommittedBlock {
	t.Helper()
	b := s.block(t, h, nonce, 1)
	prize := ledger.Ether(3)
	b.Txs[0].Outcome.Events = append(b.Txs[0].Outcome.Events, ledger.Event{
		Type: "award", Height: h, Task: task, Entry: 1, Address: &s.addr, Amount: &prize, Score: 80, Note: ledger.TaskAwarded,
	})
	return b
}

var t0 = time.UnixMilli(1_800_000_000_123).UTC()

// TestTheOutboxIsTheAwardEventsInLogOrder: the award events the blocks wrote, and
// nothing else, read back in log order with their block's time, page by page.
func TestTheOutboxIsTheAwardEventsInLogOrder(t *testing.T) {
	db, _ := openTemp(t)
	s := newSigner(t)
	commit(t, db, s.awardBlock(t, 1, 0, 1))
	commit(t, db, s.block(t, 2, 1, 2))
	commit(t, db, s.awardBlock(t, 3, 3, 2))
	commit(t, db, s.awardBlock(t, 4, 4, 3))
	all, err := db.AwardEvents(0, 0, 10)
	if err != nil {
		t.Fatal(err)
	}
	var tasks []ledger.TaskID
	for _, o := range all {
		tasks = append(tasks, o.Event.Task)
		if o.Event.Type != "award" || o.Seq != 1 || o.Time != 1_700_000_000+int64(o.Height) {
			t.Errorf("outbox event %+v", o)
		}
	}
	if diff := cmp.Diff([]ledger.TaskID{1, 2, 3}, tasks); diff != "" {
		t.Errorf("outbox tasks (-want +got):\n%s", diff)
	}
	page, err := db.AwardEvents(all[0].Height, all[0].Seq, 1)
	if err != nil || len(page) != 1 || page[0].Event.Task != 2 {
		t.Errorf("the page after the first award: %+v, %v", page, err)
	}
}

// TestADeliveryIsKeptAcrossAReopen: the brief, "records every delivery attempt and
// success durably, surviving restarts". Enqueueing is idempotent, a failed attempt
// schedules the retry, a success ends the delivery, and all of it reads back after the
// file is closed and opened again.
func TestADeliveryIsKeptAcrossAReopen(t *testing.T) {
	db, path := openTemp(t)
	s := newSigner(t)
	commit(t, db, s.awardBlock(t, 1, 0, 1))
	out, err := db.AwardEvents(0, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	sinks := []string{"evm:0xab", "webhook:https://x.test/h"}
	if n, err := db.Enqueue("c/award/1", out[0], sinks, t0); err != nil || n != 2 {
		t.Fatalf("Enqueue = %d, %v", n, err)
	}
	fail := Attempt{Event: "c/award/1", Sink: sinks[1], At: t0.Add(time.Second), Err: "post: 503", HTTPStatus: 503,
		Next: t0.Add(3 * time.Second)}
	if n, err := db.RecordAttempt(fail); err != nil || n != 1 {
		t.Fatalf("RecordAttempt = %d, %v", n, err)
	}
	if n, err := db.Enqueue("c/award/1", out[0], sinks, t0.Add(time.Hour)); err != nil || n != 0 {
		t.Fatalf("Enqueue again = %d, %v; want 0 new", n, err)
	}
	ok := Attempt{Event: "c/award/1", Sink: sinks[0], At: t0.Add(2 * time.Second), TxHash: "0xfeed"}
	if _, err := db.RecordAttempt(ok); err != nil {
		t.Fatal(err)
	}
	db.Close()
	db, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	want := []Delivery{
		{Event: "c/award/1", Sink: sinks[0], Task: 1, Award: out[0], Attempts: 1, TxHash: "0xfeed", EnqueuedAt: t0,
			LastAttempt: ok.At, DeliveredAt: ok.At},
		{Event: "c/award/1", Sink: sinks[1], Task: 1, Award: out[0], Attempts: 1, LastError: "post: 503", HTTPStatus: 503,
			EnqueuedAt: t0, LastAttempt: fail.At, NextAttempt: fail.Next},
	}
	got, err := db.Deliveries()
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got, amountEq); diff != "" {
		t.Errorf("deliveries after reopen (-want +got):\n%s", diff)
	}
	fail.N = 1
	if at, err := db.Attempts("c/award/1", sinks[1]); err != nil || !cmp.Equal([]Attempt{fail}, at) {
		t.Errorf("attempts after reopen: %+v, %v", at, err)
	}
}

// TestOnlyDueDeliveriesAreHandedOut: a delivery is due from its next attempt time on,
// never once delivered, and NextDue names the earliest time one is due.
func TestOnlyDueDeliveriesAreHandedOut(t *testing.T) {
	db, _ := openTemp(t)
	s := newSigner(t)
	commit(t, db, s.awardBlock(t, 1, 0, 1))
	commit(t, db, s.awardBlock(t, 2, 1, 2))
	out, err := db.AwardEvents(0, 0, 2)
	if err != nil {
		t.Fatal(err)
	}
	for i, o := range out {
		if _, err := db.Enqueue([]string{"e1", "e2"}[i], o, []string{"hook"}, t0); err != nil {
			t.Fatal(err)
		}
	}
	due := func(at time.Time) []string {
		ds, err := db.DueDeliveries("hook", at, 10)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, d := range ds {
			ids = append(ids, d.Event)
		}
		return ids
	}
	if got := due(t0); !cmp.Equal(got, []string{"e1", "e2"}) {
		t.Errorf("due at enqueue: %v", got)
	}
	if _, err := db.RecordAttempt(Attempt{Event: "e1", Sink: "hook", At: t0, Err: "down", Next: t0.Add(time.Minute)}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.RecordAttempt(Attempt{Event: "e2", Sink: "hook", At: t0}); err != nil {
		t.Fatal(err)
	}
	if got := due(t0.Add(time.Minute - time.Millisecond)); len(got) != 0 {
		t.Errorf("due before the retry time: %v", got)
	}
	if got := due(t0.Add(time.Minute)); !cmp.Equal(got, []string{"e1"}) {
		t.Errorf("due at the retry time: %v", got)
	}
	if next, ok, err := db.NextDue("hook"); err != nil || !ok || !next.Equal(t0.Add(time.Minute)) {
		t.Errorf("NextDue = %s, %v, %v", next, ok, err)
	}
	if _, ok, err := db.NextDue("other"); err != nil || ok {
		t.Errorf("NextDue of a sink with nothing pending = %v, %v", ok, err)
	}
}

// TestAnAttemptNeedsAPendingDelivery: an attempt on a delivery never enqueued, or
// already delivered, is refused and records nothing.
func TestAnAttemptNeedsAPendingDelivery(t *testing.T) {
	db, _ := openTemp(t)
	s := newSigner(t)
	commit(t, db, s.awardBlock(t, 1, 0, 1))
	out, err := db.AwardEvents(0, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.RecordAttempt(Attempt{Event: "e1", Sink: "hook", At: t0}); !errors.Is(err, ErrNoDelivery) ||
		err.Error() != "record attempt on e1 to hook: no such delivery" {
		t.Errorf("attempt before enqueue: %v", err)
	}
	if _, err := db.Enqueue("e1", out[0], []string{"hook"}, t0); err != nil {
		t.Fatal(err)
	}
	if _, err := db.RecordAttempt(Attempt{Event: "e1", Sink: "hook", At: t0}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.RecordAttempt(Attempt{Event: "e1", Sink: "hook", At: t0}); !errors.Is(err, ErrDelivered) ||
		err.Error() != "record attempt on e1 to hook: delivery already succeeded" {
		t.Errorf("attempt after success: %v", err)
	}
	if n := count(t, db, `SELECT COUNT(*) FROM delivery_attempts`); n != 1 {
		t.Errorf("%d attempts recorded, want 1", n)
	}
}
