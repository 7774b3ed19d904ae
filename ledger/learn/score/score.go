package score

import (
	"errors"
	"math/big"
)

// Window is the number of bytes of the first window, the step-0 check's span.
const Window = 1024

// Penalties, in micros.
const (
	NoPenalty       = Micros     // the held-out gap is at most 1.0 bit a byte
	MemorisePenalty = Micros / 2 // the gap is above 1.0: the model memorised the train split
)

// ErrInput is returned by Check for a run or held-out measurement no score can come from.
var ErrInput = errors.New("score: bytes must be positive and bits non-negative")

// BPB returns bits/bytes as an exact ratio; bytes must be positive (Check).
func BPB(bits, bytes int64) *big.Rat { return big.NewRat(bits, bytes) }

// StepZero returns the anti-cheat multiplier in micros from the coded bits of the
// first Window bytes: 0 when they are fewer than 4·Window (less than half of 8 bits a
// byte, which no fresh model can honestly reach), else Micros.
func StepZero(windowBits int64) (multiplier int64) {
	if windowBits < 4*Window {
		return 0
	}
	return Micros
}

// Heldout returns the held-out penalty and tie in micros. trainBits over bytes is the
// run's train bpb; trainedBits and twinBits are the held-out bytes coded by the trained
// model and by its fresh-init twin, neither learning. All byte counts must be positive.
func Heldout(trainBits, bytes, trainedBits, twinBits, heldoutBytes int64) (penalty, tie int64) {
	h := heldout(trainBits, bytes, trainedBits, twinBits, heldoutBytes)
	return h.penalty, h.tie
}

type heldoutTerms struct {
	gap, delta   *big.Rat
	cap          *big.Rat
	tanh         int64
	penalty, tie int64
}

func heldout(trainBits, bytes, trainedBits, twinBits, heldoutBytes int64) heldoutTerms {
	train := BPB(trainBits, bytes)
	trained := BPB(trainedBits, heldoutBytes)
	h := heldoutTerms{
		gap:     new(big.Rat).Sub(trained, train),
		delta:   new(big.Rat).Sub(BPB(twinBits, heldoutBytes), trained),
		cap:     tieCap(train),
		penalty: NoPenalty,
	}
	if h.gap.Cmp(big.NewRat(1, 1)) > 0 {
		h.penalty = MemorisePenalty
	}
	h.tanh = Tanh(h.delta)
	h.tie = micros(new(big.Rat).Mul(h.cap, ratMicros(h.tanh)))
	return h
}

// tieCap is min(1e-3, 0.5·max(0, f(bpb) − f(bpb+0.005))), f(x) = 1/(1+x).
func tieCap(bpb *big.Rat) *big.Rat {
	res := new(big.Rat).Sub(f(bpb), f(new(big.Rat).Add(bpb, big.NewRat(5, 1000))))
	if res.Sign() < 0 {
		res.SetInt64(0)
	}
	c := res.Mul(res, big.NewRat(1, 2))
	if limit := big.NewRat(1, 1000); c.Cmp(limit) > 0 {
		return limit
	}
	return c
}

// f is 1/(1+x).
func f(x *big.Rat) *big.Rat {
	return new(big.Rat).Inv(new(big.Rat).Add(x, big.NewRat(1, 1)))
}
