package client

import (
	"context"
	"fmt"

	"github.com/arena/arena/ledger"
)

// Matches returns GET /v1/matches: every agent match by id, with its turns and bets.
func (c *Client) Matches(ctx context.Context) ([]ledger.MatchView, error) {
	var v []ledger.MatchView
	return v, c.get(ctx, "/v1/matches", &v)
}

// Match returns GET /v1/matches/{id}: one match with its turn-by-turn timeline, the
// signed receipts and raw texts of every revealed decision, its bets and settlement.
func (c *Client) Match(ctx context.Context, id ledger.MatchID) (ledger.MatchView, error) {
	var v ledger.MatchView
	return v, c.get(ctx, fmt.Sprintf("/v1/matches/%d", id), &v)
}
