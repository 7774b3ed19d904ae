package rating_test

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/arena/arena/ledger/match/rating"
)

// randomGames returns m games among n agents, the lower-numbered agent winning more.
func randomGames(n, m int, seed uint64) []rating.Game {
	rng := rand.New(rand.NewPCG(seed, 38))
	g := make([]rating.Game, 0, m)
	for len(g) < m {
		a, b := rng.IntN(n), rng.IntN(n)
		if a == b {
			continue
		}
		r := rating.Loss
		switch x := rng.IntN(n + n); {
		case x < n-a+b:
			r = rating.Win
		case x < n-a+b+n/4:
			r = rating.Draw
		}
		g = append(g, rating.Game{A: a, B: b, Result: r})
	}
	return g
}

// BenchmarkFit: one fit, by the number of agents (ten games an agent). The fit is
// cubic in the agents: about 4 ms for 100 and 50 ms for 300 on one core of 2026.
func BenchmarkFit(b *testing.B) {
	for _, n := range []int{10, 100, 300} {
		g := randomGames(n, 10*n, 1)
		b.Run("agents="+strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := rating.Fit(n, g); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
