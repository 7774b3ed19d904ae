package composite

import (
	"math/big"

	"github.com/arena/arena/challenge/abi"
)

var (
	bigOne = big.NewInt(One)
	pico   = big.NewInt(One * One)
)

// micros is v millionths as an exact rational.
func micros(v int64) *big.Rat { return big.NewRat(v, One) }

// round6 is x in micros, rounded half away from zero.
func round6(x *big.Rat) int64 {
	num := new(big.Int).Mul(x.Num(), bigOne)
	return roundDiv(num, x.Denom())
}

// roundDiv is num/den rounded half away from zero; den > 0.
func roundDiv(num, den *big.Int) int64 {
	q, r := new(big.Int).QuoRem(num, den, new(big.Int))
	r.Abs(r).Lsh(r, 1)
	if r.Cmp(den) >= 0 {
		if num.Sign() < 0 {
			q.Sub(q, big.NewInt(1))
		} else {
			q.Add(q, big.NewInt(1))
		}
	}
	return q.Int64()
}

// moment accumulates the count, sum and sum of squares of scores in micros.
type moment struct {
	n       int
	sum, sq *big.Int
}

func moments(g []abi.Grade, kind string) moment {
	m := moment{sum: new(big.Int), sq: new(big.Int)}
	for _, c := range g {
		if c.Kind == kind {
			m.add(c.Score)
		}
	}
	return m
}

func (m *moment) add(s int64) {
	m.n++
	v := big.NewInt(s)
	m.sum.Add(m.sum, v)
	m.sq.Add(m.sq, v.Mul(v, v))
}

// mean is the exact mean as a fraction of 1, or 0 with no scores.
func (m moment) mean() *big.Rat {
	if m.n == 0 {
		return new(big.Rat)
	}
	return new(big.Rat).SetFrac(m.sum, big.NewInt(int64(m.n)*One))
}

// variance is the squared standard error of the mean in micros²:
// (n·Σs² − (Σs)²) / (n²·(n−1)), 0 when n < 2.
func (m moment) variance() *big.Rat {
	if m.n < 2 {
		return new(big.Rat)
	}
	n := big.NewInt(int64(m.n))
	num := new(big.Int).Mul(n, m.sq)
	num.Sub(num, new(big.Int).Mul(m.sum, m.sum))
	if num.Sign() <= 0 {
		return new(big.Rat)
	}
	den := new(big.Int).Mul(n, n)
	den.Mul(den, big.NewInt(int64(m.n-1)))
	return new(big.Rat).SetFrac(num, den)
}

// standardError is round6(gate · ½·√(v_tool + v_mem)), or gate·√v of the single kind,
// in micros. The root is floor(√(v·1e12)), √v to a millionth of a micro.
func standardError(tool, mem moment, gate int64) int64 {
	v := new(big.Rat)
	half := int64(1)
	switch {
	case tool.n > 0 && mem.n > 0:
		v.Add(tool.variance(), mem.variance())
		half = 2
	case tool.n > 0:
		v = tool.variance()
	default:
		v = mem.variance()
	}
	scaled := new(big.Int).Mul(v.Num(), pico)
	scaled.Quo(scaled, v.Denom())
	root := new(big.Int).Sqrt(scaled) // √v · 1e6, floored
	num := root.Mul(root, big.NewInt(gate))
	return roundDiv(num, new(big.Int).Mul(pico, big.NewInt(half)))
}
