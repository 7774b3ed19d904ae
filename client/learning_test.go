package client_test

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
)

// TestLearningReadersAnswerTheLedgersViews: the learning readers decode their routes'
// answers: [] before any learning challenge, and a typed 404 for a learning challenge
// or run that does not exist, which also ends WaitLearnRun at once.
func TestLearningReadersAnswerTheLedgersViews(t *testing.T) {
	f := newFixture(t, 3)
	ctx := t.Context()
	if v, err := f.c.LearnChallenges(ctx); err != nil || v == nil || len(v) != 0 {
		t.Errorf("LearnChallenges = %v, %v; want []", v, err)
	}
	wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	for what, get := range map[string]func() error{
		"no learning challenge 4": func() error { _, err := f.c.LearnChallenge(ctx, 4); return err },
		"no learning run 6":       func() error { _, err := f.c.LearnRun(ctx, 6); return err },
		"no learning run 7": func() error {
			_, err := f.c.WaitLearnRun(wctx, 7, func(ledger.LearnRunView) bool { return true }, nil)
			return err
		},
	} {
		var ce *client.Error
		if err := get(); !errors.As(err, &ce) || ce.Status != http.StatusNotFound || ce.Message != what {
			t.Errorf("got %v, want a 404 %q", err, what)
		}
	}
}
