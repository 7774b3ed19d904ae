package validator

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/arena/arena/ledger"
)

// runGrace is how long past RunTimeout the worker waits for a grading run that ignores
// its context before it attests a transient failure of its own.
const runGrace = 2 * time.Second

// errRunTimedOut is the result a worker attests when a grading run outlived its deadline
// and its grace without answering.
var errRunTimedOut = ledger.NewError(ledger.Transient, "Grading run timed out")

// attest runs t's grading under runCtx, which ends if the attempt closes, signs
// the result and sends the attestation under ctx, so that a submission once begun is
// never abandoned midway (an abandoned one may still commit and spend its nonce).
func (w *Worker) attest(ctx, runCtx context.Context, t task) {
	started := w.cfg.Now()
	res, ok := w.run(runCtx, t)
	if !ok {
		return // the attempt closed or the worker is stopping
	}
	w.stats.runs.Add(1)
	if res.Error != "" {
		w.stats.failed.Add(1)
	}
	for i := range res.Calls {
		if err := w.cfg.Key.SignCall(&res.Calls[i], t.chain); err != nil {
			w.stats.errors.Add(1)
			w.cfg.Logger.Error("sign model call", "round", t.round, "err", err)
			return
		}
	}
	if !w.stillOpen(t.job) {
		w.stats.late.Add(1)
		w.cfg.Logger.Info("attempt closed before the run finished", "round", t.round, "attempt", t.attempt)
		return
	}
	body := ledger.Attest{Round: t.round, Attempt: t.attempt, Result: res}
	out, err := w.send(ctx, body)
	w.cfg.Logger.Info("attest", "round", t.round, "attempt", t.attempt, "entry", t.entry,
		"tier", res.Tier, "score", res.Score, "error", res.Error, "took", w.cfg.Now().Sub(started),
		"refused", out.Err, "err", err)
	if err == nil && out.OK() {
		w.stats.attested.Add(1)
	}
}

// run runs t's grading under RunTimeout, outside the state lock. It reports false when ctx ended first, which
// means the attempt closed or the worker is stopping: nothing should be sent.
func (w *Worker) run(ctx context.Context, t task) (ledger.Result, bool) {
	runCtx, cancel := context.WithTimeout(ctx, w.cfg.RunTimeout)
	defer cancel()
	done := make(chan ledger.Result, 1)
	go func() { done <- t.grade.Run(runCtx) }()
	grace := time.NewTimer(w.cfg.RunTimeout + runGrace)
	defer grace.Stop()
	select {
	case res := <-done:
		return res, ctx.Err() == nil
	case <-ctx.Done():
		return ledger.Result{}, false
	case <-grace.C:
		w.cfg.Logger.Warn("grading run ignored its deadline", "round", t.round, "timeout", w.cfg.RunTimeout)
		return ledger.Result{Error: errRunTimedOut.Error()}, true
	}
}

// stillOpen reports whether j is still the open attempt of its round and unattested
// by this key.
func (w *Worker) stillOpen(j job) bool {
	open := false
	w.cfg.Chain.View(func(s *ledger.State) {
		r, ok := s.Round(j.round)
		if !ok || r.State != ledger.RoundOpen || len(r.Attempts) == 0 {
			return
		}
		a := r.Attempts[len(r.Attempts)-1]
		open = a.Attempt == j.attempt && a.State == ledger.AttemptOpen && !attested(a, w.addr)
	})
	return open
}

// rotate sends grade(entry) to move an expired attempt on. A refusal is expected when
// another member moved it first.
func (w *Worker) rotate(ctx context.Context, e ledger.EntryID) {
	out, err := w.send(ctx, ledger.Grade{Entry: e})
	if err == nil && out.OK() {
		w.stats.rotations.Add(1)
	}
	w.cfg.Logger.Info("rotate expired attempt", "entry", e, "refused", out.Err, "err", err)
}

// errNonce is the ledger's refusal of a stale nonce.
var errNonce = ledger.NewError(ledger.Expected, "Nonce is not the sender's next nonce")

// send signs body with the key's next nonce and submits it, one submission at a time;
// on a nonce refusal it re-reads the nonce and tries once more. A refusal by the ledger
// is counted and returned in the Outcome; an error means the tx was not ordered.
func (w *Worker) send(ctx context.Context, body ledger.Body) (ledger.Outcome, error) {
	w.sendMu.Lock()
	defer w.sendMu.Unlock()
	var out ledger.Outcome
	var err error
	for try := 0; try < 2; try++ {
		out, err = w.sendOnce(ctx, body)
		if try > 0 || !isNonceRefusal(out, err) {
			break
		}
		w.stats.retries.Add(1)
	}
	switch {
	case err != nil && ctx.Err() != nil:
		// the worker is stopping; the tx may still commit, and nothing is wrong
	case err != nil && ledger.ClassOf(err) == ledger.Expected:
		w.stats.refused.Add(1) // refused at admission
	case err != nil:
		w.stats.errors.Add(1)
	case !out.OK():
		w.stats.refused.Add(1)
	}
	return out, err
}

func (w *Worker) sendOnce(ctx context.Context, body ledger.Body) (ledger.Outcome, error) {
	tx := &ledger.Tx{From: w.addr, Body: body}
	w.cfg.Chain.View(func(s *ledger.State) {
		tx.Chain = s.Terms().Chain
		tx.Nonce = s.NextNonce(w.addr)
	})
	if err := w.cfg.Key.SignTx(tx); err != nil {
		return ledger.Outcome{}, err
	}
	out, err := w.cfg.Chain.Submit(ctx, tx)
	if err != nil {
		return out, fmt.Errorf("submit %s: %w", body.Kind(), err)
	}
	return out, nil
}

func isNonceRefusal(out ledger.Outcome, err error) bool {
	return errors.Is(err, errNonce) || out.Err == errNonce.Error()
}
