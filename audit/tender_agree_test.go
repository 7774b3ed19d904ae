package audit

import (
	"math/rand/v2"
	"testing"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
	"github.com/arena/arena/ledger/tender"
)

// card builds a scorecard scoring criteria 0, 1, ... with scores.
func card(scores ...int) tender.Scorecard {
	c := tender.Scorecard{Scores: make([]tender.CriterionScore, len(scores))}
	for i, s := range scores {
		c.Scores[i] = tender.CriterionScore{Criterion: i, Score: s}
	}
	return c
}

// The audit re-derives the ledger's agreement rule for a scorecard in force (whose
// leader scored): withinOneStep and the ledger's comparison (round.Agree, which asks
// tender.Scorecard.Agrees of two scored cards) give the same answer on hand-picked
// scorecards, one for each clause of the rule, and on random ones.
func TestTheAuditsAgreementIsTheLedgers(t *testing.T) {
	swapped := card(3, 4)
	swapped.Scores[0].Criterion, swapped.Scores[1].Criterion = 1, 0
	renumbered := card(3, 4, 1)
	renumbered.Scores[2].Criterion = 3
	failed := tender.Scorecard{Error: book.NewError(book.Transient, "the model timed out").Error()}
	for _, tc := range []struct {
		name         string
		mine, leader tender.Scorecard
		want         bool
	}{
		{"the same scores", card(3, 4, 1, 4), card(3, 4, 1, 4), true},
		{"each one step off", card(4, 3, 2, 5), card(3, 4, 1, 4), true},
		{"two steps off on one criterion", card(5, 4, 1, 4), card(3, 4, 1, 4), false},
		{"fewer criteria", card(3, 4, 1), card(3, 4, 1, 4), false},
		{"the criteria in another order", swapped, card(3, 4), false},
		{"another criterion scored", renumbered, card(3, 4, 1), false},
		{"the member failed", failed, card(3, 4, 1, 4), false},
		{"no criteria at all", card(), card(), true},
	} {
		if got, ledger := withinOneStep(tc.mine, tc.leader), round.Agree(tc.mine, tc.leader); got != tc.want || ledger != tc.want {
			t.Errorf("%s: the audit says %t, the ledger %t; want %t", tc.name, got, ledger, tc.want)
		}
	}
	rng := rand.New(rand.NewPCG(21, 23))
	random := func() tender.Scorecard {
		if rng.IntN(10) == 0 {
			return failed
		}
		c := card(make([]int, rng.IntN(5))...)
		for i := range c.Scores {
			c.Scores[i].Score = rng.IntN(tender.ScoreMax + 1)
			if rng.IntN(8) == 0 {
				c.Scores[i].Criterion = rng.IntN(5)
			}
		}
		return c
	}
	agreed := 0
	for range 20000 {
		leader := random()
		if leader.Error != "" {
			continue // a scorecard in force scored
		}
		mine := leader
		if rng.IntN(2) == 0 {
			mine = random()
		} else {
			mine = card(leader.Values()...)
			for i := range mine.Scores {
				mine.Scores[i].Criterion = leader.Scores[i].Criterion
				mine.Scores[i].Score += rng.IntN(5) - 2
			}
		}
		got, want := withinOneStep(mine, leader), round.Agree(mine, leader)
		if got != want {
			t.Fatalf("member %+v, leader %+v: the audit says %t, the ledger %t", mine, leader, got, want)
		}
		if want {
			agreed++
		}
	}
	if agreed < 1000 {
		t.Fatalf("only %d random pairs agreed: the inputs do not exercise agreement", agreed)
	}
}
