package score

import (
	"math"
	"math/big"
	"testing"
)

// TestTanhIsExactToTheMicro: over x = k/100 for |x| ≤ 12 and some finer points,
// Tanh is within half a micro (plus float noise) of 1e6·math.Tanh(x): the rounded
// value, never off by more.
func TestTanhIsExactToTheMicro(t *testing.T) {
	check := func(num, den int64) {
		x := float64(num) / float64(den)
		got := Tanh(big.NewRat(num, den))
		if want := 1e6 * math.Tanh(x); math.Abs(float64(got)-want) > 0.5+1e-6 {
			t.Errorf("Tanh(%d/%d) = %d, want %.4f", num, den, got, want)
		}
	}
	for k := int64(-1200); k <= 1200; k++ {
		check(k, 100)
	}
	for k := int64(1); k < 2000; k += 7 {
		check(k, 1_048_612)
		check(-k*1_000_003, 98_345)
	}
}

// TestTanhAtItsLandmarks: tanh(0) = 0; tanh(1) = 0.76159416 → 761594; tanh(−1/4) =
// −0.24491866 → −244919; tanh(8) = 1 − 2.25e-7 → 1000000; tanh(7) = 0.99999834 → 999998.
func TestTanhAtItsLandmarks(t *testing.T) {
	for _, c := range []struct {
		x    *big.Rat
		want int64
	}{
		{big.NewRat(0, 1), 0}, {big.NewRat(1, 1), 761_594}, {big.NewRat(-1, 4), -244_919},
		{big.NewRat(8, 1), 1_000_000}, {big.NewRat(-8, 1), -1_000_000}, {big.NewRat(7, 1), 999_998},
		{big.NewRat(1_000_000, 3), 1_000_000},
	} {
		if got := Tanh(c.x); got != c.want {
			t.Errorf("Tanh(%v) = %d, want %d", c.x, got, c.want)
		}
	}
}

func BenchmarkTanh(b *testing.B) {
	x := big.NewRat(123_457, 98_345)
	for range b.N {
		Tanh(x)
	}
}
