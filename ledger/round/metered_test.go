package round_test

import (
	"testing"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
)

// A program run's attempt stays open for its gas at the terms' rate (the default when
// the terms name none), rounded up, plus the margin, and never less than the round
// timeout; a budget past the longest deadline (a week) at the rate does not fit.
func TestMeteredSIsTheBudgetAtTheRatePlusTheMargin(t *testing.T) {
	for _, tc := range []struct {
		name  string
		terms round.Terms
		gas   int64
		want  int64
		fits  bool
	}{
		{"small: the round timeout", round.Terms{TimeoutS: 600}, 1_000_000, 600, true},
		{"the default rate, rounded up", round.Terms{TimeoutS: 60}, 25_000_001 * 100, 101 + 120, true},
		{"the terms' rate", round.Terms{TimeoutS: 60, GasRate: 1_000_000}, 1_000_000 * 1000, 1000 + 120, true},
		{"the longest exactly", round.Terms{TimeoutS: 60, GasRate: 1}, round.MaxMeteredS - round.MeteredMarginS, round.MaxMeteredS, true},
		{"past the longest", round.Terms{TimeoutS: 60, GasRate: 1}, round.MaxMeteredS - round.MeteredMarginS + 1, 0, false},
		{"negative", round.Terms{TimeoutS: 60}, -1, 0, false},
	} {
		got, ok := tc.terms.MeteredS(tc.gas)
		if got != tc.want || ok != tc.fits {
			t.Errorf("%s: %d %v, want %d %v", tc.name, got, ok, tc.want, tc.fits)
		}
	}
}

// Budgets add and multiply without wrapping: past the largest int64 they stay there,
// which no deadline fits.
func TestGasSaturates(t *testing.T) {
	big := round.Gas(1 << 62)
	if got := big.Plus(big); got.Int64() != 1<<63-1 {
		t.Errorf("2^62 + 2^62 = %d", got)
	}
	if got := big.Times(3); got.Int64() != 1<<63-1 {
		t.Errorf("2^62 x 3 = %d", got)
	}
	if got := round.Gas(7).Times(6).Plus(8); got != 50 {
		t.Errorf("7 x 6 + 8 = %d", got)
	}
	if _, ok := (&round.Terms{TimeoutS: 1}).MeteredS(big.Times(4).Int64()); ok {
		t.Error("a saturated budget fits")
	}
}

// OpenMetered gives a round's attempts the metered deadline, every attempt alike: at
// least the margin, even when the terms' timeout is shorter (a minute here). (A budget
// that fits the terms' timeout leaves the round's own timeout unset, so that it encodes
// as before: TestAProgramRunsAttemptsStayOpenUntilItsGasIsSpentAtTheTermsRate.)
func TestOpenMeteredSetsEveryAttemptsDeadline(t *testing.T) {
	g := newToy(t, 2)
	r := g.rs.OpenMetered(toyKind, 7, 3, 2, 25_000_000*1000, "toy-chain", g.at(book.Address{}))
	if r.TimeoutS != 1120 || r.Current().Deadline-r.Current().OpenedAt != 1120 {
		t.Fatalf("timeout %d, first attempt open %d s", r.TimeoutS, r.Current().Deadline-r.Current().OpenedAt)
	}
	g.rs.Expire(r, book.At{Height: 9, Now: r.Current().Deadline + 1})
	if a := r.Current(); a.Attempt != 2 || a.Deadline-a.OpenedAt != 1120 {
		t.Fatalf("attempt %d open %d s", a.Attempt, a.Deadline-a.OpenedAt)
	}
	small := g.rs.OpenMetered(toyKind, 8, 3, 2, 1000, "toy-chain", g.at(book.Address{}))
	if small.TimeoutS != 121 || small.Current().Deadline-small.Current().OpenedAt != 121 {
		t.Fatalf("a small budget: timeout %d, open %d s", small.TimeoutS, small.Current().Deadline-small.Current().OpenedAt)
	}
}
