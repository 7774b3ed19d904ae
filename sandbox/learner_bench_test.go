package sandbox

import (
	"context"
	"testing"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"

	"github.com/arena/arena/sandbox/gas"
)

// BenchmarkLearner streams bytes through the order-0 test pair (predict, read the 1 KiB
// of frequencies, learn): metered through a Learner, and unmetered (the original modules
// linked in a bare wazero compiler runtime) for the metering's overhead.
func BenchmarkLearner(b *testing.B) {
	ctx := context.Background()
	b.Run("metered", func(b *testing.B) {
		l := newLearner(b, newRuntime(b, false), "learn-arch", "learn-train", 1)
		i := int64(0)
		for b.Loop() {
			c := text[i%int64(len(text))]
			if _, err := l.Predict(ctx, i); err != nil {
				b.Fatal(err)
			}
			if err := l.Learn(ctx, i, c); err != nil {
				b.Fatal(err)
			}
			i++
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "bytes/s")
		b.ReportMetric(float64(l.Gas())/float64(b.N), "gas/byte")
	})
	for _, v := range []struct {
		name    string
		metered bool
		cfg     wazero.RuntimeConfig
	}{
		{"unmetered", false, wazero.NewRuntimeConfigCompiler()},
		{"metered bare", true, wazero.NewRuntimeConfigCompiler()},
		{"metered bare close on ctx", true, wazero.NewRuntimeConfigCompiler().WithCloseOnContextDone(true)},
	} {
		b.Run(v.name, func(b *testing.B) {
			rt := wazero.NewRuntimeWithConfig(ctx, v.cfg)
			defer rt.Close(ctx)
			wasi_snapshot_preview1.MustInstantiate(ctx, rt)
			var arch api.Module
			copyFn := func(fromArch bool) api.GoModuleFunc {
				return func(_ context.Context, m api.Module, s []uint64) {
					from, to := m, arch
					if fromArch {
						from, to = arch, m
					}
					buf, _ := from.Memory().Read(uint32(s[1]), uint32(s[2]))
					to.Memory().Write(uint32(s[0]), buf)
				}
			}
			i32 := api.ValueTypeI32
			hb := rt.NewHostModuleBuilder("arena")
			hb.NewFunctionBuilder().WithGoModuleFunction(copyFn(true), []api.ValueType{i32, i32, i32}, nil).Export("copy_from_arch")
			hb.NewFunctionBuilder().WithGoModuleFunction(copyFn(false), []api.ValueType{i32, i32, i32}, nil).Export("copy_to_arch")
			if _, err := hb.Instantiate(ctx); err != nil {
				b.Fatal(err)
			}
			cfg := wazero.NewModuleConfig().WithName("").WithStartFunctions()
			instantiate := func(ctx context.Context, name string) api.Module {
				wasm := guest(b, name)
				if v.metered {
					wasm, _ = gas.Inject(wasm)
				}
				cm, err := rt.CompileModule(ctx, wasm)
				if err != nil {
					b.Fatal(err)
				}
				m, err := rt.InstantiateModule(ctx, cm, cfg)
				if err != nil {
					b.Fatal(err)
				}
				if g := m.ExportedGlobal(gas.Export); g != nil {
					g.(api.MutableGlobal).Set(1 << 62)
				}
				if _, err := m.ExportedFunction("_initialize").Call(ctx); err != nil {
					b.Fatal(err)
				}
				return m
			}
			arch = instantiate(ctx, "learn-arch")
			train := instantiate(experimental.WithImportResolver(ctx, func(name string) api.Module {
				if name == "arch" {
					return arch
				}
				return nil
			}), "learn-train")
			predict, learn := arch.ExportedFunction("predict"), train.ExportedFunction("learn")
			var stack [1]uint64
			freq := make([]uint32, Symbols)
			i := 0
			for b.Loop() {
				if err := predict.CallWithStack(ctx, stack[:]); err != nil {
					b.Fatal(err)
				}
				buf, _ := arch.Memory().Read(uint32(stack[0]), 4*Symbols)
				for s := range freq {
					freq[s] = uint32(buf[4*s]) | uint32(buf[4*s+1])<<8 | uint32(buf[4*s+2])<<16 | uint32(buf[4*s+3])<<24
				}
				stack[0] = uint64(text[i%len(text)])
				if err := learn.CallWithStack(ctx, stack[:]); err != nil {
					b.Fatal(err)
				}
				i++
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "bytes/s")
		})
	}
}
