package model

import (
	"bytes"
	"testing"

	"github.com/arena/arena/learn/data"
	"github.com/arena/arena/ledger/learn/coder"
)

// TestTheExamplesOnTheDataset codes the pinned train split as a run does (forced random
// init, predict, code, learn) and the held-out split as the held-out round does (trained
// model and fresh twin, observing without learning), and checks the figures the examples
// promise: order2 between 3.0 and 3.6 bits per byte, mix at least 0.5 better, no step-0
// anomaly, no memorisation penalty, and the decoder reading the train split back.
func TestTheExamplesOnTheDataset(t *testing.T) {
	train, held := data.Train(), data.Heldout()
	bpb := map[string]float64{}
	for _, s := range submissions {
		a := s.fresh(1)
		bits, first := code(t, a, train, s.learn)
		trained, _ := code(t, a, held, nil)
		twin, _ := code(t, s.fresh(1), held, nil)
		bpb[s.name] = float64(bits) / float64(len(train))
		gap := float64(trained)/float64(len(held)) - bpb[s.name]
		t.Logf("%s: train %d bits = %.4f bpb (first window %d bits); held-out trained %.4f bpb, twin %.4f bpb, gap %.4f",
			s.name, bits, bpb[s.name], first, float64(trained)/float64(len(held)), float64(twin)/float64(len(held)), gap)
		if first < 4*1024 {
			t.Errorf("%s: step-0 anomaly (%d bits in the first window)", s.name, first)
		}
		if gap > 1.0 || twin <= trained {
			t.Errorf("%s: held-out gap %.4f, twin %d bits, trained %d bits", s.name, gap, twin, trained)
		}
	}
	if b := bpb["order2"]; b < 3.0 || b > 3.6 {
		t.Errorf("order2: %.4f bpb, want 3.0-3.6", b)
	}
	if bpb["mix"] > bpb["order2"]-0.5 {
		t.Errorf("mix %.4f bpb is not measurably better than order2 %.4f", bpb["mix"], bpb["order2"])
	}
}

func TestTheCodedDatasetDecodesBack(t *testing.T) {
	train := data.Train()
	for _, s := range submissions {
		e, a := coder.NewEncoder(), s.fresh(2)
		for _, b := range train {
			if err := e.Encode(a.Predict()[:], b); err != nil {
				t.Fatal(err)
			}
			s.learn(a, int(b))
		}
		stream := e.Finish()
		d, a := coder.NewDecoder(stream), s.fresh(2)
		got := make([]byte, 0, len(train))
		for range train {
			b, err := d.Decode(a.Predict()[:])
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, b)
			s.learn(a, int(b))
		}
		if !bytes.Equal(got, train) {
			t.Fatalf("%s: decoded %d bytes differ from the train split", s.name, len(got))
		}
	}
}
