package sandbox

import (
	"bytes"
	"context"
	"os"
	"testing"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"

	"github.com/arena/arena/sandbox/gas"
	gt "github.com/arena/arena/sandbox/gas/gastest"
)

// Run with -benchtime=3x: compiles take about a second each.

func BenchmarkCompile(b *testing.B) {
	wasm := guest(b, "echo")
	ctx := context.Background()
	b.Run("cold", func(b *testing.B) {
		for b.Loop() {
			r, err := New(ctx, Config{})
			if err != nil {
				b.Fatal(err)
			}
			if _, err := r.Compile(ctx, wasm, Offer{Arena: true}); err != nil {
				b.Fatal(err)
			}
			r.Close(ctx)
		}
	})
	b.Run("warm cache dir", func(b *testing.B) {
		dir := b.TempDir()
		warm, _ := New(ctx, Config{CacheDir: dir})
		warm.Compile(ctx, wasm, Offer{Arena: true})
		warm.Close(ctx)
		for b.Loop() {
			r, err := New(ctx, Config{CacheDir: dir})
			if err != nil {
				b.Fatal(err)
			}
			if _, err := r.Compile(ctx, wasm, Offer{Arena: true}); err != nil {
				b.Fatal(err)
			}
			r.Close(ctx)
		}
	})
	b.Run("inject only", func(b *testing.B) {
		for b.Loop() {
			if _, err := gas.Inject(wasm); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkAgent(b *testing.B) {
	ctx := context.Background()
	r := newRuntime(b, false)
	m := compile(b, r, "echo", Offer{Arena: true})
	newAgent := func() *Agent {
		a, err := r.Agent(ctx, m, [32]byte{}, agentLimits, initGas, &session{input: "tool x"})
		if err != nil {
			b.Fatal(err)
		}
		return a
	}
	b.Run("first instance", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			fresh := newRuntime(b, false)
			fm := compile(b, fresh, "echo", Offer{Arena: true})
			b.StartTimer()
			a, err := fresh.Agent(ctx, fm, [32]byte{}, agentLimits, initGas, &session{})
			if err != nil {
				b.Fatal(err)
			}
			b.StopTimer()
			a.Close(ctx)
			fresh.Close(ctx)
			b.StartTimer()
		}
	})
	b.Run("next instance", func(b *testing.B) {
		newAgent().Close(ctx)
		for b.Loop() {
			newAgent().Close(ctx)
		}
	})
	b.Run("handle", func(b *testing.B) {
		a := newAgent()
		defer a.Close(ctx)
		var used int64
		for b.Loop() {
			u, outcome, err := a.Handle(ctx, 1<<40)
			if err != nil || outcome != "ok" {
				b.Fatal(outcome, err)
			}
			used = u
		}
		b.ReportMetric(float64(used), "gas/op")
	})
}

// BenchmarkMetering runs the same modules with and without the gas counter in a bare
// wazero compiler runtime: a tight hand-written loop (spin) and a Go command.
func BenchmarkMetering(b *testing.B) {
	ctx := context.Background()
	spin := gt.Spin().Bytes()
	meteredSpin, _ := gas.Inject(spin)
	command := guest(b, "clock")
	meteredCommand, _ := gas.Inject(command)
	for _, tc := range []struct {
		name string
		wasm []byte
	}{{"spin/unmetered", spin}, {"spin/metered", meteredSpin}, {"command/unmetered", command}, {"command/metered", meteredCommand}} {
		b.Run(tc.name, func(b *testing.B) {
			rt := wazero.NewRuntime(ctx)
			defer rt.Close(ctx)
			wasi_snapshot_preview1.MustInstantiate(ctx, rt)
			cm, err := rt.CompileModule(ctx, tc.wasm)
			if err != nil {
				b.Fatal(err)
			}
			const n = 10_000_000
			for b.Loop() {
				cfg := wazero.NewModuleConfig().WithName("").WithStartFunctions().WithStdin(bytes.NewReader(nil)).WithStdout(os.Stderr)
				mod, err := rt.InstantiateModule(ctx, cm, cfg.WithStdout(&bytes.Buffer{}))
				if err != nil {
					b.Fatal(err)
				}
				if g := mod.ExportedGlobal(gas.Export); g != nil {
					g.(interface{ Set(uint64) }).Set(1 << 60)
				}
				if f := mod.ExportedFunction("spin"); f != nil {
					f.Call(ctx, n)
				} else {
					mod.ExportedFunction("_start").Call(ctx)
				}
				mod.Close(ctx)
			}
			if len(tc.wasm) == len(spin) || len(tc.wasm) == len(meteredSpin) {
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/iter")
			}
		})
	}
}
