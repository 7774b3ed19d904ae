package toolbench

import "math/rand/v2"

// rng draws from a ChaCha8 stream. Its helpers reduce by modulo (a bias of at most
// n/2^64, irrelevant here) so that only the stream, which Go specifies, decides a draw.
type rng struct{ src *rand.ChaCha8 }

func newRNG(seed [32]byte) *rng { return &rng{src: rand.NewChaCha8(seed)} }

// intn returns a draw in [0, n); n must be positive.
func (r *rng) intn(n int) int { return int(r.src.Uint64() % uint64(n)) }

// between returns a draw in [lo, hi].
func (r *rng) between(lo, hi int) int { return lo + r.intn(hi-lo+1) }

// pick returns one element of xs.
func pick[T any](r *rng, xs []T) T { return xs[r.intn(len(xs))] }

// shuffle permutes xs in place (Fisher-Yates).
func shuffle[T any](r *rng, xs []T) {
	for i := len(xs) - 1; i > 0; i-- {
		j := r.intn(i + 1)
		xs[i], xs[j] = xs[j], xs[i]
	}
}

// distinct returns k distinct elements of xs (k ≤ len(xs)), in draw order.
func distinct[T any](r *rng, xs []T, k int) []T {
	c := append([]T(nil), xs...)
	shuffle(r, c)
	return c[:k]
}
