package learn_test

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/arena/arena/learn/data"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/sandbox"
)

// Two committee members, each with its own sandbox runtime and blob store, fetching the
// pair and the split by digest from the node, produce byte-identical results for a run
// over the whole MiB of the train split: bits, step-0 window, curve and gas, since a
// learning run is deterministic and attested for exact agreement.
func TestTwoValidatorsAgreeExactlyOnARun(t *testing.T) {
	n := newNode(t)
	run := runOf("order2-arch", "order2-train", "agreement")
	var got [2][]byte
	var res learn.RunResult
	for i := range got {
		res = newValidator(t, n).Run(context.Background(), run)
		if res.Error != "" {
			t.Fatalf("validator %d: %s", i, res.Error)
		}
		got[i], _ = json.Marshal(res)
	}
	if !bytes.Equal(got[0], got[1]) {
		t.Fatalf("two validators disagree:\n%s\n%s", got[0], got[1])
	}
	if !res.Agrees(res) || res.Bytes != data.TrainBytes {
		t.Fatalf("result %+v", res)
	}
	t.Logf("order2 on the whole split: %d bits, %.4f bits per byte, step-0 window %d bits, gas %d (%d per byte)",
		res.Bits, float64(res.Bits)/float64(res.Bytes), res.WindowBits, res.Gas, res.Gas/res.Bytes)
}

// A run's result has the shape the ledger admits: the curve has learn.CurvePoints
// points, each the bits of its bytes, summing to the total; the step-0 window is the
// first point when a point is one window.
func TestTheCurveSumsToTheBits(t *testing.T) {
	n := newNode(t)
	v := newValidator(t, n)
	for _, size := range []int{1000, 1024, 1025, 5000, 257*1024 + 7} {
		res := v.Run(context.Background(), prefix(t, n, runOf("arch", "train", "curve"), size))
		if res.Error != "" {
			t.Fatalf("%d bytes: %s", size, res.Error)
		}
		points, per := learn.CurvePoints(int64(size))
		var sum int64
		for _, b := range res.Curve {
			sum += b
		}
		if len(res.Curve) != points || sum != res.Bits || res.WindowBits > res.Bits || res.WindowBits <= 0 {
			t.Fatalf("%d bytes: %d points (want %d), summing to %d of %d bits, window %d", size, len(res.Curve), points, sum, res.Bits, res.WindowBits)
		}
		if per == 1 && res.Curve[0] != res.WindowBits {
			t.Fatalf("%d bytes: the first point %d is not the step-0 window %d", size, res.Curve[0], res.WindowBits)
		}
	}
}

// A different seed fills the parameter region differently, and a pair whose predictions
// read it codes the split in a different number of bits; the same seed, the same bits.
func TestTheSeedKeysTheRun(t *testing.T) {
	n := newNode(t)
	v := newValidator(t, n)
	one := v.Run(context.Background(), prefix(t, n, runOf("arch", "train", "one"), 4096))
	again := v.Run(context.Background(), prefix(t, n, runOf("arch", "train", "one"), 4096))
	two := v.Run(context.Background(), prefix(t, n, runOf("arch", "train", "two"), 4096))
	if one.Error != "" || two.Error != "" || one.Bits != again.Bits || one.Bits == two.Bits {
		t.Fatalf("seed one %+v, again %+v, seed two %+v", one, again, two)
	}
}

// The compiler and the interpreter, the two engines of the pinned runtime, give the same
// result for the same run, gas included: what decides a run is the pair and its inputs,
// never how the machine code was made.
func TestTheCompilerAndTheInterpreterAgreeOnARun(t *testing.T) {
	n := newNode(t)
	run := prefix(t, n, runOf("order2-arch", "order2-train", "interpreted"), 4096)
	compiled := newValidator(t, n).Run(context.Background(), run)
	ctx := context.Background()
	rt, err := sandbox.New(ctx, sandbox.Config{Interpreter: true})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close(ctx)
	v := newValidator(t, n)
	v.Runtime = rt
	interpreted := v.Run(ctx, run)
	if compiled.Error != "" || !reflect.DeepEqual(compiled, interpreted) {
		t.Fatalf("compiler %+v\ninterpreter %+v", compiled, interpreted)
	}
}
