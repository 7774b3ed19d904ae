package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
)

// afterSend reports a sent transaction: at once under --no-wait, and otherwise, in
// human mode, before waiting, so that the wait's progress follows it.
func (a *app) afterSend(rc sent, human string, wf *waitFlags) error {
	if wf.noWait || !a.json {
		return a.printReceipt(rc, human)
	}
	return nil
}

// waitBench follows bench version id's check for at most d, printing its progress to
// stderr unless --json, then prints the bench. A check that did not accept it, or is
// still open when the wait ends, is an error after a line per attempt of its round
// saying why it ended as it did, as `arena grade` prints them.
func (a *app) waitBench(ctx context.Context, c *client.Client, id ledger.BenchID, d time.Duration) error {
	wctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	b, err := c.WaitBench(wctx, id, func(b ledger.BenchView) {
		if !a.json {
			fmt.Fprintf(a.stderr, "bench %d check (round %d): %d of %d members attested\n", b.ID, b.Round, len(b.Checks), b.Quorum)
		}
	})
	if errors.Is(err, context.DeadlineExceeded) && wctx.Err() != nil {
		if b, err := c.Bench(ctx, id); err == nil {
			a.explainRound(ctx, c, b.Round)
		}
		return waitedOut("bench %d is still being checked after %s: `arena show bench %d` follows it", id, d, id)
	}
	if err != nil {
		return err
	}
	if b.State != challenge.BenchAccepted {
		a.explainRound(ctx, c, b.Round)
		return a.endedWithout(b, fmt.Sprintf("bench %d was %s: %s", id, b.State, b.Reason), "")
	}
	return a.emit(b, func(w io.Writer) { printBench(w, &b) })
}

// waitRun follows run id for at most d, printing its progress to stderr unless --json,
// then prints the run. A run that did not end final, or is still open when the wait
// ends, is an error after a line per attempt of its round saying why it ended as it
// did, as `arena grade` and `arena tender score` print them, and the failure the run
// kept (see endedWithout).
func (a *app) waitRun(ctx context.Context, c *client.Client, id ledger.RunID, d time.Duration) error {
	wctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	r, err := c.WaitRun(wctx, id, func(r ledger.RunView) {
		if !a.json {
			fmt.Fprintf(a.stderr, "run %d: %s, %d attestations\n", r.ID, r.State, len(r.Attestations))
		}
	})
	if errors.Is(err, context.DeadlineExceeded) && wctx.Err() != nil {
		if now, err := c.Run(ctx, id); err == nil {
			r = now
			a.explainRound(ctx, c, r.Round)
		}
		return waitedOut("run %d is still %s after %s: `arena show run %d` follows it", id, r.State, d, id)
	}
	if err != nil {
		return err
	}
	if r.State != challenge.RunFinal {
		a.explainRound(ctx, c, r.Round)
		var kept string
		if r.Kept != nil {
			kept = r.Kept.Error
		}
		return a.endedWithout(r, fmt.Sprintf("run %d ended %s", id, r.State), kept)
	}
	return a.emit(r, func(w io.Writer) { printRun(w, &r) })
}

// endedWithout reports a run that ended without a score: under --json its view v on
// stdout, as a run that scored prints it, and in either mode the error what, carrying
// the classed failure the committee kept ("[EXPECTED] run 1 ended refused: The program
// imports env.steal, which the bench does not offer") when kept is one.
func (a *app) endedWithout(v any, what, kept string) error {
	if a.json {
		if err := a.emit(v, nil); err != nil {
			return err
		}
	}
	if f, ok := ledger.ParseError(kept); ok {
		return &ledger.Error{Class: f.Class, Msg: what + ": " + f.Msg}
	}
	return errors.New(what)
}
