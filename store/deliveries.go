package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/outbox"
)

// The deliveries tables are the bridge's outbox: what it did with each award, one row
// per award and sink in deliveries, and one row per try in delivery_attempts. An award
// is keyed by its AwardKey (kind, id); event is its id across the boundary, as unique.
// They are written by the relayer, never by CommitBlock, and derive from nothing in the
// log, so a rebuild of the state tables leaves them as they are.
const deliveriesSchema = `
CREATE TABLE IF NOT EXISTS deliveries (
	kind         TEXT NOT NULL,
	id           INTEGER NOT NULL,
	sink         TEXT NOT NULL,
	event        TEXT NOT NULL,
	height       INTEGER NOT NULL,
	seq          INTEGER NOT NULL,
	block_time   INTEGER NOT NULL,
	award        TEXT NOT NULL,
	attempts     INTEGER NOT NULL DEFAULT 0,
	last_error   TEXT NOT NULL DEFAULT '',
	tx_hash      TEXT NOT NULL DEFAULT '',
	http_status  INTEGER NOT NULL DEFAULT 0,
	enqueued_at  INTEGER NOT NULL,
	last_at      INTEGER NOT NULL DEFAULT 0,
	next_at      INTEGER NOT NULL,
	delivered_at INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (kind, id, sink)
) STRICT, WITHOUT ROWID;
CREATE UNIQUE INDEX IF NOT EXISTS deliveries_event ON deliveries(event, sink);
CREATE INDEX IF NOT EXISTS deliveries_due ON deliveries(sink, delivered_at, next_at);
CREATE TABLE IF NOT EXISTS delivery_attempts (
	kind        TEXT NOT NULL,
	id          INTEGER NOT NULL,
	sink        TEXT NOT NULL,
	n           INTEGER NOT NULL,
	at          INTEGER NOT NULL,
	error       TEXT NOT NULL,
	tx_hash     TEXT NOT NULL,
	http_status INTEGER NOT NULL,
	next_at     INTEGER NOT NULL,
	PRIMARY KEY (kind, id, sink, n)
) STRICT, WITHOUT ROWID;
`

// The kinds of award: a bounty task's, whose AwardKey.ID is the task, and a tender's,
// whose AwardKey.ID is the tender. An award event names a tender when its Tender is set.
const (
	Bounty = "bounty"
	Tender = "tender"
)

// awardEvent is the type of the ledger's award events: the events the outbox holds.
const awardEvent = "award"

// AwardKey names one award in an arena for good: the kind of contest it settled and that
// contest's id within its kind (a bounty's task id). A contest is awarded at most once.
type AwardKey struct {
	Kind string `json:"kind"`
	ID   uint64 `json:"id"`
}

// String returns "kind/id", e.g. "bounty/7".
func (k AwardKey) String() string { return k.Kind + "/" + strconv.FormatUint(k.ID, 10) }

// BountyKey returns the key of the award of bounty task.
func BountyKey(task ledger.TaskID) AwardKey { return AwardKey{Kind: Bounty, ID: uint64(task)} }

// AwardKeyOf returns the key of the award ev, and false if ev is not an award event.
func AwardKeyOf(ev ledger.Event) (AwardKey, bool) {
	if ev.Type != awardEvent {
		return AwardKey{}, false
	}
	if ev.Tender != 0 {
		return AwardKey{Kind: Tender, ID: ev.Tender}, true
	}
	return BountyKey(ledger.TaskID(ev.Task)), true
}

// ErrNoDelivery reports an attempt recorded for an event and sink never enqueued.
var ErrNoDelivery = errors.New("no such delivery")

// ErrDelivered reports an attempt recorded for a delivery that already succeeded.
var ErrDelivered = errors.New("delivery already succeeded")

// OutboxEvent is an award event as the events table holds it, with the time of its
// block. It is declared in outbox, below the store and the API, which serves it as it is.
type OutboxEvent = outbox.Event

// Delivery is one award event's delivery to one sink, as the deliveries table holds it.
// It is declared in outbox, below the store and the API, which serves it as it is.
type Delivery = outbox.Delivery

// KeyOf returns the key of the award d delivers, which its outbox event names
// (AwardKeyOf), and the zero key if that is not an award event.
func KeyOf(d Delivery) AwardKey {
	k, _ := AwardKeyOf(d.Award.Event)
	return k
}

// Attempt is one try at a delivery, which Event and Sink name. Err is empty for a
// success. Next is when a failed delivery is tried again.
type Attempt struct {
	Event      string    `json:"event"` // the award's id, as Enqueue was given it
	Sink       string    `json:"sink"`
	N          int       `json:"n"` // from 1
	At         time.Time `json:"at"`
	Err        string    `json:"error,omitempty"`
	TxHash     string    `json:"tx_hash,omitempty"`
	HTTPStatus int       `json:"http_status,omitempty"`
	Next       time.Time `json:"next_at,omitzero"`
}

