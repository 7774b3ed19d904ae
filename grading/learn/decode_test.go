package learn_test

import (
	"bytes"
	"context"
	"encoding/hex"
	"testing"

	"github.com/arena/arena/learn/data"
	"github.com/arena/arena/ledger/learn/coder"
	"github.com/arena/arena/sandbox"
)

// The coded stream of a run decodes back to the dataset, whole: a second learner of the
// same pair and seed, on a runtime of its own, predicts each byte, the decoder reads it
// from the stream with those frequencies, and the training program learns the decoded
// byte. The stream is exactly as long as the attested bits say.
func TestTheCodedStreamDecodesBackToTheDataset(t *testing.T) {
	n := newNode(t)
	run := runOf("order2-arch", "order2-train", "decode")
	d := newValidator(t, n).Rederive(context.Background(), run)
	if d.Result.Error != "" {
		t.Fatal(d.Result.Error)
	}
	if int64(len(d.Coded)) != (d.Result.Bits+7)/8 {
		t.Fatalf("%d coded bytes for %d bits", len(d.Coded), d.Result.Bits)
	}
	got := decode(t, "order2-arch", "order2-train", run.Seed, d.Coded, data.TrainBytes)
	if !bytes.Equal(got, data.Train()) {
		t.Fatal("the decoded stream is not the train split")
	}
}

// A byte predicted with frequency 0 is coded as the escape and its 8 raw bits, and
// decodes back all the same.
func TestAnEscapedByteDecodes(t *testing.T) {
	n := newNode(t)
	run := prefix(t, n, runOf("arch-zero", "train", "escape"), 20_000)
	d := newValidator(t, n).Rederive(context.Background(), run)
	if d.Result.Error != "" {
		t.Fatal(d.Result.Error)
	}
	if got := decode(t, "arch-zero", "train", run.Seed, d.Coded, 20_000); !bytes.Equal(got, data.Train()[:20_000]) {
		t.Fatal("the decoded stream is not the split's prefix")
	}
}

// decode decodes n bytes of stream with a fresh learner of the pair (guest names) on seed,
// on a runtime of its own, learning each decoded byte.
func decode(t *testing.T, arch, train, seed string, stream []byte, n int) []byte {
	t.Helper()
	ctx := context.Background()
	rt, err := sandbox.New(ctx, sandbox.Config{CacheDir: cacheDir})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close(ctx)
	a, err := rt.CompileArch(ctx, guests[arch])
	if err != nil {
		t.Fatal(err)
	}
	tr, err := rt.CompileTrain(ctx, guests[train], a)
	if err != nil {
		t.Fatal(err)
	}
	var key [32]byte
	hex.Decode(key[:], []byte(seed))
	l, err := rt.Learner(ctx, a, tr, key, sandbox.LearnLimits{InitGas: 2_000_000_000, ByteGas: byteGas, ParamCap: paramCap, DataCap: dataCap})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close(ctx)
	dec := coder.NewDecoder(stream)
	out := make([]byte, 0, n)
	for i := range int64(n) {
		f, err := l.Predict(ctx, i)
		if err != nil {
			t.Fatal(err)
		}
		b, err := dec.Decode(f)
		if err != nil {
			t.Fatalf("byte %d: %v", i, err)
		}
		if err := l.Learn(ctx, i, b); err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}
