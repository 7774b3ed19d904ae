package data

import (
	"bytes"
	"testing"

	"github.com/arena/arena/ledger/learn/coder"
)

// order0 is an adaptive order-0 model: counts of the bytes seen, each starting at 1.
type order0 []uint32

func newOrder0() order0 {
	m := make(order0, coder.Symbols)
	for i := range m {
		m[i] = 1
	}
	return m
}

// learn counts b: 256 + 8·1,048,612 stays below 2^24.
func (m order0) learn(b byte) { m[b] += 8 }

// TestTheTrainSplitDecodesBackDrivingTheSameModel: the whole train split, coded with
// an adaptive model the way a run codes it (predict, code, learn), decodes back to
// itself with the same model, at the bits per byte an order-0 model gets on English.
func TestTheTrainSplitDecodesBackDrivingTheSameModel(t *testing.T) {
	text := Train()
	e, m := coder.NewEncoder(), newOrder0()
	for i, b := range text {
		if err := e.Encode(m, b); err != nil {
			t.Fatalf("byte %d: %v", i, err)
		}
		m.learn(b)
	}
	stream := e.Finish()
	bpb := float64(e.Bits()) / float64(len(text))
	t.Logf("order-0 adaptive: %d bits, %.4f bits per byte", e.Bits(), bpb)
	if bpb < 4 || bpb > 5 {
		t.Errorf("%.4f bits per byte", bpb)
	}
	d, m := coder.NewDecoder(stream), newOrder0()
	got := make([]byte, len(text))
	for i := range got {
		b, err := d.Decode(m)
		if err != nil {
			t.Fatalf("byte %d: %v", i, err)
		}
		got[i] = b
		m.learn(b)
	}
	if !bytes.Equal(got, text) {
		t.Fatal("the decoded split differs")
	}
}
