// Package gastest assembles minimal WebAssembly modules byte by byte for tests of the
// gas injector and the sandbox. It writes what it is told, valid or not.
package gastest

// Value types and a few opcodes, for writing bodies by hand.
const (
	I32 = 0x7f
	I64 = 0x7e

	Unreachable = 0x00
	Block       = 0x02
	Loop        = 0x03
	If          = 0x04
	Else        = 0x05
	End         = 0x0b
	Br          = 0x0c
	BrIf        = 0x0d
	Return      = 0x0f
	Call        = 0x10
	Drop        = 0x1a
	LocalGet    = 0x20
	LocalSet    = 0x21
	LocalTee    = 0x22
	GlobalGet   = 0x23
	GlobalSet   = 0x24
	I32Const    = 0x41
	I64Const    = 0x42
	I32Eqz      = 0x45
	I32Add      = 0x6a
	I32Sub      = 0x6b
	Void        = 0x40 // the empty block type
)

// FuncType is a function signature.
type FuncType struct{ Params, Results []byte }

// Import is an imported function (Kind 0, Index = type) or global (Kind 3, Index = value
// type, mutable when Mutable).
type Import struct {
	Module, Name string
	Kind         byte
	Index        uint32
	Mutable      bool
}

// Func is a defined function: its type, one value type per local, and its code, which
// should end with End.
type Func struct {
	Type   uint32
	Locals []byte
	Code   []byte
}

// Global is a defined global initialised by a constant expression (ending with End).
type Global struct {
	Type    byte
	Mutable bool
	Init    []byte
}

// Export exports the item Index of Kind (0 function, 2 memory, 3 global) as Name.
type Export struct {
	Name  string
	Kind  byte
	Index uint32
}

// Module is a module under construction. Memory, when not nil, is the min pages of the
// one memory; Start, when not nil, is the start function.
type Module struct {
	Types   []FuncType
	Imports []Import
	Funcs   []Func
	Table   []byte // the body of a table section, when not nil
	Memory  *uint32
	Globals []Global
	Exports []Export
	Start   *uint32
	Custom  []byte // a custom section named "x" with these bytes, after the header
}

// Bytes returns the binary.
func (m *Module) Bytes() []byte {
	b := []byte{0, 'a', 's', 'm', 1, 0, 0, 0}
	if m.Custom != nil {
		b = section(b, 0, append(str(nil, "x"), m.Custom...))
	}
	if len(m.Types) > 0 {
		s := U32(nil, uint32(len(m.Types)))
		for _, t := range m.Types {
			s = append(s, 0x60)
			s = append(U32(s, uint32(len(t.Params))), t.Params...)
			s = append(U32(s, uint32(len(t.Results))), t.Results...)
		}
		b = section(b, 1, s)
	}
	if len(m.Imports) > 0 {
		s := U32(nil, uint32(len(m.Imports)))
		for _, im := range m.Imports {
			s = str(str(s, im.Module), im.Name)
			s = append(s, im.Kind)
			if im.Kind == 3 {
				s = append(s, byte(im.Index), flag(im.Mutable))
			} else {
				s = U32(s, im.Index)
			}
		}
		b = section(b, 2, s)
	}
	if len(m.Funcs) > 0 {
		s := U32(nil, uint32(len(m.Funcs)))
		for _, f := range m.Funcs {
			s = U32(s, f.Type)
		}
		b = section(b, 3, s)
	}
	if m.Table != nil {
		b = section(b, 4, m.Table)
	}
	if m.Memory != nil {
		b = section(b, 5, U32([]byte{1, 0}, *m.Memory))
	}
	if len(m.Globals) > 0 {
		s := U32(nil, uint32(len(m.Globals)))
		for _, g := range m.Globals {
			s = append(s, g.Type, flag(g.Mutable))
			s = append(s, g.Init...)
		}
		b = section(b, 6, s)
	}
	if len(m.Exports) > 0 {
		s := U32(nil, uint32(len(m.Exports)))
		for _, e := range m.Exports {
			s = append(str(s, e.Name), e.Kind)
			s = U32(s, e.Index)
		}
		b = section(b, 7, s)
	}
	if m.Start != nil {
		b = section(b, 8, U32(nil, *m.Start))
	}
	if len(m.Funcs) > 0 {
		s := U32(nil, uint32(len(m.Funcs)))
		for _, f := range m.Funcs {
			body := U32(nil, uint32(len(f.Locals)))
			for _, l := range f.Locals {
				body = append(body, 1, l)
			}
			body = append(body, f.Code...)
			s = append(U32(s, uint32(len(body))), body...)
		}
		b = section(b, 10, s)
	}
	return b
}

func flag(b bool) byte {
	if b {
		return 1
	}
	return 0
}

func section(b []byte, id byte, body []byte) []byte {
	b = append(b, id)
	return append(U32(b, uint32(len(body))), body...)
}

func str(b []byte, s string) []byte { return append(U32(b, uint32(len(s))), s...) }

// U32 appends v as unsigned LEB128.
func U32(b []byte, v uint32) []byte {
	for v >= 0x80 {
		b = append(b, byte(v)|0x80)
		v >>= 7
	}
	return append(b, byte(v))
}

// S64 appends v as signed LEB128.
func S64(b []byte, v int64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if v == 0 && c&0x40 == 0 || v == -1 && c&0x40 != 0 {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}

// Ptr returns a pointer to v, for Memory and Start.
func Ptr(v uint32) *uint32 { return &v }

// Spin is a module exporting spin(n i32): a loop that counts n down to zero, and memory.
// Each iteration costs the same gas, so the gas of spin(n) is affine in n.
func Spin() *Module {
	code := []byte{
		Block, Void,
		Loop, Void,
		LocalGet, 0, I32Eqz, BrIf, 1,
		LocalGet, 0, I32Const, 1, I32Sub, LocalSet, 0,
		Br, 0,
		End,
		End,
		End,
	}
	return &Module{
		Types:   []FuncType{{Params: []byte{I32}}},
		Funcs:   []Func{{Type: 0, Code: code}},
		Memory:  Ptr(1),
		Exports: []Export{{Name: "spin", Kind: 0, Index: 0}, {Name: "memory", Kind: 2, Index: 0}},
	}
}
