package gas_test

import (
	"bytes"
	"testing"

	"github.com/arena/arena/sandbox/gas"
	. "github.com/arena/arena/sandbox/gas/gastest"
)

// charge and check are the sequences the injector writes for a counter at global g.
func charge(g uint32, n int64) []byte {
	b := U32([]byte{GlobalGet}, g)
	b = append(S64(append(b, I64Const), n), 0x7d, GlobalSet)
	return U32(b, g)
}

func check(g uint32) []byte {
	return append(U32([]byte{GlobalGet}, g), I64Const, 0, 0x53, If, Void, Unreachable, End)
}

func cat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

func TestSpinIsMeteredSegmentBySegment(t *testing.T) {
	got, err := gas.Inject(Spin().Bytes())
	if err != nil {
		t.Fatal(err)
	}
	want := Spin()
	want.Funcs[0].Code = cat(
		charge(0, 2), check(0), []byte{Block, Void, Loop, Void},
		charge(0, 3), check(0), []byte{LocalGet, 0, I32Eqz, BrIf, 1},
		charge(0, 5), []byte{LocalGet, 0, I32Const, 1, I32Sub, LocalSet, 0, Br, 0},
		charge(0, 1), []byte{End},
		charge(0, 1), []byte{End},
		charge(0, 1), []byte{End},
	)
	want.Globals = []Global{{Type: I64, Mutable: true, Init: []byte{I64Const, 0, End}}}
	want.Exports = append(want.Exports, Export{Name: gas.Export, Kind: 3, Index: 0})
	if !bytes.Equal(got, want.Bytes()) {
		t.Errorf("metered spin:\n got %x\nwant %x", got, want.Bytes())
	}
}

func TestTheCounterComesAfterEveryGlobalTheModuleHas(t *testing.T) {
	m := &Module{
		Types:   []FuncType{{}},
		Imports: []Import{{Module: "env", Name: "g", Kind: 3, Index: I32}, {Module: "env", Name: "f", Kind: 0, Index: 0}},
		Funcs:   []Func{{Type: 0, Code: []byte{GlobalGet, 1, GlobalSet, 1, End}}},
		Globals: []Global{{Type: I32, Mutable: true, Init: []byte{GlobalGet, 0, End}}},
		Exports: []Export{{Name: "f", Kind: 0, Index: 1}},
	}
	got, err := gas.Inject(m.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	want := *m
	want.Funcs = []Func{{Type: 0, Code: cat(charge(2, 3), check(2), []byte{GlobalGet, 1, GlobalSet, 1, End})}}
	want.Globals = append(want.Globals, Global{Type: I64, Mutable: true, Init: []byte{I64Const, 0, End}})
	want.Exports = append(want.Exports, Export{Name: gas.Export, Kind: 3, Index: 2})
	if !bytes.Equal(got, want.Bytes()) {
		t.Errorf("metered:\n got %x\nwant %x", got, want.Bytes())
	}
}

func TestBulkOperationsAreChargedByLength(t *testing.T) {
	copyCode := []byte{LocalGet, 0, LocalGet, 0, LocalGet, 1, 0xfc, 10, 0, 0, End}
	m := &Module{
		Types:  []FuncType{{Params: []byte{I32, I32}}},
		Funcs:  []Func{{Type: 0, Locals: []byte{I64}, Code: copyCode}},
		Memory: Ptr(1),
	}
	got, err := gas.Inject(m.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	const scratch = 3 // two params, one local
	bulk := cat([]byte{LocalSet, scratch, GlobalGet, 0, LocalGet, scratch, 0xad, I64Const, 6, 0x88, 0x7d, GlobalSet, 0},
		check(0), []byte{LocalGet, scratch})
	want := *m
	want.Funcs = []Func{{Type: 0, Locals: []byte{I64, I32}, Code: cat(
		charge(0, 5), check(0), []byte{LocalGet, 0, LocalGet, 0, LocalGet, 1}, bulk, []byte{0xfc, 10, 0, 0, End})}}
	want.Globals = []Global{{Type: I64, Mutable: true, Init: []byte{I64Const, 0, End}}}
	want.Exports = []Export{{Name: gas.Export, Kind: 3, Index: 0}}
	if !bytes.Equal(got, want.Bytes()) {
		t.Errorf("metered copy:\n got %x\nwant %x", got, want.Bytes())
	}
}

func TestInjectIsAPureFunctionOfItsInput(t *testing.T) {
	in := Spin().Bytes()
	orig := bytes.Clone(in)
	a, err := gas.Inject(in)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := gas.Inject(in)
	if !bytes.Equal(a, b) || !bytes.Equal(in, orig) {
		t.Error("two injections differ or the input changed")
	}
}

func TestAMeteredModuleCannotBeMeteredAgain(t *testing.T) {
	once, err := gas.Inject(Spin().Bytes())
	if err != nil {
		t.Fatal(err)
	}
	_, err = gas.Inject(once)
	if err == nil || err.Error() != "the module already exports arena_gas, the name of the gas counter" {
		t.Errorf("got %v", err)
	}
}
