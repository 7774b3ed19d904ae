package client

import (
	"context"
	"fmt"

	"github.com/arena/arena/ledger"
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
