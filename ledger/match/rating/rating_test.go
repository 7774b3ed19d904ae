package rating_test

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/arena/arena/ledger/match/rating"
)

// games returns k wins of agent 0 over agent 1 and n-k losses, in that order.
func games(k, n int) []rating.Game {
	var g []rating.Game
	for i := range n {
		r := rating.Loss
		if i < k {
			r = rating.Win
		}
		g = append(g, rating.Game{A: 0, B: 1, Result: r})
	}
	return g
}

func fit(t *testing.T, n int, g []rating.Game) []rating.Rating {
	t.Helper()
	r, err := rating.Fit(n, g)
	if err != nil {
		t.Fatalf("Fit(%d, %d games): %v", n, len(g), err)
	}
	return r
}

// withPrior solves the two-agent optimum by bisection, in rating points: with d the
// strength gap and λ the prior's precision, k − n·σ(d) = λ·d/2.
func withPrior(k, n int) float64 {
	lambda := math.Pow(rating.Scale/rating.PriorSD, 2)
	f := func(d float64) float64 { return float64(k) - float64(n)/(1+math.Exp(-d)) - lambda*d/2 }
	lo, hi := -50.0, 50.0
	for range 200 {
		mid := (lo + hi) / 2
		if f(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return rating.Scale * (lo + hi) / 2
}

// TestTwoAgentsGapIsTheLogOdds: one agent beats the other k of n times; the fitted gap is
// 400·log10(k/(n−k)) once the prior's pull is accounted for, and tends to it as n grows.
func TestTwoAgentsGapIsTheLogOdds(t *testing.T) {
	for _, c := range []struct{ k, n int }{{7, 10}, {1, 2}, {3, 4}, {70, 100}, {700, 1000}, {2, 10}} {
		r := fit(t, 2, games(c.k, c.n))
		gap := mul(r[0].Strength-r[1].Strength, rating.Scale)
		if want := withPrior(c.k, c.n); math.Abs(gap-want) > 1e-6 {
			t.Errorf("%d of %d: gap %.9f, the prior's optimum %.9f", c.k, c.n, gap, want)
		}
		logOdds := 400 * math.Log10(float64(c.k)/float64(c.n-c.k))
		if pull := math.Abs(gap - logOdds); pull > math.Abs(logOdds)*8/float64(c.n)+0.01 {
			t.Errorf("%d of %d: gap %.3f is %.3f from 400·log10(k/(n−k)) = %.3f", c.k, c.n, gap, pull, logOdds)
		}
		if mean := (r[0].Points + r[1].Points) / 2; math.Abs(mean-rating.Offset) > 0.05 {
			t.Errorf("%d of %d: mean rating %.2f, want the offset %v", c.k, c.n, mean, rating.Offset)
		}
		if !(r[0].Low < r[0].Points && r[0].Points < r[0].High) {
			t.Errorf("%d of %d: interval [%v, %v] does not hold %v", c.k, c.n, r[0].Low, r[0].High, r[0].Points)
		}
	}
	if a, b := fit(t, 2, games(70, 100)), fit(t, 2, games(700, 1000)); !(b[0].High-b[0].Low < a[0].High-a[0].Low) {
		t.Errorf("interval of 1000 games %v..%v not narrower than of 100 games %v..%v", b[0].Low, b[0].High, a[0].Low, a[0].High)
	}
}

// TestTheIntervalIsTheGapsStandardError: two agents rate the average ± half their gap,
// so a rating's standard error is half the gap's. With w = n·p·(1−p) and λ the prior's
// precision, the information is [[w+λ, −w], [−w, w+λ]], the gap's variance 2/(2w+λ),
// and a rating's a quarter of it: an offset common to both widens neither.
func TestTheIntervalIsTheGapsStandardError(t *testing.T) {
	r := fit(t, 2, games(7, 10))
	lambda := math.Pow(rating.Scale/rating.PriorSD, 2)
	p := 1 / (1 + math.Exp(r[1].Strength-r[0].Strength))
	w := 10 * p * (1 - p)
	se := math.Sqrt(2/(2*w+lambda)) / 2
	if math.Abs(r[0].SE-se) > 1e-12 || math.Abs(r[1].SE-se) > 1e-12 {
		t.Errorf("standard errors %v and %v, want %v", r[0].SE, r[1].SE, se)
	}
	if half := rating.Z95 * rating.Scale * se; math.Abs(r[0].High-r[0].Points-half) > 0.1 {
		t.Errorf("interval %v..%v around %v, want ± %.2f", r[0].Low, r[0].High, r[0].Points, half)
	}
}

func mul(a, b float64) float64 { return a * b }

// TestACycleOfThreeRatesEqually: A beats B, B beats C, C beats A, equally often: the
// three rate the offset.
func TestACycleOfThreeRatesEqually(t *testing.T) {
	var g []rating.Game
	for range 5 {
		g = append(g, rating.Game{A: 0, B: 1, Result: rating.Win}, rating.Game{A: 1, B: 2, Result: rating.Win}, rating.Game{A: 2, B: 0, Result: rating.Win})
	}
	for i, r := range fit(t, 3, g) {
		if math.Abs(r.Strength) > 1e-12 || r.Points != rating.Offset {
			t.Errorf("agent %d: %+v, want the offset %v", i, r, rating.Offset)
		}
	}
}

// TestAnUnbeatenAgentStaysFinite: an agent that won every game, and another that never
// played, both get finite ratings; the unbeaten one rates above the beaten ones.
func TestAnUnbeatenAgentStaysFinite(t *testing.T) {
	var g []rating.Game
	for range 50 {
		g = append(g, rating.Game{A: 0, B: 1, Result: rating.Win}, rating.Game{A: 2, B: 0, Result: rating.Loss})
	}
	g = append(g, rating.Game{A: 1, B: 2, Result: rating.Draw})
	r := fit(t, 4, g)
	for i, x := range r {
		if math.IsInf(x.Points, 0) || math.IsNaN(x.Points) || math.IsNaN(x.Low) || math.IsNaN(x.High) {
			t.Fatalf("agent %d: %+v is not finite", i, x)
		}
	}
	if !(r[0].Points > r[1].Points && r[0].Points > r[2].Points) || r[0].Points > 2500 {
		t.Errorf("unbeaten agent %v, beaten %v and %v: want above them and finite", r[0].Points, r[1].Points, r[2].Points)
	}
	if r[3].Points != rating.Offset || !(r[3].High-r[3].Low > r[0].High-r[0].Low) || math.IsNaN(r[3].High) {
		t.Errorf("agent with no games: %+v, want the offset with the widest interval (the unbeaten one's %+v)", r[3], r[0])
	}
}

// TestTheOrderOfGamesDoesNotMatter: any permutation of the games, and swapping the sides
// of any game, gives bit-identical ratings.
func TestTheOrderOfGamesDoesNotMatter(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 1))
	var g []rating.Game
	for range 300 {
		a, b := rng.IntN(7), rng.IntN(7)
		if a == b {
			continue
		}
		g = append(g, rating.Game{A: a, B: b, Result: rating.Result(1 + rng.IntN(3))})
	}
	want := fit(t, 7, g)
	for range 20 {
		h := slices.Clone(g)
		rng.Shuffle(len(h), func(i, j int) { h[i], h[j] = h[j], h[i] })
		for i, x := range h {
			if rng.IntN(2) == 0 {
				x.A, x.B = x.B, x.A
				x.Result = map[rating.Result]rating.Result{rating.Win: rating.Loss, rating.Loss: rating.Win, rating.Draw: rating.Draw}[x.Result]
				h[i] = x
			}
		}
		if got := fit(t, 7, h); !slices.Equal(got, want) {
			t.Fatalf("permuted games: %+v, want %+v", got, want)
		}
	}
}

