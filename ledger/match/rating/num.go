package rating

import "math"

// mul returns a*b rounded to float64. The conversion keeps the product from being
// fused with a later addition (the Go specification's rule), so every platform
// computes the same bits.
func mul(a, b float64) float64 { return float64(a * b) }

const (
	ln2Hi = 6.93147180369123816490e-01 // the high bits of ln 2, exact in few bits
	ln2Lo = 1.90821492927058770002e-10 // ln 2 − ln2Hi
	log2e = 1.44269504088896338700e+00
)

// expNeg returns e^x for x ≤ 0 (0 below −745), from basic operations only: x = k·ln 2
// + r with |r| ≤ ln 2/2, e^r by its Taylor polynomial to degree 17, scaled by 2^k.
func expNeg(x float64) float64 {
	if x < -745 {
		return 0
	}
	k := math.Floor(mul(x, log2e) + 0.5)
	r := x - mul(k, ln2Hi) - mul(k, ln2Lo)
	sum, term := 1.0, 1.0
	for n := 1; n <= 17; n++ {
		term = mul(term, r) / float64(n)
		sum += term
	}
	return math.Ldexp(sum, int(k))
}

// sigmoid returns 1/(1+e^−x), computed from e^−|x| so nothing overflows.
func sigmoid(x float64) float64 {
	if x >= 0 {
		return 1 / (1 + expNeg(-x))
	}
	e := expNeg(x)
	return e / (1 + e)
}

// round10 rounds x to the nearest tenth (halves away from zero).
func round10(x float64) float64 { return math.Round(mul(x, 10)) / 10 }
