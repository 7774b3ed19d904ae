package client

import (
	"context"
	"fmt"
	"net/url"

	"github.com/arena/arena/api/wire"
	"github.com/arena/arena/chain"
	"github.com/arena/arena/ledger"
)

// Arena returns GET /v1/arena: the arena's view, its genesis hash and EIP-712 domain,
// and its clock at the next block.
func (c *Client) Arena(ctx context.Context) (wire.Arena, error) {
	var v wire.Arena
	return v, c.get(ctx, "/v1/arena", &v)
}

// TypedDataTypes returns GET /v1/typed-data/types: every transaction kind's EIP-712
// schema.
func (c *Client) TypedDataTypes(ctx context.Context) (wire.TypedDataTypes, error) {
	var v wire.TypedDataTypes
	return v, c.get(ctx, "/v1/typed-data/types", &v)
}

// Tasks returns GET /v1/tasks.
func (c *Client) Tasks(ctx context.Context) ([]ledger.TaskView, error) {
	var v []ledger.TaskView
	return v, c.get(ctx, "/v1/tasks", &v)
}

// Task returns GET /v1/tasks/{id}.
func (c *Client) Task(ctx context.Context, id ledger.TaskID) (ledger.TaskView, error) {
	var v ledger.TaskView
	return v, c.get(ctx, fmt.Sprintf("/v1/tasks/%d", id), &v)
}

// Entries returns GET /v1/tasks/{id}/entries.
func (c *Client) Entries(ctx context.Context, task ledger.TaskID) ([]ledger.EntryView, error) {
	var v []ledger.EntryView
	return v, c.get(ctx, fmt.Sprintf("/v1/tasks/%d/entries", task), &v)
}

// Entry returns GET /v1/entries/{id}.
func (c *Client) Entry(ctx context.Context, id ledger.EntryID) (ledger.EntryView, error) {
	var v ledger.EntryView
	return v, c.get(ctx, fmt.Sprintf("/v1/entries/%d", id), &v)
}

// Grades returns GET /v1/entries/{id}/grades: every round on the entry, oldest first.
func (c *Client) Grades(ctx context.Context, id ledger.EntryID) ([]ledger.RoundView, error) {
	var v []ledger.RoundView
	return v, c.get(ctx, fmt.Sprintf("/v1/entries/%d/grades", id), &v)
}

// Round returns GET /v1/rounds/{id}.
func (c *Client) Round(ctx context.Context, id ledger.RoundID) (ledger.RoundView, error) {
	var v ledger.RoundView
	return v, c.get(ctx, fmt.Sprintf("/v1/rounds/%d", id), &v)
}

// RoundDetail returns GET /v1/rounds/{id}/attempts: a round of any kind with every
// attempt and every attestation, each verdict as its kind encodes it.
func (c *Client) RoundDetail(ctx context.Context, id ledger.RoundID) (ledger.RoundDetail, error) {
	var v ledger.RoundDetail
	return v, c.get(ctx, fmt.Sprintf("/v1/rounds/%d/attempts", id), &v)
}

// Rounds returns GET /v1/rounds: every round.
func (c *Client) Rounds(ctx context.Context) ([]ledger.RoundView, error) {
	var v []ledger.RoundView
	return v, c.get(ctx, "/v1/rounds", &v)
}

// OpenRounds returns GET /v1/rounds?state=open.
func (c *Client) OpenRounds(ctx context.Context) ([]ledger.RoundView, error) {
	var v []ledger.RoundView
	return v, c.get(ctx, "/v1/rounds?state=open", &v)
}

// Account returns GET /v1/accounts/{address}.
func (c *Client) Account(ctx context.Context, a ledger.Address) (wire.Account, error) {
	var v wire.Account
	return v, c.get(ctx, "/v1/accounts/"+a.String(), &v)
}

// Leaderboard returns GET /v1/leaderboard.
func (c *Client) Leaderboard(ctx context.Context) ([]ledger.Reputation, error) {
	var v []ledger.Reputation
	return v, c.get(ctx, "/v1/leaderboard", &v)
}

// Governance returns GET /v1/governance: the protocol version and terms in force, the
// upgrade waiting for its height and every proposal.
func (c *Client) Governance(ctx context.Context) (ledger.Governance, error) {
	var v ledger.Governance
	return v, c.get(ctx, "/v1/governance", &v)
}

// Judges returns GET /v1/judges: each validator's record as a grader.
func (c *Client) Judges(ctx context.Context) ([]ledger.Judge, error) {
	var v []ledger.Judge
	return v, c.get(ctx, "/v1/judges", &v)
}

// Validators returns GET /v1/validators: every validator's record, founders first,
// with its bond and status.
func (c *Client) Validators(ctx context.Context) ([]ledger.ValidatorView, error) {
	var v []ledger.ValidatorView
	return v, c.get(ctx, "/v1/validators", &v)
}

// Claimable returns GET /v1/claimable/{address}.
func (c *Client) Claimable(ctx context.Context, a ledger.Address) (ledger.Claimable, error) {
	var v ledger.Claimable
	return v, c.get(ctx, "/v1/claimable/"+a.String(), &v)
}

// Snapshot returns GET /v1/snapshot: every view at one height.
func (c *Client) Snapshot(ctx context.Context) (ledger.Snapshot, error) {
	var v ledger.Snapshot
	return v, c.get(ctx, "/v1/snapshot", &v)
}

// Deliveries returns GET /v1/deliveries: every award delivery the node's relayer
// recorded, one per award and sink, in log order and then by sink.
func (c *Client) Deliveries(ctx context.Context) ([]wire.Delivery, error) {
	var v []wire.Delivery
	return v, c.get(ctx, "/v1/deliveries", &v)
}

// Health returns GET /healthz.
func (c *Client) Health(ctx context.Context) (wire.Health, error) {
	var v wire.Health
	return v, c.get(ctx, "/healthz", &v)
}

// Metrics returns GET /metrics in the Prometheus text format.
func (c *Client) Metrics(ctx context.Context) ([]byte, error) {
	var b []byte
	return b, c.get(ctx, "/metrics", &b)
}

// OpenAPI returns GET /openapi.json, the API's OpenAPI 3.0 document.
func (c *Client) OpenAPI(ctx context.Context) ([]byte, error) {
	var b []byte
	return b, c.get(ctx, "/openapi.json", &b)
}

// Tx returns GET /v1/tx/{id}: a committed transaction by its id, with its receipt.
func (c *Client) Tx(ctx context.Context, id string) (chain.TxAt, error) {
	var v chain.TxAt
	return v, c.get(ctx, "/v1/tx/"+url.PathEscape(id), &v)
}
