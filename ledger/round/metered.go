package round

// Program runs (a benchmark run or check, a learning run or its held-out measurement)
// are decided by gas, never by wall time. So that no outcome depends on a validator's
// speed, an attempt of a program run stays open long enough for the slowest validator
// the terms admit (one that meters GasRate gas a second) to spend the run's whole
// budget: the terms' round timeout, which covers what is not metered (fetching,
// compiling, publishing), plus the budget at that rate, rounded up to whole seconds.
// A budget that would need more than MaxMeteredS is refused where it is declared.

// DefaultGasRate is the metered rate, in gas a second, that terms naming none require of
// a validator that sits on program runs. Measured on a two-core machine shared with
// other builds: the slowest code to meter, a loop of a few instructions per metered
// block (sandbox.MeasureRate's module), ran 41-53 M gas a second; a program that loops
// on every case of a bench (a Go reactor) ran 120-153 M. The default is about half the
// lower figure.
const DefaultGasRate = 25_000_000

// MaxGasRate bounds the rate terms may require.
const MaxGasRate = 1_000_000_000

// MaxMeteredS is the longest an attempt of a program run may stay open, in block-time
// seconds (a week): a budget that needs longer at the terms' rate is refused. A week
// holds a learning run over the whole embedded dataset (1.25 MB of train and twice the
// held-out split) at the default 4 MiB gas a byte: 4.8 days at the default rate.
const MaxMeteredS = 7 * 24 * 3600

// MeteredMarginS is what an attempt of a program run allows beside its metered budget:
// fetching and compiling two modules (a cold compile measured 3.6-6.8 s) and publishing
// what the run produced.
const MeteredMarginS = 120

// MeteredS returns how long an attempt of a program run whose whole budget is gas stays
// open under t: gas at the terms' rate, rounded up, plus MeteredMarginS, and at least
// t.TimeoutS. ok is false when that passes MaxMeteredS (or gas is negative).
func (t *Terms) MeteredS(gas int64) (s int64, ok bool) {
	rate := t.Rate()
	if gas < 0 {
		return 0, false
	}
	s = gas / rate
	if gas%rate != 0 {
		s++
	}
	if s > MaxMeteredS-MeteredMarginS {
		return 0, false
	}
	return max(t.TimeoutS, s+MeteredMarginS), true
}

// Rate returns the metered rate the terms require: GasRate, or DefaultGasRate when the
// terms name none.
func (t *Terms) Rate() int64 {
	if t.GasRate <= 0 {
		return DefaultGasRate
	}
	return t.GasRate
}

// Gas adds and multiplies budgets without overflow: a sum or product past the largest
// int64 is the largest int64, which no deadline fits.
type Gas int64

// Int64 returns g as an int64.
func (g Gas) Int64() int64 { return int64(g) }

// Plus returns g + h, saturating.
func (g Gas) Plus(h Gas) Gas {
	if g < 0 || h < 0 || g > maxGas-h {
		return maxGas
	}
	return g + h
}

// Times returns g × n, saturating; a negative n counts as none.
func (g Gas) Times(n int64) Gas {
	switch {
	case n <= 0 || g <= 0:
		return 0
	case g > maxGas/Gas(n):
		return maxGas
	}
	return g * Gas(n)
}

const maxGas = Gas(1<<63 - 1)
