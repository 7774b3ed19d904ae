package bridge

import (
	"context"
	"log/slog"
	"time"

	"github.com/arena/arena/store"
)

// worker delivers to one sink: the due deliveries in order, one at a time, so that a
// slow or failing sink holds up no other.
type worker struct {
	r    *Relayer
	sink Sink
	wake chan struct{}
	log  *slog.Logger
}

func (w *worker) run(ctx context.Context) {
	for ctx.Err() == nil {
		wait := w.r.cfg.Poll
		switch w.drain(ctx) {
		case drainedFull:
			continue
		case drained:
			wait = w.untilNext()
		}
		select {
		case <-ctx.Done():
			return
		case <-w.wake:
		case <-w.r.cfg.Clock.After(wait):
		}
	}
}

// drainResult says what drain did.
type drainResult int

const (
	drained     drainResult = iota // every due delivery was attempted
	drainedFull                    // a full batch was attempted: more may be due
	stalled                        // the store failed: wait a poll interval
)

// drain attempts the deliveries due now.
func (w *worker) drain(ctx context.Context) drainResult {
	due, err := w.r.db.DueDeliveries(w.sink.Name(), w.r.cfg.Clock.Now(), w.r.cfg.Batch)
	if err != nil {
		w.log.Warn("bridge: read due deliveries", "err", err)
		return stalled
	}
	for _, d := range due {
		if ctx.Err() != nil {
			return drained
		}
		if err := w.attempt(ctx, d); err != nil {
			w.log.Error("bridge: record attempt", "event", d.Event, "err", err)
			return stalled
		}
	}
	if len(due) == w.r.cfg.Batch {
		return drainedFull
	}
	return drained
}

// untilNext is how long to wait for the next due delivery, at most the poll interval.
func (w *worker) untilNext() time.Duration {
	wait := w.r.cfg.Poll
	next, ok, err := w.r.db.NextDue(w.sink.Name())
	if err != nil {
		w.log.Warn("bridge: read next delivery", "err", err)
		return wait
	}
	if ok {
		wait = min(wait, max(0, next.Sub(w.r.cfg.Clock.Now())))
	}
	return wait
}

// attempt tries d once and records the result. A failure is scheduled again after the
// backoff for its count of failures so far. The error is the store's, if recording failed.
func (w *worker) attempt(ctx context.Context, d store.Delivery) error {
	a, err := AwardOf(w.r.chain, d.Award)
	var rec Receipt
	if err == nil {
		actx, cancel := context.WithTimeout(ctx, w.r.cfg.AttemptTimeout)
		rec, err = w.sink.Deliver(actx, a)
		cancel()
	}
	if err != nil && ctx.Err() != nil {
		// The relayer is stopping: the attempt was cut short, not refused. Recording it
		// would count a failure and push the next try back by a backoff; delivery is at
		// least once, so the next run simply tries again.
		return nil
	}
	now := w.r.cfg.Clock.Now()
	at := store.Attempt{Event: d.Event, Sink: d.Sink, At: now, TxHash: rec.TxHash, HTTPStatus: rec.HTTPStatus}
	if err != nil {
		at.Err = err.Error()
		at.Next = now.Add(w.r.cfg.Backoff.Delay(d.Attempts + 1))
	}
	n, rerr := w.r.db.RecordAttempt(at)
	switch {
	case rerr != nil:
		return rerr
	case err != nil:
		w.log.Warn("bridge: delivery failed", "event", d.Event, "attempt", n, "err", err,
			"http_status", rec.HTTPStatus, "tx", rec.TxHash, "retry_at", at.Next)
	default:
		w.log.Info("bridge: delivered", "event", d.Event, "attempt", n, "http_status", rec.HTTPStatus, "tx", rec.TxHash)
	}
	return nil
}
