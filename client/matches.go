package client

import (
	"context"
	"fmt"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/match"
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

// Episode returns GET /v1/matches/{id}/episode: a finished match as one document to
// replay. A match under way or void answers 409, an unknown one 404.
func (c *Client) Episode(ctx context.Context, id ledger.MatchID) (match.Episode, error) {
	var v match.Episode
	return v, c.get(ctx, fmt.Sprintf("/v1/matches/%d/episode", id), &v)
}

// Agents returns GET /v1/agents: every agent of a finished match with its rating across
// matches, highest first.
func (c *Client) Agents(ctx context.Context) ([]ledger.AgentView, error) {
	var v []ledger.AgentView
	return v, c.get(ctx, "/v1/agents", &v)
}
