package rating

import (
	"errors"
	"fmt"
	"math"
)

// The fit's constants; the package documentation states the rule they belong to.
const (
	Offset        = 1000.0                 // the average rating
	Scale         = 173.717792761300813755 // 400/ln 10: rating points per unit of strength
	PriorSD       = 400.0                  // the prior's standard deviation, in rating points
	Z95           = 1.959963984540054      // the normal quantile of a two-sided 95% interval
	MaxStep       = 2.0                    // the most one Newton step moves a strength
	Tolerance     = 1e-12                  // the fit stops once no strength moves more
	MaxIterations = 200
)

// priorPrecision is 1/σ² of the prior on a strength: (Scale/PriorSD)².
var priorPrecision = mul(Scale/PriorSD, Scale/PriorSD)

// Result is the outcome of a game for its first agent.
type Result int8

// The three results.
const (
	Win  Result = iota + 1 // A beat B
	Loss                   // B beat A
	Draw
)

// Game is one game between agents A and B, numbered from 0, and its result for A.
type Game struct {
	A, B   int
	Result Result
}

// Rating is one agent's fitted rating: Points with its 95% interval [Low, High], each
// rounded to a tenth, and the unrounded Strength and standard error (in strength
// units, of the strength less the average strength) they come from.
type Rating struct {
	Points, Low, High float64
	Strength, SE      float64
}

// ErrGame is the error Fit wraps for a game it cannot count.
var ErrGame = errors.New("rating: bad game")

// Fit returns the ratings of agents 0..n-1 from games, in agent order. The order of the
// games does not change a bit of the result. An agent with no games rates Offset with
// the prior's interval. A game of an agent against itself, or whose result is not one
// of the three, is an error.
func Fit(n int, games []Game) ([]Rating, error) {
	t, err := tally(n, games)
	if err != nil {
		return nil, err
	}
	theta := make([]float64, n)
	for range MaxIterations {
		step := solve(t.information(theta), t.gradient(theta))
		if moved := scaleStep(step); moved <= Tolerance {
			break
		}
		for i := range theta {
			theta[i] += step[i]
		}
	}
	return t.ratings(theta), nil
}

// counts are the games reduced to integers: games[i][j] between i and j, half[i][j] the
// half-points i scored against j.
type counts struct {
	n           int
	games, half [][]int64
}

// tally counts games per pair.
func tally(n int, games []Game) (*counts, error) {
	t := &counts{n: n, games: square(n), half: square(n)}
	for k, g := range games {
		if g.A < 0 || g.B < 0 || g.A >= n || g.B >= n || g.A == g.B {
			return nil, fmt.Errorf("%w %d: agents %d and %d of %d", ErrGame, k, g.A, g.B, n)
		}
		var a int64
		switch g.Result {
		case Win:
			a = 2
		case Draw:
			a = 1
		case Loss:
		default:
			return nil, fmt.Errorf("%w %d: result %d", ErrGame, k, g.Result)
		}
		t.games[g.A][g.B]++
		t.games[g.B][g.A]++
		t.half[g.A][g.B] += a
		t.half[g.B][g.A] += 2 - a
	}
	return t, nil
}

func square(n int) [][]int64 {
	m := make([][]int64, n)
	for i := range m {
		m[i] = make([]int64, n)
	}
	return m
}

// gradient returns the log posterior's gradient at theta.
func (t *counts) gradient(theta []float64) []float64 {
	g := make([]float64, t.n)
	for i := range g {
		s := -mul(priorPrecision, theta[i])
		for j := range t.n {
			if t.games[i][j] == 0 {
				continue
			}
			s += float64(t.half[i][j])/2 - mul(float64(t.games[i][j]), sigmoid(theta[i]-theta[j]))
		}
		g[i] = s
	}
	return g
}

// information returns the observed information at theta: the negated Hessian of the
// log posterior, symmetric and positive definite.
func (t *counts) information(theta []float64) [][]float64 {
	h := make([][]float64, t.n)
	for i := range h {
		h[i] = make([]float64, t.n)
		h[i][i] = priorPrecision
	}
	for i := range t.n {
		for j := range t.n {
			if i == j || t.games[i][j] == 0 {
				continue
			}
			p := sigmoid(theta[i] - theta[j])
			w := mul(float64(t.games[i][j]), mul(p, 1-p))
			h[i][i] += w
			h[i][j] -= w
		}
	}
	return h
}

// scaleStep scales step so that no strength moves by more than MaxStep, and returns the
// largest move left.
func scaleStep(step []float64) float64 {
	most := 0.0
	for _, d := range step {
		most = max(most, math.Abs(d))
	}
	if most > MaxStep {
		f := MaxStep / most
		for i := range step {
			step[i] = mul(step[i], f)
		}
		most = MaxStep
	}
	return most
}

// ratings turns strengths into ratings with their intervals.
func (t *counts) ratings(theta []float64) []Rating {
	vars := anchoredVariances(t.information(theta))
	out := make([]Rating, t.n)
	for i, th := range theta {
		se := math.Sqrt(max(vars[i], 0))
		pts, half := Offset+mul(Scale, th), mul(Z95, mul(Scale, se))
		out[i] = Rating{Points: round10(pts), Low: round10(pts - half), High: round10(pts + half), Strength: th, SE: se}
	}
	return out
}
