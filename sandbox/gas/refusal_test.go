package gas_test

import (
	"testing"

	"github.com/arena/arena/sandbox/gas"
	. "github.com/arena/arena/sandbox/gas/gastest"
)

// fn is a module with one function of type () -> () and the given code.
func fn(code ...byte) []byte {
	return (&Module{Types: []FuncType{{}}, Funcs: []Func{{Code: code}}, Memory: Ptr(1)}).Bytes()
}

func TestRefusals(t *testing.T) {
	spin := Spin().Bytes()
	withStart := Spin()
	withStart.Types = append(withStart.Types, FuncType{})
	withStart.Funcs = append(withStart.Funcs, Func{Type: 1, Code: []byte{End}})
	withStart.Start = Ptr(1)
	oneGlobal := &Module{
		Types:   []FuncType{{}},
		Globals: []Global{{Type: I32, Init: []byte{I32Const, 0, End}}},
		Funcs:   []Func{{Code: []byte{GlobalGet, 1, Drop, End}}},
	}
	setsCounter := &Module{Types: []FuncType{{}}, Funcs: []Func{{Code: []byte{I64Const, 0, GlobalSet, 0, End}}}}
	importsName := &Module{Types: []FuncType{{}}, Imports: []Import{{Module: "arena", Name: "arena_gas", Kind: 3, Index: I64, Mutable: true}}}
	exportsName := Spin()
	exportsName.Exports = append(exportsName.Exports, Export{Name: "arena_gas", Kind: 0, Index: 0})
	v128Local := &Module{Types: []FuncType{{}}, Funcs: []Func{{Locals: []byte{0x7b}, Code: []byte{End}}}}
	v128Param := &Module{Types: []FuncType{{Params: []byte{0x7b}}}}
	for _, tc := range []struct {
		name string
		in   []byte
		want string
	}{
		{"empty", nil, "malformed module: no WebAssembly magic number"},
		{"not wasm", []byte("\x7fELF\x02\x01\x01\x00"), "malformed module: no WebAssembly magic number"},
		{"version 2", []byte("\x00asm\x02\x00\x00\x00"), "malformed module: unsupported version"},
		{"truncated section", spin[:len(spin)-3], "malformed module: section 10: unexpected end"},
		{"unknown section", append([]byte("\x00asm\x01\x00\x00\x00"), 13, 1, 0), "malformed module: unknown section 13"},
		{"sections out of order", append(append([]byte(nil), spin...), 1, 1, 0), "malformed module: section 1 out of order"},
		{"trailing bytes in a body", fn(End, End), "malformed module: function 0: code after the end of its body"},
		{"body without end", fn(I32Const, 1, Drop), "malformed module: function 0: unexpected end"},
		{"start section", withStart.Bytes(), "the module has a start section"},
		{"global past the module's own", oneGlobal.Bytes(), "function 0: global 1 is not one of the module's 1 globals"},
		{"sets the counter-to-be", setsCounter.Bytes(), "function 0: global 0 is not one of the module's 0 globals"},
		{"imports the counter's name", importsName.Bytes(), "the module imports arena.arena_gas, the name of the gas counter"},
		{"exports the counter's name", exportsName.Bytes(), "the module already exports arena_gas, the name of the gas counter"},
		{"SIMD instruction", fn(0xfd, 12, 0, Drop, End), "function 0: SIMD (0xfd) is not supported"},
		{"SIMD local", v128Local.Bytes(), "function 0: SIMD (v128) is not supported"},
		{"SIMD parameter", v128Param.Bytes(), "section 1: SIMD (v128) is not supported"},
		{"atomics", fn(0xfe, 3, 0, End), "function 0: atomics (0xfe) are not supported"},
		{"unknown opcode", fn(0x27, End), "function 0: opcode 0x27 is unknown"},
		{"tail call", fn(0x12, 0, End), "function 0: opcode 0x12 is unknown"},
		{"unknown 0xfc opcode", fn(0xfc, 18, End), "function 0: opcode 0xfc 18 is unknown"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := gas.Inject(tc.in)
			if err == nil || err.Error() != tc.want {
				t.Errorf("got %v (%d bytes), want %q", err, len(out), tc.want)
			}
		})
	}
}
