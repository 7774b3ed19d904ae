package validator

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/round"
)

// runGrace is how long past RunTimeout the worker waits for a grading run that ignores
// its context before it attests a transient failure of its own.
const runGrace = 2 * time.Second

// errRunTimedOut is the result a worker attests when a grading run outlived its deadline
// and its grace without answering.
var errRunTimedOut = ledger.NewError(ledger.Transient, "Grading run timed out")

// attest runs t's grading under runCtx, which ends once the attempt's deadline has
// passed, signs the result and sends the attestation under ctx, so that a submission
// once begun is never abandoned midway (an abandoned one may still commit and spend its
// nonce). A run that finishes after its attempt ended (others settled or discarded it
// first) is still sent while the deadline has not passed: the ledger records it late,
// so every member who answered in time is on the record.
func (w *Worker) attest(ctx, runCtx context.Context, t task) {
	started := w.cfg.Now()
	var att grading.Attestation
	ok := true
	if t.declined != nil {
		att = t.grade.Failed(t.declined) // slower than the terms' gas rate: it does not run the program
	} else {
		att, ok = w.run(runCtx, t)
	}
	if !ok {
		return // the deadline passed or the worker is stopping
	}
	w.stats.runs.Add(1)
	if att.Failure() != "" {
		w.stats.failed.Add(1)
	}
	calls := att.Receipts()
	for i := range calls {
		if err := w.cfg.Key.SignCall(&calls[i], t.arena, ledger.KeystoreChainID); err != nil {
			w.stats.errors.Add(1)
			w.cfg.Logger.Error("sign model call", "round", t.round, "err", err)
			return
		}
	}
	ok, late := w.mayAttest(t.job)
	if !ok {
		w.stats.late.Add(1)
		w.cfg.Logger.Info("attempt deadline passed before the run finished", "round", t.round, "attempt", t.attempt)
		return
	}
	out, err := w.send(ctx, att.Body(t.round, t.attempt))
	w.cfg.Logger.Info("attest", "round", t.round, "attempt", t.attempt, "kind", t.kind, "subject", t.subject,
		"found", att, "late", late, "took", w.cfg.Now().Sub(started), "refused", out.Err, "err", err)
	if err == nil && out.OK() {
		w.stats.attested.Add(1)
	}
}

// run runs t's grading under RunTimeout, outside the state lock. It reports false when ctx ended first, which
// means the attempt closed or the worker is stopping: nothing should be sent.
//
// A program run (t.metered) runs instead until its attempt's deadline, which the ledger
// set long enough for a validator metering the terms' gas rate to spend the whole
// budget; when that deadline cuts it (or it ignores it) the validator abstains: a
// failure of its own wall clock must never become the verdict a round keeps.
func (w *Worker) run(ctx context.Context, t task) (grading.Attestation, bool) {
	limit := w.cfg.RunTimeout
	if t.metered {
		limit = t.window
	}
	runCtx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	done := make(chan grading.Attestation, 1)
	go func() { done <- t.grade.Run(runCtx) }()
	grace := time.NewTimer(limit + runGrace)
	defer grace.Stop()
	select {
	case att := <-done:
		if t.metered && runCtx.Err() != nil {
			w.cfg.Logger.Info("the attempt's deadline stopped a program run: abstaining", "round", t.round, "attempt", t.attempt, "found", att)
			return nil, false
		}
		return att, ctx.Err() == nil
	case <-ctx.Done():
		return nil, false
	case <-grace.C:
		if t.metered {
			w.cfg.Logger.Warn("a program run ignored its attempt's deadline: abstaining", "round", t.round, "attempt", t.attempt)
			return nil, false
		}
		w.cfg.Logger.Warn("grading run ignored its deadline", "round", t.round, "timeout", w.cfg.RunTimeout)
		return t.grade.Failed(errRunTimedOut), true
	}
}

// mayAttest reports whether j may still be attested by this key: its attempt's
// deadline has not passed by the arena's clock (or the wall clock, if that is ahead)
// and this key has not attested it. late reports that the attempt has already ended,
// so the ledger will record the attestation without tallying it.
func (w *Worker) mayAttest(j job) (ok, late bool) {
	w.cfg.Chain.View(func(s *ledger.State) {
		a, found := attemptOf(s, j)
		if !found || w.now(s) > a.Deadline || a.HasAttested(w.addr) {
			return
		}
		ok, late = true, a.State != ledger.AttemptOpen
	})
	return ok, late
}

// attemptOf returns the attempt j names, if its round, of any kind, has it.
func attemptOf(s *ledger.State, j job) (round.AttemptView, bool) {
	r, ok := s.GradingRound(j.round)
	if !ok || j.attempt < 1 || j.attempt > len(r.Attempts) {
		return round.AttemptView{}, false
	}
	return r.Attempts[j.attempt-1], true
}

// now is the arena's clock, or the wall clock when that is ahead: the next block's
// time is at least either.
func (w *Worker) now(s *ledger.State) int64 { return max(w.cfg.Now().Unix(), s.Now()) }

// rotate sends body, the kind's transaction that moves an expired attempt on. A
// refusal is expected when another member moved it first.
func (w *Worker) rotate(ctx context.Context, body ledger.Body) {
	out, err := w.send(ctx, body)
	if err == nil && out.OK() {
		w.stats.rotations.Add(1)
	}
	w.cfg.Logger.Info("rotate expired attempt", "tx", body.Kind(), "body", body, "refused", out.Err, "err", err)
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
		tx.Nonce = s.NextNonce(w.addr)
		terms := s.Terms()
		terms.Stamp(tx, ledger.ValidFor(max(s.Now(), time.Now().Unix()), ledger.DefaultValidityS))
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
