package score

import "math/big"

// tanhScale is the fixed point Tanh works in: 10^40, far below a micro.
var tanhScale = new(big.Int).Exp(big.NewInt(10), big.NewInt(40), nil)

// tanhHalvings is how many times Tanh halves its argument before the series.
const tanhHalvings = 10

// Tanh returns tanh(x) in micros, rounded half away from zero: exact to the micro.
//
// The method, in integers only: tanh is odd, so work on |x| and restore the sign.
// For |x| ≥ 8, tanh(|x|) > 1 − 2e^−16 > 1 − 2.3e-7, which rounds to one: return ±1e6.
// Otherwise y = 2|x| in fixed point 10^40 (truncated), z = y/2^10 < 1/64, e^z by its
// Taylor series until a term truncates to 0, squared 10 times (rescaling each time)
// to get E ≈ e^(2|x|)·10^40, and tanh = (E − 10^40)/(E + 10^40) rounded to micros.
// The truncation error is below 10^−30 relative, so the result is the correctly
// rounded micro unless tanh(x) lies within 10^−30 of a half micro; being integer
// arithmetic, it is the same on every machine either way.
func Tanh(x *big.Rat) int64 {
	ax := new(big.Rat).Abs(x)
	if ax.Cmp(big.NewRat(8, 1)) >= 0 {
		return int64(x.Sign()) * Micros
	}
	y := new(big.Int).Mul(ax.Num(), tanhScale)
	y.Lsh(y, 1).Quo(y, ax.Denom())
	y.Rsh(y, tanhHalvings)
	e := expFixed(y)
	for range tanhHalvings {
		e.Mul(e, e).Quo(e, tanhScale)
	}
	num := new(big.Int).Sub(e, tanhScale)
	den := new(big.Int).Add(e, tanhScale)
	return int64(x.Sign()) * roundDiv(num.Mul(num, bigMicros), den)
}

// expFixed is e^(z/10^40)·10^40 by the Taylor series, for 0 ≤ z < 10^40.
func expFixed(z *big.Int) *big.Int {
	sum := new(big.Int).Set(tanhScale)
	term := new(big.Int).Set(tanhScale)
	for k := int64(1); ; k++ {
		term.Mul(term, z).Quo(term, tanhScale).Quo(term, big.NewInt(k))
		if term.Sign() == 0 {
			return sum
		}
		sum.Add(sum, term)
	}
}
