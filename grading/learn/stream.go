package learn

import (
	"context"
	"errors"

	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/ledger/learn/coder"
	"github.com/arena/arena/sandbox"
)

// after is what the host does with a byte once it is coded: Learner.Learn in a run (the
// training program learns it), Learner.Observe when coding without learning.
type after func(ctx context.Context, i int64, b byte) error

// tally is a coded stream with its code length and where the bits fell.
type tally struct {
	stream []byte
	bits   int64   // the exact code length, after the flush
	window int64   // bits of the first learn.Window bytes (the whole stream when shorter)
	curve  []int64 // bits of each point of learn.CurvePoints, summing to bits
}

// code streams data through l byte by byte: predict, code the byte with the predicted
// frequencies, then then(i, b). The bits of a byte are the encoder's bits decided by the
// end of it (coder.Encoder.Bits), so every window and curve point is a difference of
// those counts, and the last one also holds the flush. A trap or exhausted gas is
// sandbox's [EXPECTED] failure at byte i; frequencies past coder.MaxTotal are failTotal.
func code(ctx context.Context, l *sandbox.Learner, data []byte, then after) (tally, error) {
	n := int64(len(data))
	_, per := learn.CurvePoints(n)
	span := per * learn.Window
	enc := coder.NewEncoder()
	var t tally
	var mark int64
	for i := range n {
		f, err := l.Predict(ctx, i)
		if err != nil {
			return tally{}, err
		}
		if err := enc.Encode(f, data[i]); errors.Is(err, coder.ErrTotal) {
			return tally{}, failTotal(i)
		} else if err != nil {
			return tally{}, err
		}
		if err := then(ctx, i, data[i]); err != nil {
			return tally{}, err
		}
		if i+1 == n {
			break
		}
		if i+1 == learn.Window {
			t.window = enc.Bits()
		}
		if (i+1)%span == 0 {
			t.curve = append(t.curve, enc.Bits()-mark)
			mark = enc.Bits()
		}
	}
	t.stream = enc.Finish()
	t.bits = enc.Bits()
	if n <= learn.Window {
		t.window = t.bits
	}
	if n > 0 {
		t.curve = append(t.curve, t.bits-mark)
	}
	return t, nil
}
