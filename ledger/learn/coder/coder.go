package coder

import "errors"

// Symbols is the number of predicted frequencies per byte.
const Symbols = 256

// MaxTotal is the largest sum of predicted frequencies the coder accepts (2^24).
const MaxTotal = 1 << 24

var (
	// ErrTotal is returned when the predicted frequencies sum past MaxTotal.
	ErrTotal = errors.New("coder: frequencies sum past 2^24")
	// ErrSymbols is returned when a model does not hold exactly Symbols frequencies.
	ErrSymbols = errors.New("coder: a model holds 256 frequencies")
	// ErrCorrupt is returned by the decoder when the stream cannot come from the model.
	ErrCorrupt = errors.New("coder: the stream does not decode with this model")
)

const (
	top   = 1<<32 - 1
	half  = 1 << 31
	first = 1 << 30 // first quarter
	third = 3 << 30 // third quarter
)

// interval returns the cumulative frequencies [lo, hi) of b and the total T+1; b's
// own interval when f[b] > 0, else the escape's [T, T+1).
func interval(freqs []uint32, b byte) (lo, hi, total uint64, err error) {
	if len(freqs) != Symbols {
		return 0, 0, 0, ErrSymbols
	}
	lo = sum(freqs[:b])
	t := lo + sum(freqs[b:])
	if t > MaxTotal {
		return 0, 0, 0, ErrTotal
	}
	if freqs[b] == 0 {
		return t, t + 1, t + 1, nil
	}
	return lo, lo + uint64(freqs[b]), t + 1, nil
}

// narrow returns [low, high] narrowed to the sub-interval [lo, hi) of total.
func narrow(low, high, lo, hi, total uint64) (uint64, uint64) {
	r := high - low + 1
	return low + r*lo/total, low + r*hi/total - 1
}

// sum adds frequencies in 64 bits, so no model can overflow it. Four running sums, four
// frequencies a step, keep the additions independent (the coder sums 256 a byte).
func sum(fs []uint32) uint64 {
	var a, b, c, d uint64
	for len(fs) >= 4 {
		a += uint64(fs[0])
		b += uint64(fs[1])
		c += uint64(fs[2])
		d += uint64(fs[3])
		fs = fs[4:]
	}
	for _, f := range fs {
		a += uint64(f)
	}
	return a + b + c + d
}
