package client

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/arena/arena/ledger"
)

// PollInterval is how often the Wait helpers read what they follow while the node's
// event stream is down; while it is up they read it at each committed block, and at
// least every SafetyInterval.
var PollInterval = 100 * time.Millisecond

// SafetyInterval bounds the wait for the next block event of a Wait helper whose event
// stream is up, so that nothing the stream fails to say stalls it.
var SafetyInterval = time.Second

// maxReconnect bounds the backoff between attempts to reopen the event stream.
const maxReconnect = 5 * time.Second

// blockWait wakes a Wait helper at each block the node commits, read from GET
// /v1/events, so that it reads what it follows the moment a block may have changed it
// instead of up to a poll interval later. A stream that fails or ends is reopened with
// backoff, and the helper polls meanwhile: no wait is without a bound.
type blockWait struct {
	blocks       chan struct{} // one pending wake-up at most
	up           atomic.Bool   // the stream is open
	poll, safety time.Duration // PollInterval and SafetyInterval when watch began
	stop         context.CancelFunc
}

// watch opens the event stream and returns once it is subscribed (or has failed), so
// that every block committed after watch returns wakes the waiter. Stop it with stop.
func (c *Client) watch(ctx context.Context) *blockWait {
	ctx, cancel := context.WithCancel(ctx)
	w := &blockWait{blocks: make(chan struct{}, 1), poll: PollInterval, safety: SafetyInterval, stop: cancel}
	ready := make(chan struct{})
	go func() {
		backoff := w.poll
		for first := true; ctx.Err() == nil; first = false {
			evs, err := c.Events(ctx)
			w.up.Store(err == nil)
			if first {
				close(ready)
			}
			if err == nil {
				backoff = w.poll
				for ev := range evs {
					if ev.Type == "block" {
						w.wake()
					}
				}
				w.up.Store(false)
				w.wake() // a block may have come while the stream was closing
			}
			if sleep(ctx, backoff) != nil {
				return
			}
			backoff = min(2*backoff, maxReconnect)
		}
	}()
	<-ready
	return w
}

func (w *blockWait) wake() {
	select {
	case w.blocks <- struct{}{}:
	default:
	}
}

// next waits for the next block event, or PollInterval while the stream is down, or
// SafetyInterval while it is up, or ctx's end.
func (w *blockWait) next(ctx context.Context) error {
	d := w.poll
	if w.up.Load() {
		d = w.safety
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-w.blocks:
	case <-t.C:
	}
	return nil
}

// Progress is where a round stands: the current attempt, how many committee members
// have attested and how many of them agree with the attempt's leader.
type Progress struct {
	Round     ledger.RoundID
	Entry     ledger.EntryID
	Attempt   int
	Attempts  int // attempts allowed per round
	Leader    ledger.Address
	Committee int // members of the committee
	Quorum    int // agreeing results, leader included, that settle the round
	Attested  int // attestations on the current attempt
	Agreeing  int // of those, the ones that agree with the leader's, the leader's own included
	State     string
}

// String renders p as one line: "round 3 attempt 1/3: attested 3/4, agreeing 2 (quorum 3)".
func (p Progress) String() string {
	return fmt.Sprintf("round %d attempt %d/%d: attested %d/%d, agreeing %d (quorum %d), %s",
		p.Round, p.Attempt, p.Attempts, p.Attested, p.Committee, p.Agreeing, p.Quorum, p.State)
}

// WaitRound follows round id until it leaves the open state, calling progress (if not
// nil) whenever the tally changes. It returns the final view. A round whose attempts ran
// out, or that settled on an agreed failure, returns the view with an *Error.
func (c *Client) WaitRound(ctx context.Context, id ledger.RoundID, progress func(Progress)) (ledger.RoundView, error) {
	a, err := c.Arena(ctx)
	if err != nil {
		return ledger.RoundView{}, err
	}
	w := c.watch(ctx)
	defer w.stop()
	var last Progress
	for {
		r, err := c.Round(ctx, id)
		if err != nil {
			return r, err
		}
		if p := progressOf(r, a.Terms); p != last && progress != nil {
			progress(p)
			last = p
		}
		if r.State != ledger.RoundOpen {
			return r, roundError(r, a.Terms)
		}
		if err := w.next(ctx); err != nil {
			return r, err
		}
	}
}

// WaitEntry follows entry id until its latest round has ended, waiting first for a
// round to open if none is. It returns the entry as it then stands.
func (c *Client) WaitEntry(ctx context.Context, id ledger.EntryID, progress func(Progress)) (ledger.EntryView, error) {
	w := c.watch(ctx)
	defer w.stop()
	for {
		e, err := c.Entry(ctx, id)
		if err != nil {
			return e, err
		}
		if n := len(e.Rounds); n > 0 {
			if _, err := c.WaitRound(ctx, e.Rounds[n-1], progress); err != nil {
				e, _ = c.Entry(ctx, id)
				return e, err
			}
			return c.Entry(ctx, id)
		}
		if err := w.next(ctx); err != nil {
			return e, err
		}
	}
}

func progressOf(r ledger.RoundView, t ledger.Terms) Progress {
	p := Progress{Round: r.ID, Entry: r.Entry, Attempts: t.Attempts, Committee: len(r.Committee),
		Quorum: t.QuorumSize(), State: r.State}
	if n := len(r.Attempts); n > 0 {
		at := r.Attempts[n-1]
		p.Attempt, p.Leader, p.Attested = at.Attempt, at.Leader, len(at.Attestations)
		for _, s := range at.Attestations {
			if s.Agrees {
				p.Agreeing++
			}
		}
	}
	return p
}

// roundError reports an exhausted round, or one settled on an agreed failure.
func roundError(r ledger.RoundView, t ledger.Terms) error {
	switch {
	case r.State == ledger.RoundExhausted:
		return &Error{Class: ledger.Expected.String(), Message: fmt.Sprintf(
			"Round %d exhausted its %d attempts without agreement; entry %d is left ungraded", r.ID, t.Attempts, r.Entry)}
	case r.Grade != nil && r.Grade.Error != "":
		if e, ok := ledger.ParseError(r.Grade.Error); ok {
			return &Error{Class: e.Class.String(), Message: e.Msg}
		}
		return &Error{Class: ledger.Expected.String(), Message: r.Grade.Error}
	}
	return nil
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