// TestTheFitIsTheOptimum: the fitted strengths zero the log posterior's gradient and
// sum to 0 (the anchor).
func TestTheFitIsTheOptimum(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	n := 6
	var g []rating.Game
	for range 200 {
		a, b := rng.IntN(n), rng.IntN(n)
		if a != b {
			r := rating.Draw
			if rng.IntN(10) < 3+a { // stronger numbers win more
				r = rating.Win
			} else if rng.IntN(3) == 0 {
				r = rating.Loss
			}
			g = append(g, rating.Game{A: a, B: b, Result: r})
		}
	}
	r := fit(t, n, g)
	lambda := math.Pow(rating.Scale/rating.PriorSD, 2)
	sum := 0.0
	for i := range n {
		grad := -lambda * r[i].Strength
		for _, x := range g {
			score := map[rating.Result]float64{rating.Win: 1, rating.Draw: 0.5, rating.Loss: 0}[x.Result]
			switch i {
			case x.A:
				grad += score - 1/(1+math.Exp(r[x.B].Strength-r[x.A].Strength))
			case x.B:
				grad += 1 - score - 1/(1+math.Exp(r[x.A].Strength-r[x.B].Strength))
			}
		}
		if math.Abs(grad) > 1e-9 {
			t.Errorf("agent %d: gradient %g at the fit", i, grad)
		}
		sum += r[i].Strength
	}
	if math.Abs(sum) > 1e-9 {
		t.Errorf("strengths sum to %g, want 0", sum)
	}
}

// TestFitRefusesBadGames: a game out of range, against oneself or with no result.
func TestFitRefusesBadGames(t *testing.T) {
	for _, c := range []struct {
		g    rating.Game
		want string
	}{
		{rating.Game{A: 0, B: 2, Result: rating.Win}, "rating: bad game 0: agents 0 and 2 of 2"},
		{rating.Game{A: 1, B: 1, Result: rating.Win}, "rating: bad game 0: agents 1 and 1 of 2"},
		{rating.Game{A: -1, B: 1, Result: rating.Win}, "rating: bad game 0: agents -1 and 1 of 2"},
		{rating.Game{A: 0, B: 1}, "rating: bad game 0: result 0"},
	} {
		_, err := rating.Fit(2, []rating.Game{c.g})
		if err == nil || err.Error() != c.want || !errors.Is(err, rating.ErrGame) {
			t.Errorf("Fit(%+v) = %v, want %q", c.g, err, c.want)
		}
	}
}
