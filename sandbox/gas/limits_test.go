package gas_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"testing"

	"github.com/tetratelabs/wazero"

	"github.com/arena/arena/sandbox/gas"
	. "github.com/arena/arena/sandbox/gas/gastest"
)

// rawBody is a module with one function of type () -> () whose body (locals included) is
// body, and one page of memory.
func rawBody(body []byte) []byte {
	m := (&Module{Types: []FuncType{{}}, Funcs: []Func{{Code: []byte{End}}}, Memory: Ptr(1)}).Bytes()
	code := U32(U32(nil, 1), uint32(len(body)))
	code = append(code, body...)
	// The code section is the last: replace it.
	i := bytes.LastIndexByte(m[:len(m)-4], 10)
	return append(append(m[:i:i], 10), append(U32(nil, uint32(len(code))), code...)...)
}

func TestGateRefusesDeclarationsThatCostMoreThanTheirBytes(t *testing.T) {
	manyLocals := rawBody(cat(U32([]byte{1}, 20_000_000), []byte{I32, End}))
	split := cat([]byte{2}, U32(nil, 30_000), []byte{I32}, U32(nil, 30_000), []byte{I64, End})
	bigBody := cat([]byte{0}, bytes.Repeat([]byte{0x01}, gas.MaxBody), []byte{End})
	for _, tc := range []struct {
		name string
		in   []byte
		want string
	}{
		{"20,000,000 locals", manyLocals, "function body 0 declares more than 50000 locals"},
		{"locals in two groups", rawBody(split), "function body 0 declares more than 50000 locals"},
		{"a body over 1 MiB", rawBody(bigBody), "function body 0 is 1048578 bytes; the limit is 1048576"},
		{"a table of 2^27 entries", (&Module{Table: cat([]byte{1, 0x70, 0}, U32(nil, 1<<27))}).Bytes(),
			"the tables' maxima add up to more than 65536 entries (an absent maximum counts as 65536)"},
		{"two tables without a maximum", (&Module{Table: []byte{2, 0x70, 0, 1, 0x70, 0, 1}}).Bytes(),
			"the tables' maxima add up to more than 65536 entries (an absent maximum counts as 65536)"},
		{"a table maximum of 2^28", (&Module{Table: cat([]byte{1, 0x70, 1, 0}, U32(nil, 1<<28))}).Bytes(),
			"the tables' maxima add up to more than 65536 entries (an absent maximum counts as 65536)"},
		{"200,000 functions", (&Module{Types: []FuncType{{}}, Funcs: make([]Func, 200_000)}).Bytes(),
			"section 3 has 200000 entries; the limit is 100000"},
		{"a count past the section", cat([]byte("\x00asm\x01\x00\x00\x00"), []byte{6, 5}, U32(nil, 1<<31)),
			"section 6 has 2147483648 entries; the limit is 100000"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := gas.Gate(tc.in); err == nil || err.Error() != tc.want {
				t.Errorf("Gate: got %v, want %q", err, tc.want)
			}
			if _, err := gas.Inject(tc.in); err == nil || err.Error() != tc.want {
				t.Errorf("Inject: got %v, want %q", err, tc.want)
			}
		})
	}
}

func TestGatePassesWhatItCannotReadToValidation(t *testing.T) {
	for _, in := range [][]byte{nil, []byte("\x00asm\x01\x00\x00\x00\x0a\x05\x01\xff"), []byte("\x00asm\x01\x00\x00\x00\x04\x03\x01\x70\x09")} {
		if err := gas.Gate(in); err != nil {
			t.Errorf("Gate(%x): %v", in, err)
		}
	}
}

// validate compiles b with wazero's interpreter.
func validate(t *testing.T, b []byte) {
	t.Helper()
	ctx := context.Background()
	rt := wazero.NewRuntimeWithConfig(ctx, wazero.NewRuntimeConfigInterpreter())
	defer rt.Close(ctx)
	if _, err := rt.CompileModule(ctx, b); err != nil {
		t.Fatalf("the module is invalid: %v", err)
	}
}

func TestAPaddedLocalGroupCountMetersToAValidModule(t *testing.T) {
	// 0x81 0x00 is a valid, non-minimal encoding of 1 group; memory.fill needs the scratch local.
	body := []byte{0x81, 0x00, 1, I32, I32Const, 0, I32Const, 0, I32Const, 0, 0xfc, 11, 0, End}
	in := rawBody(body)
	validate(t, in)
	out, err := gas.Inject(in)
	if err != nil {
		t.Fatal(err)
	}
	validate(t, out)
}

func TestATableWithoutAMaximumGetsTheCapAndCannotGrowPastIt(t *testing.T) {
	// grow(n i32) i32 = table.grow 0 (ref.null func, n)
	m := &Module{
		Types:   []FuncType{{Params: []byte{I32}, Results: []byte{I32}}},
		Funcs:   []Func{{Code: []byte{0xd0, 0x70, LocalGet, 0, 0xfc, 15, 0, End}}},
		Table:   []byte{1, 0x70, 0, 1},
		Exports: []Export{{Name: "grow", Kind: 0, Index: 0}},
	}
	out, err := gas.Inject(m.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(out, []byte{4, 7, 1, 0x70, 1, 1, 0x80, 0x80, 4}) {
		t.Errorf("the table section is not rewritten with max 65536: %x", out)
	}
	ctx := context.Background()
	rt := wazero.NewRuntimeWithConfig(ctx, wazero.NewRuntimeConfigInterpreter())
	defer rt.Close(ctx)
	mod, err := rt.Instantiate(ctx, out)
	if err != nil {
		t.Fatal(err)
	}
	mod.ExportedGlobal(gas.Export).(interface{ Set(uint64) }).Set(1 << 40)
	grow := mod.ExportedFunction("grow")
	for _, tc := range []struct{ n, want uint64 }{{1 << 28, 1<<32 - 1}, {65535, 1}, {1, 1<<32 - 1}} {
		got, err := grow.Call(ctx, tc.n)
		if err != nil || got[0] != tc.want {
			t.Errorf("table.grow %d: %v %v, want %d", tc.n, got, err, tc.want)
		}
	}
}

func TestStripCustomRemovesOnlyCustomSections(t *testing.T) {
	plain := Spin().Bytes()
	named := Spin()
	named.Custom = []byte("debug info")
	got, err := gas.StripCustom(named.Bytes())
	if err != nil || !bytes.Equal(got, plain) {
		t.Fatalf("StripCustom: %x %v, want %x", got, err, plain)
	}
	sum := sha256.Sum256(plain)
	for _, in := range [][]byte{plain, named.Bytes()} {
		if c, err := gas.Canonical(in); err != nil || c != hex.EncodeToString(sum[:]) {
			t.Errorf("Canonical: %s %v", c, err)
		}
	}
	if _, err := gas.StripCustom([]byte("\x00asm\x01\x00\x00\x00\x00\x05")); err == nil || err.Error() != "malformed module: section 0: unexpected end" {
		t.Errorf("truncated: %v", err)
	}
	if _, err := gas.StripCustom([]byte("hello")); err == nil || err.Error() != "malformed module: no WebAssembly magic number" {
		t.Errorf("not wasm: %v", err)
	}
}
