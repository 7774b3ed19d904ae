package client

import (
	"context"
	"fmt"
	"time"

	"github.com/arena/arena/ledger"
)

// PollInterval is how often the Wait helpers read the round they follow.
var PollInterval = 100 * time.Millisecond

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
		if err := sleep(ctx, PollInterval); err != nil {
			return r, err
		}
	}
}

// WaitEntry follows entry id until its latest round has ended, waiting first for a
// round to open if none is. It returns the entry as it then stands.
func (c *Client) WaitEntry(ctx context.Context, id ledger.EntryID, progress func(Progress)) (ledger.EntryView, error) {
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
		if err := sleep(ctx, PollInterval); err != nil {
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
