package client_test

import (
	"errors"
	"net/http"
	"testing"

	"github.com/arena/arena/client"
)

// TestChallengeReadersAnswerTheLedgersViews: the challenge readers decode their routes'
// answers: [] before any challenge or bench, and a typed 404 for a challenge, bench or
// run that does not exist.
func TestChallengeReadersAnswerTheLedgersViews(t *testing.T) {
	f := newFixture(t, 3)
	ctx := t.Context()
	if v, err := f.c.Challenges(ctx); err != nil || v == nil || len(v) != 0 {
		t.Errorf("Challenges = %v, %v; want []", v, err)
	}
	if v, err := f.c.Benches(ctx); err != nil || v == nil || len(v) != 0 {
		t.Errorf("Benches = %v, %v; want []", v, err)
	}
	for what, get := range map[string]func() error{
		"no challenge 4": func() error { _, err := f.c.Challenge(ctx, 4); return err },
		"no bench 5":     func() error { _, err := f.c.Bench(ctx, 5); return err },
		"no run 6":       func() error { _, err := f.c.Run(ctx, 6); return err },
	} {
		var ce *client.Error
		if err := get(); !errors.As(err, &ce) || ce.Status != http.StatusNotFound || ce.Message != what {
			t.Errorf("got %v, want a 404 %q", err, what)
		}
	}
}
