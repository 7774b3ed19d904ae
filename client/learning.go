package client

import (
	"context"
	"fmt"

	"github.com/arena/arena/ledger"
)

// LearnChallenges returns GET /v1/learning: every learning challenge by id, with its
// runs, its ranking and its folds.
func (c *Client) LearnChallenges(ctx context.Context) ([]ledger.LearnChallengeView, error) {
	var v []ledger.LearnChallengeView
	return v, c.get(ctx, "/v1/learning", &v)
}

// LearnChallenge returns GET /v1/learning/{id}.
func (c *Client) LearnChallenge(ctx context.Context, id ledger.LearnChallengeID) (ledger.LearnChallengeView, error) {
	var v ledger.LearnChallengeView
	return v, c.get(ctx, fmt.Sprintf("/v1/learning/%d", id), &v)
}

// LearnRun returns GET /v1/learn-runs/{id}: one learning run with its pair, seeds,
// kept results, score and every attestation of both its rounds.
func (c *Client) LearnRun(ctx context.Context, id ledger.LearnRunID) (ledger.LearnRunView, error) {
	var v ledger.LearnRunView
	return v, c.get(ctx, fmt.Sprintf("/v1/learn-runs/%d", id), &v)
}

// WaitLearnRun follows learning run id until done reports true of it, calling progress
// (if not nil) whenever its state or its attestations change. It returns the last view
// read; ctx bounds the wait. A caller waiting for the run round passes a done that
// leaves states anchoring and running; one waiting for the held-out round, one that
// also leaves waiting and heldout.
func (c *Client) WaitLearnRun(ctx context.Context, id ledger.LearnRunID, done func(ledger.LearnRunView) bool, progress func(ledger.LearnRunView)) (ledger.LearnRunView, error) {
	last := ""
	w := c.watch(ctx)
	defer w.stop()
	for {
		r, err := c.LearnRun(ctx, id)
		if err != nil {
			return r, err
		}
		if k := fmt.Sprint(r.State, len(r.Attestations)); k != last && progress != nil {
			progress(r)
			last = k
		}
		if done(r) {
			return r, nil
		}
		if err := w.next(ctx); err != nil {
			return r, err
		}
	}
}
