package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/arena/arena/api/wire"
	"github.com/arena/arena/ledger"
)

// The deliveries tables record what the bridge did with each award event: one row per
// event and sink in deliveries, and one row per try in delivery_attempts. They are
// written by the relayer, never by CommitBlock, and derive from nothing in the log, so a
// rebuild of the state tables leaves them as they are.
const deliveriesSchema = `
CREATE TABLE IF NOT EXISTS deliveries (
	event        TEXT NOT NULL,
	sink         TEXT NOT NULL,
	height       INTEGER NOT NULL,
	seq          INTEGER NOT NULL,
	task         INTEGER NOT NULL,
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
	PRIMARY KEY (event, sink)
) STRICT, WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS deliveries_due ON deliveries(sink, delivered_at, next_at);
CREATE TABLE IF NOT EXISTS delivery_attempts (
	event       TEXT NOT NULL,
	sink        TEXT NOT NULL,
	n           INTEGER NOT NULL,
	at          INTEGER NOT NULL,
	error       TEXT NOT NULL,
	tx_hash     TEXT NOT NULL,
	http_status INTEGER NOT NULL,
	next_at     INTEGER NOT NULL,
	PRIMARY KEY (event, sink, n)
) STRICT, WITHOUT ROWID;
`

// ErrNoDelivery reports an attempt recorded for an event and sink never enqueued.
var ErrNoDelivery = errors.New("no such delivery")

// ErrDelivered reports an attempt recorded for a delivery that already succeeded.
var ErrDelivered = errors.New("delivery already succeeded")

// OutboxEvent is an award event as the events table holds it, with the time of its
// block. It is declared in api/wire because GET /v1/deliveries serves it as it is.
type OutboxEvent = wire.OutboxEvent

// Delivery is one award event's delivery to one sink, as the deliveries table holds it.
// It is declared in api/wire because GET /v1/deliveries serves it as it is.
type Delivery = wire.Delivery

// Attempt is one try at a delivery. Err is empty for a success. Next is when a failed
// delivery is tried again.
type Attempt struct {
	Event      string    `json:"event"`
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
		WHERE e.type = 'award' AND (e.height > ? OR (e.height = ? AND e.seq > ?))
		ORDER BY e.height, e.seq LIMIT ?`, afterHeight, afterHeight, afterSeq, limit)
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

// Enqueue records that the award o, whose id is event, is to be delivered to each of
// sinks, due at once. A delivery already recorded is left as it is, so enqueueing again
// after a restart is harmless. It returns how many deliveries were new.
func (db *DB) Enqueue(event string, o OutboxEvent, sinks []string, at time.Time) (int, error) {
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
		res, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO deliveries(event, sink, height, seq, task, block_time, award,
			enqueued_at, next_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			event, s, o.Height, o.Seq, int64(o.Event.Task), o.Time, string(award), millis(at), millis(at))
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
const deliveryColumns = `event, sink, height, seq, task, block_time, award, attempts, last_error, tx_hash,
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
	var task, enq, last, next, done int64
	err := s.Scan(&d.Event, &d.Sink, &d.Award.Height, &d.Award.Seq, &task, &d.Award.Time, &award, &d.Attempts,
		&d.LastError, &d.TxHash, &d.HTTPStatus, &enq, &last, &next, &done)
	if err != nil {
		return d, err
	}
	if err := json.Unmarshal([]byte(award), &d.Award.Event); err != nil {
		return d, fmt.Errorf("delivery %s to %s: %w: %v", d.Event, d.Sink, ErrCorrupt, err)
	}
	d.Task = ledger.TaskID(task)
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
	n, err := nextAttempt(ctx, tx, a.Event, a.Sink)
	if err != nil {
		return 0, fmt.Errorf("record attempt on %s to %s: %w", a.Event, a.Sink, err)
	}
	done, next := int64(0), millis(a.Next)
	if a.Err == "" {
		done, next = millis(a.At), 0
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO delivery_attempts(event, sink, n, at, error, tx_hash, http_status, next_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, a.Event, a.Sink, n, millis(a.At), a.Err, a.TxHash, a.HTTPStatus, next)
	if err != nil {
		return 0, fmt.Errorf("record attempt on %s to %s: %w", a.Event, a.Sink, err)
	}
	_, err = tx.ExecContext(ctx, `UPDATE deliveries SET attempts = ?, last_error = ?, tx_hash = ?, http_status = ?,
		last_at = ?, next_at = ?, delivered_at = ? WHERE event = ? AND sink = ?`,
		n, a.Err, a.TxHash, a.HTTPStatus, millis(a.At), next, done, a.Event, a.Sink)
	if err != nil {
		return 0, fmt.Errorf("record attempt on %s to %s: %w", a.Event, a.Sink, err)
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("record attempt on %s to %s: %w", a.Event, a.Sink, err)
	}
	return n, nil
}

// nextAttempt returns the number the next attempt on a delivery takes.
func nextAttempt(ctx context.Context, tx *sql.Tx, event, sink string) (int, error) {
	var attempts int
	var done int64
	err := tx.QueryRowContext(ctx, `SELECT attempts, delivered_at FROM deliveries WHERE event = ? AND sink = ?`,
		event, sink).Scan(&attempts, &done)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return 0, ErrNoDelivery
	case err != nil:
		return 0, err
	case done != 0:
		return 0, ErrDelivered
	}
	return attempts + 1, nil
}

// Attempts returns every attempt on the delivery of event to sink, in order.
func (db *DB) Attempts(event, sink string) ([]Attempt, error) {
	rows, err := db.r.Query(`SELECT n, at, error, tx_hash, http_status, next_at FROM delivery_attempts
		WHERE event = ? AND sink = ? ORDER BY n`, event, sink)
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
