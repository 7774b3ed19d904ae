package gas

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
)

// Limits on what a module may declare, checked by Gate on the raw bytes before any
// compiler sees them: wazero's cost of compiling or instantiating a module is not bounded
// by the module's size (a 40-byte body declaring 20,000,000 locals takes gigabytes to
// compile; a table of 2^27 entries takes a gigabyte to instantiate). Measured on the
// example agents (Go 1.26 reactors, 3.9 MB): 2,417 functions, at most 20 locals in one
// body and 10,301 in all, the largest body 50,636 bytes, one table of 6,513 entries
// without a maximum; the caps leave each a wide margin.
const (
	MaxEntries      = 100_000 // entries of any one section (functions, types, globals, ...)
	MaxLocals       = 50_000  // locals one function body declares
	MaxModuleLocals = 1 << 20 // locals all bodies declare together
	MaxBody         = 1 << 20 // bytes of one function body
	MaxTableEntries = 1 << 16 // the sum of every table's maximum (an absent maximum counts as this)
)

// Gate checks module against the limits above, reading only section headers, entry
// counts, table limits and the local declarations of bodies. It is cheap (linear, no
// allocation in the module's size) and meant to run before any compile. It returns nil
// on a module it cannot read, leaving the refusal of malformed modules to validation;
// its errors name the limit a readable module exceeds. Inject runs it too.
func Gate(module []byte) error {
	if len(module) < len(header) {
		return nil
	}
	r := &reader{b: module, pos: len(header)}
	for !r.done() {
		id := r.byte()
		body := r.bytes(r.u32())
		if r.err != nil || id == secCustom {
			continue
		}
		s := &reader{b: body}
		n := s.u32()
		if s.err != nil || id == secStart {
			continue
		}
		if n > MaxEntries {
			return fmt.Errorf("section %d has %d entries; the limit is %d", id, n, MaxEntries)
		}
		var err error
		switch id {
		case secTable:
			err = gateTables(s, n)
		case secCode:
			err = gateCode(s, n)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// gateTables bounds the sum of the tables' maxima, an absent maximum counting as
// MaxTableEntries (Inject writes that maximum into the metered module, which bounds
// table.grow).
func gateTables(s *reader, n uint32) error {
	var sum uint64
	for i := uint32(0); i < n; i++ {
		s.byte()
		lo, hi, hasMax := s.limitsOf()
		if s.err != nil {
			return nil
		}
		if !hasMax {
			hi = MaxTableEntries
		}
		sum += uint64(max(lo, hi))
		if sum > MaxTableEntries {
			return fmt.Errorf("the tables' maxima add up to more than %d entries (an absent maximum counts as %d)", MaxTableEntries, MaxTableEntries)
		}
	}
	return nil
}

// gateCode bounds each body's size and declared locals and the module's locals.
func gateCode(s *reader, n uint32) error {
	var total uint64
	for i := uint32(0); i < n; i++ {
		size := s.u32()
		body := s.bytes(size)
		if s.err != nil {
			return nil
		}
		if size > MaxBody {
			return fmt.Errorf("function body %d is %d bytes; the limit is %d", i, size, MaxBody)
		}
		b := &reader{b: body}
		groups := b.u32()
		var locals uint64
		for j := uint32(0); j < groups && b.err == nil; j++ {
			locals += uint64(b.u32())
			b.byte()
			if locals > MaxLocals {
				return fmt.Errorf("function body %d declares more than %d locals", i, MaxLocals)
			}
		}
		total += locals
		if total > MaxModuleLocals {
			return fmt.Errorf("the function bodies declare more than %d locals in all", MaxModuleLocals)
		}
	}
	return nil
}

// limitsOf reads limits and returns them.
func (r *reader) limitsOf() (lo, hi uint32, hasMax bool) {
	switch flag := r.byte(); flag {
	case 0:
		return r.u32(), 0, false
	case 1:
		lo = r.u32()
		return lo, r.u32(), true
	default:
		if r.err == nil {
			r.fail(fmt.Errorf("unsupported limits flag 0x%02x", flag))
		}
		return 0, 0, false
	}
}

// capTables rewrites a table section so that every table declares a maximum: an absent
// one becomes MaxTableEntries (Gate has bounded the sum with that count).
func capTables(body []byte) ([]byte, error) {
	r := &reader{b: body}
	n := r.u32()
	out := appendU32(nil, n)
	for i := uint32(0); i < n && r.err == nil; i++ {
		t := r.valtype()
		lo, hi, hasMax := r.limitsOf()
		if !hasMax {
			hi = max(lo, MaxTableEntries)
		}
		out = append(out, t, 1)
		out = appendU32(appendU32(out, lo), hi)
	}
	if r.err == errSIMD {
		return nil, fmt.Errorf("section %d: %w", secTable, errSIMD)
	}
	if r.err != nil {
		return nil, malformed("section %d: %v", secTable, r.err)
	}
	if r.pos != len(body) {
		return nil, malformed("section %d has trailing bytes", secTable)
	}
	return out, nil
}

// StripCustom returns module without its custom sections (id 0), every other byte as it
// was. It reads only the header and the sections' framing.
func StripCustom(module []byte) ([]byte, error) {
	if len(module) < len(header) || string(module[:4]) != string(header[:4]) {
		return nil, malformed("no WebAssembly magic number")
	}
	out := append([]byte(nil), module[:len(header)]...)
	r := &reader{b: module, pos: len(header)}
	for !r.done() {
		start := r.pos
		id := r.byte()
		r.bytes(r.u32())
		if r.err != nil {
			return nil, malformed("section %d: %v", id, r.err)
		}
		if id != secCustom {
			out = append(out, module[start:r.pos]...)
		}
	}
	return out, nil
}

// Canonical is the sha256 (hex) of module without its custom sections: the identity of a
// program that names, debug information and producers cannot change.
func Canonical(module []byte) (string, error) {
	b, err := StripCustom(module)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), nil
}

// MinPages returns the largest minimum, in pages, that module's memory section declares
// (0 when it has none). It reads leniently, like Gate: a module it cannot read fails
// validation elsewhere. Compiled modules only report exported memories, so the sandbox
// reads the minimum here.
func MinPages(module []byte) uint32 {
	if len(module) < len(header) {
		return 0
	}
	var most uint32
	r := &reader{b: module, pos: len(header)}
	for !r.done() {
		id := r.byte()
		body := r.bytes(r.u32())
		if r.err != nil || id != secMemory {
			continue
		}
		s := &reader{b: body}
		n := s.u32()
		for i := uint32(0); i < n && s.err == nil; i++ {
			lo, _, _ := s.limitsOf()
			if s.err == nil {
				most = max(most, lo)
			}
		}
	}
	return most
}