// AwardEvents returns up to limit award events that follow (afterHeight, afterSeq) in the
// log, in log order, each with its block's time.
func (db *DB) AwardEvents(afterHeight uint64, afterSeq, limit int) ([]OutboxEvent, error) {
	rows, err := db.r.Query(`SELECT e.height, e.seq, b.time, e.json FROM events e JOIN blocks b ON b.height = e.height
		WHERE e.type = ? AND (e.height > ? OR (e.height = ? AND e.seq > ?))
		ORDER BY e.height, e.seq LIMIT ?`, awardEvent, afterHeight, afterHeight, afterSeq, limit)
	if err != nil {
		return nil, fmt.Errorf("read award events: %w", err)
	}
	defer rows.Close()
	var out []OutboxEvent
	for rows.Next() {
		var o OutboxEvent
		var j string
		if err := rows.Scan(&o.Height, &o.Seq, &o.Time, &j); err != nil {
			return nil, fmt.Errorf("read award events: %w", err)
		}
		if err := json.Unmarshal([]byte(j), &o.Event); err != nil {
			return nil, fmt.Errorf("read award event %d.%d: %w: %v", o.Height, o.Seq, ErrCorrupt, err)
		}
		out = append(out, o)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read award events: %w", err)
	}
	return out, nil
}

// Enqueue records that the award o, whose id across the boundary is event, is to be
// delivered to each of sinks, due at once. A delivery already recorded for o's key
// (AwardKeyOf) and a sink is left as it is, so enqueueing again after a restart is
// harmless. It returns how many deliveries were new, and refuses an o that is not an
// award event.
func (db *DB) Enqueue(event string, o OutboxEvent, sinks []string, at time.Time) (int, error) {
	key, ok := AwardKeyOf(o.Event)
	if !ok {
		return 0, fmt.Errorf("enqueue %s: event of type %q is not an award", event, o.Event.Type)
	}
	award, err := json.Marshal(o.Event)
	if err != nil {
		return 0, fmt.Errorf("enqueue %s: encode: %w", event, err)
	}
	ctx := context.Background()
	tx, err := db.w.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("enqueue %s: %w", event, err)
	}
	defer tx.Rollback()
	added := 0
	for _, s := range sinks {
		res, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO deliveries(kind, id, sink, event, height, seq, block_time,
			award, enqueued_at, next_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			key.Kind, int64(key.ID), s, event, o.Height, o.Seq, o.Time, string(award), millis(at), millis(at))
		if err != nil {
			return 0, fmt.Errorf("enqueue %s for %s: %w", event, s, err)
		}
		n, _ := res.RowsAffected()
		added += int(n)
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("enqueue %s: %w", event, err)
	}
	return added, nil
}

// deliveryColumns are the columns scanDelivery reads, in its order.
const deliveryColumns = `kind, id, sink, event, height, seq, block_time, award, attempts, last_error, tx_hash,
	http_status, enqueued_at, last_at, next_at, delivered_at`

// DueDeliveries returns up to limit deliveries to sink not yet delivered and due at now,
// earliest due first, then in log order.
func (db *DB) DueDeliveries(sink string, now time.Time, limit int) ([]Delivery, error) {
	return db.queryDeliveries(`SELECT `+deliveryColumns+` FROM deliveries
		WHERE sink = ? AND delivered_at = 0 AND next_at <= ? ORDER BY next_at, height, seq LIMIT ?`,
		sink, millis(now), limit)
}

// NextDue returns when the earliest undelivered delivery to sink is due, and false if
// every delivery to sink has succeeded.
func (db *DB) NextDue(sink string) (time.Time, bool, error) {
	var next sql.NullInt64
	err := db.r.QueryRow(`SELECT MIN(next_at) FROM deliveries WHERE sink = ? AND delivered_at = 0`, sink).Scan(&next)
	if err != nil {
		return time.Time{}, false, fmt.Errorf("read next delivery to %s: %w", sink, err)
	}
	if !next.Valid {
		return time.Time{}, false, nil
	}
	return fromMillis(next.Int64), true, nil
}

// Deliveries returns every delivery, in log order and then by sink.
func (db *DB) Deliveries() ([]Delivery, error) {
	return db.queryDeliveries(`SELECT ` + deliveryColumns + ` FROM deliveries ORDER BY height, seq, sink`)
}

func (db *DB) queryDeliveries(query string, args ...any) ([]Delivery, error) {
	rows, err := db.r.Query(query, args...)
	if err != nil {
		return nil, fmt.Errorf("read deliveries: %w", err)
	}
	defer rows.Close()
	var out []Delivery
	for rows.Next() {
		d, err := scanDelivery(rows)
		if err != nil {
			return nil, fmt.Errorf("read deliveries: %w", err)
		}
		out = append(out, d)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read deliveries: %w", err)
	}
	return out, nil
}

