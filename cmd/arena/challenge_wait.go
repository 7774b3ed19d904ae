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
// stderr unless --json, then prints the bench; a check that did not accept it is an
// error after the bench is printed.
func (a *app) waitBench(ctx context.Context, c *client.Client, id ledger.BenchID, d time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	b, err := c.WaitBench(ctx, id, func(b ledger.BenchView) {
		if !a.json {
			fmt.Fprintf(a.stderr, "bench %d check (round %d): %d of %d members attested\n", b.ID, b.Round, len(b.Checks), b.Quorum)
		}
	})
	if errors.Is(err, context.DeadlineExceeded) && ctx.Err() != nil {
		return fmt.Errorf("bench %d is still being checked after %s: `arena show bench %d` follows it", id, d, id)
	}
	if err != nil {
		return err
	}
	if err := a.emit(b, func(w io.Writer) { printBench(w, &b) }); err != nil {
		return err
	}
	if b.State != challenge.BenchAccepted {
		return fmt.Errorf("bench %d was %s: %s", id, b.State, b.Reason)
	}
	return nil
}

// waitRun follows run id for at most d, printing its progress to stderr unless --json,
// then prints the run; a run that did not end final is an error after the run is
// printed.
func (a *app) waitRun(ctx context.Context, c *client.Client, id ledger.RunID, d time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	r, err := c.WaitRun(ctx, id, func(r ledger.RunView) {
		if !a.json {
			fmt.Fprintf(a.stderr, "run %d: %s, %d attestations\n", r.ID, r.State, len(r.Attestations))
		}
	})
	if errors.Is(err, context.DeadlineExceeded) && ctx.Err() != nil {
		return fmt.Errorf("run %d is still %s after %s: `arena show run %d` follows it", id, r.State, d, id)
	}
	if err != nil {
		return err
	}
	if err := a.emit(r, func(w io.Writer) { printRun(w, &r) }); err != nil {
		return err
	}
	if r.State != challenge.RunFinal {
		return fmt.Errorf("run %d ended %s", id, r.State)
	}
	return nil
}
