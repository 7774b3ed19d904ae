package store

import (
	"database/sql"
	"errors"
	"path/filepath"
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
		Type: "award", Height: h, Task: uint64(task), Entry: 1, Address: &s.addr, Amount: &prize, Score: 80, Note: ledger.TaskAwarded,
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
		tasks = append(tasks, ledger.TaskID(o.Event.Task))
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
	if diff := cmp.Diff(want, got, sameRecord); diff != "" {
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

// TestADeliveryIsKeyedByItsAward: a delivery is named by the award's kind and id and the
// sink: the ledger's award events are bounties, keyed by task. The same award enqueued
// under another event id is the same delivery, and an event that is not an award is
// refused.
func TestADeliveryIsKeyedByItsAward(t *testing.T) {
	db, _ := openTemp(t)
	s := newSigner(t)
	commit(t, db, s.awardBlock(t, 1, 0, 7))
	out, err := db.AwardEvents(0, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	if k, ok := AwardKeyOf(out[0].Event); !ok || k != (AwardKey{Kind: "bounty", ID: 7}) || k.String() != "bounty/7" {
		t.Errorf("AwardKeyOf(the award of task 7) = %v %q, %v", k, k, ok)
	}
	if n, err := db.Enqueue("c/award/7", out[0], []string{"hook"}, t0); err != nil || n != 1 {
		t.Fatalf("Enqueue = %d, %v", n, err)
	}
	if n, err := db.Enqueue("c/other/7", out[0], []string{"hook"}, t0); err != nil || n != 0 {
		t.Errorf("Enqueue of the same award under another event id = %d, %v; want 0 new", n, err)
	}
	ds, err := db.Deliveries()
	if err != nil || len(ds) != 1 || KeyOf(ds[0]) != (AwardKey{Bounty, 7}) || ds[0].Task != 7 || ds[0].Event != "c/award/7" {
		t.Errorf("deliveries %+v, %v; want the one of bounty 7", ds, err)
	}
	notAward := out[0]
	notAward.Event.Type = "task_posted"
	if _, err := db.Enqueue("c/x/1", notAward, []string{"hook"}, t0); err == nil ||
		err.Error() != `enqueue c/x/1: event of type "task_posted" is not an award` {
		t.Errorf("Enqueue of a task_posted event: %v", err)
	}
}

// deliveriesSchemaV1 is how schema 1 kept deliveries: by event id alone.
const deliveriesSchemaV1 = `
CREATE TABLE deliveries (
	event TEXT NOT NULL, sink TEXT NOT NULL, height INTEGER NOT NULL, seq INTEGER NOT NULL, task INTEGER NOT NULL,
	block_time INTEGER NOT NULL, award TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0,
	last_error TEXT NOT NULL DEFAULT '', tx_hash TEXT NOT NULL DEFAULT '', http_status INTEGER NOT NULL DEFAULT 0,
	enqueued_at INTEGER NOT NULL, last_at INTEGER NOT NULL DEFAULT 0, next_at INTEGER NOT NULL,
	delivered_at INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (event, sink)
) STRICT, WITHOUT ROWID;
CREATE INDEX deliveries_due ON deliveries(sink, delivered_at, next_at);
CREATE TABLE delivery_attempts (
	event TEXT NOT NULL, sink TEXT NOT NULL, n INTEGER NOT NULL, at INTEGER NOT NULL, error TEXT NOT NULL,
	tx_hash TEXT NOT NULL, http_status INTEGER NOT NULL, next_at INTEGER NOT NULL, PRIMARY KEY (event, sink, n)
) STRICT, WITHOUT ROWID;
`

// TestASchema1FileIsUpgraded: a file written before deliveries were keyed by award
// opens with every delivery and attempt it held, each a bounty's keyed by its task, and
// the relayer carries on where it stopped.
func TestASchema1FileIsUpgraded(t *testing.T) {
	path := filepath.Join(t.TempDir(), "arena.db")
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	award := `{"type":"award","height":3,"time":1700000003,"task":4,"amount":"1","address":"0x00000000000000000000000000000000000000a1","note":"voided"}`
	for _, q := range []string{schema, deliveriesSchemaV1,
		`INSERT INTO meta(key, value) VALUES ('schema_version', '1')`,
		`INSERT INTO deliveries(event, sink, height, seq, task, block_time, award, attempts, last_error, enqueued_at, last_at, next_at)
			VALUES ('c/award/4', 'hook', 3, 1, 4, 1700000003, '` + award + `', 1, 'down', 1000, 2000, 3000)`,
		`INSERT INTO delivery_attempts(event, sink, n, at, error, tx_hash, http_status, next_at)
			VALUES ('c/award/4', 'hook', 1, 2000, 'down', '', 503, 3000)`,
	} {
		if _, err := raw.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	raw.Close()

	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ds, err := db.Deliveries()
	if err != nil || len(ds) != 1 {
		t.Fatalf("deliveries after the upgrade: %+v, %v", ds, err)
	}
	d := ds[0]
	if KeyOf(d) != (AwardKey{Bounty, 4}) || d.Task != 4 || d.Event != "c/award/4" || d.Sink != "hook" || d.Attempts != 1 ||
		d.LastError != "down" || d.Award.Height != 3 || d.Award.Event.Task != 4 || !d.NextAttempt.Equal(fromMillis(3000)) {
		t.Errorf("the upgraded delivery: %+v", d)
	}
	want := []Attempt{{Event: "c/award/4", Sink: "hook", N: 1, At: fromMillis(2000), Err: "down", HTTPStatus: 503, Next: fromMillis(3000)}}
	if at, err := db.Attempts("c/award/4", "hook"); err != nil || !cmp.Equal(want, at) {
		t.Errorf("attempts after the upgrade: %+v, %v", at, err)
	}
	if n, err := db.RecordAttempt(Attempt{Event: "c/award/4", Sink: "hook", At: fromMillis(4000)}); err != nil || n != 2 {
		t.Errorf("the next attempt after the upgrade = %d, %v; want attempt 2", n, err)
	}
	if v := count(t, db, `SELECT value FROM meta WHERE key = 'schema_version'`); v != SchemaVersion {
		t.Errorf("schema version %d after the upgrade, want %d", v, SchemaVersion)
	}
	if n := count(t, db, `SELECT COUNT(*) FROM sqlite_schema WHERE name LIKE '%_v1'`); n != 0 {
		t.Errorf("%d tables of schema 1 left behind", n)
	}
}
