package client_test

import (
	"errors"
	"net/http"
	"testing"

	"github.com/arena/arena/client"
)

// TestMatchReadersAnswerTheLedgersViews: the match readers decode their routes'
// answers: [] before any match (and no agent to rate), and a typed 404 for a match, or
// the episode of a match, that does not exist.
func TestMatchReadersAnswerTheLedgersViews(t *testing.T) {
	f := newFixture(t, 3)
	ctx := t.Context()
	if v, err := f.c.Matches(ctx); err != nil || v == nil || len(v) != 0 {
		t.Errorf("Matches = %v, %v; want []", v, err)
	}
	var ce *client.Error
	if _, err := f.c.Match(ctx, 4); !errors.As(err, &ce) || ce.Status != http.StatusNotFound || ce.Message != "no match 4" {
		t.Errorf("Match(4) = %v, want a 404 %q", err, "no match 4")
	}
	if _, err := f.c.Episode(ctx, 4); !errors.As(err, &ce) || ce.Status != http.StatusNotFound || ce.Message != "no match 4" {
		t.Errorf("Episode(4) = %v, want a 404 %q", err, "no match 4")
	}
	if v, err := f.c.Agents(ctx); err != nil || v == nil || len(v) != 0 {
		t.Errorf("Agents = %v, %v; want []", v, err)
	}
}
