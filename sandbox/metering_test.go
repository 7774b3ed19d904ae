package sandbox

import (
	"context"
	"strings"
	"testing"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"

	"github.com/arena/arena/sandbox/gas"
	gt "github.com/arena/arena/sandbox/gas/gastest"
)

// metered instantiates the metered form of m in a bare runtime of either mode.
func metered(t *testing.T, m *gt.Module, interpreter bool) (api.Module, api.MutableGlobal) {
	t.Helper()
	ctx := context.Background()
	cfg := wazero.NewRuntimeConfigCompiler()
	if interpreter {
		cfg = wazero.NewRuntimeConfigInterpreter()
	}
	rt := wazero.NewRuntimeWithConfig(ctx, cfg)
	t.Cleanup(func() { rt.Close(ctx) })
	b, err := gas.Inject(m.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	mod, err := rt.Instantiate(ctx, b) // validates the metered module
	if err != nil {
		t.Fatal(err)
	}
	return mod, mod.ExportedGlobal(gas.Export).(api.MutableGlobal)
}

// callWith calls fn(arg) with budget gas and returns the gas left.
func callWith(t *testing.T, mod api.Module, g api.MutableGlobal, fn string, budget int64, arg uint64) (int64, error) {
	t.Helper()
	g.Set(uint64(budget))
	_, err := mod.ExportedFunction(fn).Call(context.Background(), arg)
	return int64(g.Get()), err
}

var modes = []struct {
	name        string
	interpreter bool
}{{"compiler", false}, {"interpreter", true}}

func TestSpinCostsEightGasAnIterationInBothModes(t *testing.T) {
	for _, mode := range modes {
		mod, g := metered(t, gt.Spin(), mode.interpreter)
		for _, n := range []uint64{0, 1, 1000} {
			left, err := callWith(t, mod, g, "spin", 1<<40, n)
			if err != nil {
				t.Fatal(err)
			}
			if used, want := 1<<40-left, int64(8*n+6); used != want {
				t.Errorf("%s: spin(%d) used %d gas, want %d", mode.name, n, used, want)
			}
		}
	}
}

func TestRunningOutOfGasTrapsAtADeterministicPoint(t *testing.T) {
	for _, mode := range modes {
		mod, g := metered(t, gt.Spin(), mode.interpreter)
		for range 2 {
			// 100 - 2 at entry, then 3 + 5 an iteration: the check after the 13th loop
			// header sees 100 - 2 - 3 - 12*8 = -1.
			left, err := callWith(t, mod, g, "spin", 100, 1_000_000)
			if err == nil || !strings.HasPrefix(err.Error(), "wasm error: unreachable") || left != -1 {
				t.Errorf("%s: %d gas left, %v", mode.name, left, err)
			}
		}
	}
}

func TestBulkOperationsAndGrowthAreChargedBySize(t *testing.T) {
	m := &gt.Module{
		Types: []gt.FuncType{{Params: []byte{gt.I32}}},
		Funcs: []gt.Func{
			{Code: []byte{gt.I32Const, 0, gt.I32Const, 0, gt.LocalGet, 0, 0xfc, 11, 0, gt.End}}, // memory.fill(0, 0, n)
			{Code: []byte{gt.LocalGet, 0, 0x40, 0, gt.Drop, gt.End}},                            // memory.grow(n)
		},
		Memory:  gt.Ptr(1),
		Exports: []gt.Export{{Name: "fill", Kind: 0, Index: 0}, {Name: "grow", Kind: 0, Index: 1}},
	}
	for _, mode := range modes {
		mod, g := metered(t, m, mode.interpreter)
		for _, tc := range []struct {
			fn         string
			small, big uint64
			extra      int64
		}{{"fill", 0, 64_000, 1000}, {"grow", 0, 3, 3 * 1024}} {
			a, _ := callWith(t, mod, g, tc.fn, 1<<40, tc.small)
			b, _ := callWith(t, mod, g, tc.fn, 1<<40, tc.big)
			if a-b != tc.extra {
				t.Errorf("%s: %s(%d) costs %d more than %s(%d), want %d", mode.name, tc.fn, tc.big, a-b, tc.fn, tc.small, tc.extra)
			}
		}
		if left, err := callWith(t, mod, g, "fill", 500, 64_000); err == nil || left >= 0 {
			t.Errorf("%s: a fill past the budget ran (%d left)", mode.name, left)
		}
	}
}

func TestEveryGoGuestIsMeteredIntoAValidModule(t *testing.T) {
	ctx := context.Background()
	rt := wazero.NewRuntimeWithConfig(ctx, wazero.NewRuntimeConfigInterpreter())
	defer rt.Close(ctx)
	for _, name := range append(append([]string(nil), reactors...), commands...) {
		wasm := guest(t, name)
		out, err := gas.Inject(wasm)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if growth := float64(len(out))/float64(len(wasm)) - 1; growth > 0.4 {
			t.Errorf("%s grew by %.0f%%", name, 100*growth)
		}
		if _, err := rt.CompileModule(ctx, out); err != nil {
			t.Fatalf("%s: the metered module is invalid: %v", name, err)
		}
		if _, err := gas.Inject(out); err == nil || err.Error() != "the module already exports arena_gas, the name of the gas counter" {
			t.Errorf("%s: metering twice: %v", name, err)
		}
	}
}
