package score

import "math/big"

// Micros is one in fixed point: every value this package returns is in millionths.
const Micros = 1_000_000

var (
	bigMicros = big.NewInt(Micros)
	bigOne    = big.NewInt(1)
)

// micros rounds x·1e6 half away from zero.
func micros(x *big.Rat) int64 {
	return roundDiv(new(big.Int).Mul(x.Num(), bigMicros), x.Denom())
}

// roundDiv is num/den rounded half away from zero; den > 0.
func roundDiv(num, den *big.Int) int64 {
	q, r := new(big.Int).QuoRem(num, den, new(big.Int))
	r.Abs(r).Lsh(r, 1)
	if r.Cmp(den) >= 0 {
		if num.Sign() < 0 {
			q.Sub(q, bigOne)
		} else {
			q.Add(q, bigOne)
		}
	}
	return q.Int64()
}

// ratMicros is v millionths as an exact rational.
func ratMicros(v int64) *big.Rat { return big.NewRat(v, Micros) }
