package challenge_test

import (
	"context"
	"testing"

	"github.com/arena/arena/challenge/abi"
	"github.com/arena/arena/sandbox"
)

// BenchmarkRun measures a whole run of the example agent sharp on the full profile (110
// cases and the probe) by one validator whose runtime has compiled both modules: fetch
// from its store, generate, play every case, grade, score and publish. It reports cases
// per second through the whole pipeline.
func BenchmarkRun(b *testing.B) {
	n, m := newNode(b), newMirror(b)
	v := newValidator(b, n, m)
	run := runOf(m, toolbench(m), "sharp", "benchmark")
	if out := v.Run(context.Background(), run); out.Result.Error != "" {
		b.Fatal(out.Result.Error)
	}
	cases := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		out := v.Run(context.Background(), run)
		if out.Result.Error != "" {
			b.Fatal(out.Result.Error)
		}
		cases += out.Result.Composite.N
	}
	b.ReportMetric(float64(cases)/b.Elapsed().Seconds(), "cases/s")
}

// BenchmarkInstantiate measures starting the example agent sharp, ready for its first
// case (instantiate and _initialize): cold in a fresh runtime that compiles it with no
// cache, cold in a fresh runtime over a warm compilation cache (a validator's restart),
// and warm from a runtime that has compiled it (every instance after a run's first).
func BenchmarkInstantiate(b *testing.B) {
	ctx := context.Background()
	wasm := guests["sharp"]
	lim := sandbox.Limits{}
	start := func(b *testing.B, rt *sandbox.Runtime) {
		mod, err := rt.Compile(ctx, wasm, sandbox.Offer{Arena: true})
		if err != nil {
			b.Fatal(err)
		}
		a, err := rt.Agent(ctx, mod, [32]byte{}, lim, initGas, nopSession{})
		if err != nil {
			b.Fatal(err)
		}
		a.Close(ctx)
	}
	b.Run("cold", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			rt, err := sandbox.New(ctx, sandbox.Config{})
			if err != nil {
				b.Fatal(err)
			}
			start(b, rt)
			rt.Close(ctx)
		}
	})
	b.Run("cold-cached", func(b *testing.B) {
		dir := b.TempDir()
		warmup, err := sandbox.New(ctx, sandbox.Config{CacheDir: dir})
		if err != nil {
			b.Fatal(err)
		}
		start(b, warmup)
		warmup.Close(ctx)
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			rt, err := sandbox.New(ctx, sandbox.Config{CacheDir: dir})
			if err != nil {
				b.Fatal(err)
			}
			start(b, rt)
			rt.Close(ctx)
		}
	})
	b.Run("warm", func(b *testing.B) {
		rt, err := sandbox.New(ctx, sandbox.Config{})
		if err != nil {
			b.Fatal(err)
		}
		defer rt.Close(ctx)
		start(b, rt)
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			start(b, rt)
		}
	})
}

// nopSession answers nothing: instantiation serves no case.
type nopSession struct{}

func (nopSession) Input() []byte              { return nil }
func (nopSession) Output([]byte)              {}
func (nopSession) Call(string, []byte) []byte { return []byte(abi.UnknownTool) }