func scanDelivery(s scanner) (Delivery, error) {
	var d Delivery
	var award string
	var kind string
	var id, enq, last, next, done int64
	err := s.Scan(&kind, &id, &d.Sink, &d.Event, &d.Award.Height, &d.Award.Seq, &d.Award.Time, &award, &d.Attempts,
		&d.LastError, &d.TxHash, &d.HTTPStatus, &enq, &last, &next, &done)
	if err != nil {
		return d, err
	}
	if err := json.Unmarshal([]byte(award), &d.Award.Event); err != nil {
		return d, fmt.Errorf("delivery %s to %s: %w: %v", d.Event, d.Sink, ErrCorrupt, err)
	}
	if kind == Bounty {
		d.Task = ledger.TaskID(id)
	}
	d.EnqueuedAt, d.LastAttempt, d.DeliveredAt = fromMillis(enq), fromMillis(last), fromMillis(done)
	if done == 0 {
		d.NextAttempt = fromMillis(next)
	}
	return d, nil
}

// RecordAttempt records one try at a delivery and its result, in one transaction: the
// attempt row, numbered after the ones before it, and the delivery's running state. A
// success marks the delivery delivered at a.At; a failure schedules it for a.Next.
// It refuses an attempt on a delivery never enqueued (ErrNoDelivery) or already
// delivered (ErrDelivered). The number the attempt was given is returned.
func (db *DB) RecordAttempt(a Attempt) (int, error) {
	ctx := context.Background()
	tx, err := db.w.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("record attempt on %s to %s: %w", a.Event, a.Sink, err)
	}
	defer tx.Rollback()
	key, n, err := nextAttempt(ctx, tx, a.Event, a.Sink)
	if err != nil {
		return 0, fmt.Errorf("record attempt on %s to %s: %w", a.Event, a.Sink, err)
	}
	done, next := int64(0), millis(a.Next)
	if a.Err == "" {
		done, next = millis(a.At), 0
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO delivery_attempts(kind, id, sink, n, at, error, tx_hash, http_status, next_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, key.Kind, int64(key.ID), a.Sink, n, millis(a.At), a.Err, a.TxHash, a.HTTPStatus, next)
	if err != nil {
		return 0, fmt.Errorf("record attempt on %s to %s: %w", a.Event, a.Sink, err)
	}
	_, err = tx.ExecContext(ctx, `UPDATE deliveries SET attempts = ?, last_error = ?, tx_hash = ?, http_status = ?,
		last_at = ?, next_at = ?, delivered_at = ? WHERE kind = ? AND id = ? AND sink = ?`,
		n, a.Err, a.TxHash, a.HTTPStatus, millis(a.At), next, done, key.Kind, int64(key.ID), a.Sink)
	if err != nil {
		return 0, fmt.Errorf("record attempt on %s to %s: %w", a.Event, a.Sink, err)
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("record attempt on %s to %s: %w", a.Event, a.Sink, err)
	}
	return n, nil
}

// nextAttempt returns the key of the delivery of event to sink and the number its next
// attempt takes.
func nextAttempt(ctx context.Context, tx *sql.Tx, event, sink string) (AwardKey, int, error) {
	var key AwardKey
	var id int64
	var attempts int
	var done int64
	err := tx.QueryRowContext(ctx, `SELECT kind, id, attempts, delivered_at FROM deliveries WHERE event = ? AND sink = ?`,
		event, sink).Scan(&key.Kind, &id, &attempts, &done)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return key, 0, ErrNoDelivery
	case err != nil:
		return key, 0, err
	case done != 0:
		return key, 0, ErrDelivered
	}
	key.ID = uint64(id)
	return key, attempts + 1, nil
}

// Attempts returns every attempt on the delivery of event to sink, in order.
func (db *DB) Attempts(event, sink string) ([]Attempt, error) {
	rows, err := db.r.Query(`SELECT a.n, a.at, a.error, a.tx_hash, a.http_status, a.next_at FROM delivery_attempts a
		JOIN deliveries d ON d.kind = a.kind AND d.id = a.id AND d.sink = a.sink
		WHERE d.event = ? AND d.sink = ? ORDER BY a.n`, event, sink)
	if err != nil {
		return nil, fmt.Errorf("read attempts on %s to %s: %w", event, sink, err)
	}
	defer rows.Close()
	var out []Attempt
	for rows.Next() {
		a := Attempt{Event: event, Sink: sink}
		var at, next int64
		if err := rows.Scan(&a.N, &at, &a.Err, &a.TxHash, &a.HTTPStatus, &next); err != nil {
			return nil, fmt.Errorf("read attempts on %s to %s: %w", event, sink, err)
		}
		a.At, a.Next = fromMillis(at), fromMillis(next)
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read attempts on %s to %s: %w", event, sink, err)
	}
	return out, nil
}

// millis is t in unix milliseconds; the zero time is 0.
func millis(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

// fromMillis is the inverse of millis, in UTC.
func fromMillis(ms int64) time.Time {
	if ms == 0 {
		return time.Time{}
	}
	return time.UnixMilli(ms).UTC()
}
