package client

import (
	"context"
	"fmt"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
)

// Challenges returns GET /v1/challenges: every benchmark challenge by id, with its
// entries, runs and folds.
func (c *Client) Challenges(ctx context.Context) ([]ledger.ChallengeView, error) {
	var v []ledger.ChallengeView
	return v, c.get(ctx, "/v1/challenges", &v)
}

// Challenge returns GET /v1/challenges/{id}.
func (c *Client) Challenge(ctx context.Context, id ledger.ChallengeID) (ledger.ChallengeView, error) {
	var v ledger.ChallengeView
	return v, c.get(ctx, fmt.Sprintf("/v1/challenges/%d", id), &v)
}

// Benches returns GET /v1/benches: every bench version registered, by id.
func (c *Client) Benches(ctx context.Context) ([]ledger.BenchView, error) {
	var v []ledger.BenchView
	return v, c.get(ctx, "/v1/benches", &v)
}

// Bench returns GET /v1/benches/{id}: one bench version with its frozen identity and
// its check.
func (c *Client) Bench(ctx context.Context, id ledger.BenchID) (ledger.BenchView, error) {
	var v ledger.BenchView
	return v, c.get(ctx, fmt.Sprintf("/v1/benches/%d", id), &v)
}

// Run returns GET /v1/runs/{id}: one challenge run with the result it kept and every
// attestation.
func (c *Client) Run(ctx context.Context, id ledger.RunID) (ledger.RunView, error) {
	var v ledger.RunView
	return v, c.get(ctx, fmt.Sprintf("/v1/runs/%d", id), &v)
}

// WaitBench follows bench version id until its check ends (accepted, refused or
// lapsed), calling progress (if not nil) whenever its state or its attestations change.
// It returns the last view read; ctx bounds the wait.
func (c *Client) WaitBench(ctx context.Context, id ledger.BenchID, progress func(ledger.BenchView)) (ledger.BenchView, error) {
	last := -1
	w := c.watch(ctx)
	defer w.stop()
	for {
		b, err := c.Bench(ctx, id)
		if err != nil {
			return b, err
		}
		if n := len(b.Checks); n != last && progress != nil {
			progress(b)
			last = n
		}
		if b.State != challenge.BenchChecking {
			return b, nil
		}
		if err := w.next(ctx); err != nil {
			return b, err
		}
	}
}

// WaitRun follows challenge run id until it ends (final, refused, provisional,
// unscored or abandoned), calling progress (if not nil) whenever its state or its
// attestations change. It returns the last view read; ctx bounds the wait.
func (c *Client) WaitRun(ctx context.Context, id ledger.RunID, progress func(ledger.RunView)) (ledger.RunView, error) {
	last := ""
	w := c.watch(ctx)
	defer w.stop()
	for {
		r, err := c.Run(ctx, id)
		if err != nil {
			return r, err
		}
		if k := fmt.Sprint(r.State, len(r.Attestations)); k != last && progress != nil {
			progress(r)
			last = k
		}
		if r.State != challenge.RunAnchoring && r.State != challenge.RunRunning {
			return r, nil
		}
		if err := w.next(ctx); err != nil {
			return r, err
		}
	}
}
