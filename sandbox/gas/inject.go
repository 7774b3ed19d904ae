package gas

import (
	"bytes"
	"errors"
	"fmt"
)

// Section ids of the binary format.
const (
	secCustom    = 0
	secType      = 1
	secImport    = 2
	secFunction  = 3
	secTable     = 4
	secMemory    = 5
	secGlobal    = 6
	secExport    = 7
	secStart     = 8
	secCode      = 10
	secDataCount = 12
)

// rank orders the known non-custom sections as the binary format requires.
var rank = [...]int{1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 12: 10, 10: 11, 11: 12}

var header = []byte{0, 'a', 's', 'm', 1, 0, 0, 0}

type section struct {
	id   byte
	body []byte
}

// module is what the injector needs to know about a module besides its code.
type module struct {
	sections       []section
	typeParams     []uint32 // parameter count of each type
	funcTypes      []uint32 // type index of each defined function
	imports        []Import
	importedFuncs  uint32
	importedGlobal uint32
	definedGlobal  uint32
}

// Inject returns module with the gas counter added (see the package doc). It never
// modifies module; its errors say why the module cannot be metered.
func Inject(module []byte) ([]byte, error) {
	if err := Gate(module); err != nil {
		return nil, err
	}
	m, err := parse(module)
	if err != nil {
		return nil, err
	}
	counter := m.importedGlobal + m.definedGlobal
	for i, s := range m.sections {
		var body []byte
		switch s.id {
		case secCode:
			body, err = m.meterCode(s.body, counter)
		case secTable:
			body, err = capTables(s.body)
		default:
			continue
		}
		if err != nil {
			return nil, err
		}
		m.sections[i].body = body
	}
	m.appendGlobal()
	m.appendExport(counter)
	out := append([]byte(nil), header...)
	for _, s := range m.sections {
		out = append(out, s.id)
		out = appendU32(out, uint32(len(s.body)))
		out = append(out, s.body...)
	}
	return out, nil
}

// Import is one import of a module: its module and name, and its kind (0 function,
// 1 table, 2 memory, 3 global).
type Import struct {
	Module, Name string
	Kind         byte
}

// Imports lists the imports of module in order. It reads the module as Inject does and
// fails as Inject would on a module it refuses for reasons outside the code section.
func Imports(module []byte) ([]Import, error) {
	m, err := parse(module)
	if err != nil {
		return nil, err
	}
	return m.imports, nil
}

func malformed(format string, args ...any) error {
	return fmt.Errorf("malformed module: "+format, args...)
}

// parse splits the binary into sections and reads the ones the injector needs.
func parse(b []byte) (*module, error) {
	if len(b) < len(header) || !bytes.Equal(b[:4], header[:4]) {
		return nil, malformed("no WebAssembly magic number")
	}
	if !bytes.Equal(b[4:8], header[4:]) {
		return nil, malformed("unsupported version")
	}
	m := &module{}
	r := &reader{b: b, pos: len(header)}
	last := 0
	for !r.done() {
		id := r.byte()
		body := r.bytes(r.u32())
		if r.err != nil {
			return nil, malformed("section %d: %v", id, r.err)
		}
		if int(id) >= len(rank) || id != secCustom && rank[id] == 0 {
			return nil, malformed("unknown section %d", id)
		}
		if id != secCustom {
			if rank[id] <= last {
				return nil, malformed("section %d out of order", id)
			}
			last = rank[id]
		}
		if err := m.read(id, body); err != nil {
			return nil, err
		}
		m.sections = append(m.sections, section{id, body})
	}
	code := 0
	for _, s := range m.sections {
		if s.id == secCode {
			code++
		}
	}
	if code == 0 && len(m.funcTypes) > 0 {
		return nil, malformed("%d functions have no code", len(m.funcTypes))
	}
	return m, nil
}

// read reads one section's facts.
func (m *module) read(id byte, body []byte) error {
	r := &reader{b: body}
	var err error
	switch id {
	case secStart:
		return errors.New("the module has a start section")
	case secType:
		err = m.readTypes(r)
	case secImport:
		err = m.readImports(r)
	case secFunction:
		n := r.u32()
		for i := uint32(0); i < n && r.err == nil; i++ {
			m.funcTypes = append(m.funcTypes, r.u32())
		}
	case secGlobal:
		err = m.readGlobals(r)
	case secExport:
		err = readExports(r)
	default:
		return nil
	}
	if err != nil {
		return err
	}
	if r.err == errSIMD {
		return fmt.Errorf("section %d: %w", id, errSIMD)
	}
	if r.err != nil {
		return malformed("section %d: %v", id, r.err)
	}
	if r.pos != len(body) {
		return malformed("section %d has trailing bytes", id)
	}
	return nil
}

func (m *module) readTypes(r *reader) error {
	n := r.u32()
	for i := uint32(0); i < n && r.err == nil; i++ {
		if f := r.byte(); f != 0x60 && r.err == nil {
			return malformed("type %d is not a function type", i)
		}
		params := r.u32()
		for j := uint32(0); j < params && r.err == nil; j++ {
			r.valtype()
		}
		results := r.u32()
		for j := uint32(0); j < results && r.err == nil; j++ {
			r.valtype()
		}
		m.typeParams = append(m.typeParams, params)
	}
	return nil
}

func (m *module) readImports(r *reader) error {
	n := r.u32()
	for i := uint32(0); i < n && r.err == nil; i++ {
		mod, name := r.name(), r.name()
		if name == Export && r.err == nil {
			return fmt.Errorf("the module imports %s.%s, the name of the gas counter", mod, name)
		}
		kind := r.byte()
		m.imports = append(m.imports, Import{Module: mod, Name: name, Kind: kind})
		switch kind {
		case 0:
			r.u32()
			m.importedFuncs++
		case 1:
			r.valtype()
			r.limits()
		case 2:
			r.limits()
		case 3:
			r.valtype()
			r.byte()
			m.importedGlobal++
		default:
			if r.err == nil {
				return malformed("import %d has unknown kind %d", i, kind)
			}
		}
	}
	return nil
}

func (m *module) readGlobals(r *reader) error {
	n := r.u32()
	for i := uint32(0); i < n && r.err == nil; i++ {
		r.valtype()
		r.byte()
		if err := skipConstExpr(r); err != nil {
			return err
		}
	}
	m.definedGlobal = n
	return nil
}

func readExports(r *reader) error {
	n := r.u32()
	for i := uint32(0); i < n && r.err == nil; i++ {
		if r.name() == Export && r.err == nil {
			return fmt.Errorf("the module already exports %s, the name of the gas counter", Export)
		}
		r.byte()
		r.u32()
	}
	return nil
}

// skipConstExpr skips an initialiser expression up to its end.
func skipConstExpr(r *reader) error {
	for r.err == nil {
		op := r.byte()
		if op == opEnd {
			return nil
		}
		if _, err := skipImmediates(r, op); err != nil {
			return err
		}
	}
	return nil
}

// appendGlobal adds the counter, (mut i64) initialised to 0, to the global section.
func (m *module) appendGlobal() {
	entry := []byte{i64, 1, opI64Const, 0, opEnd}
	m.appendEntry(secGlobal, m.definedGlobal, entry)
}

// appendExport exports the counter as Export.
func (m *module) appendExport(counter uint32) {
	var entry []byte
	entry = appendU32(entry, uint32(len(Export)))
	entry = append(entry, Export...)
	entry = append(entry, 3) // global
	entry = appendU32(entry, counter)
	for _, s := range m.sections {
		if s.id == secExport {
			r := &reader{b: s.body}
			m.appendEntry(secExport, r.u32(), entry)
			return
		}
	}
	m.appendEntry(secExport, 0, entry)
}

// appendEntry appends entry to the vector section id, whose current count is n, creating
// the section in its place when the module has none.
func (m *module) appendEntry(id byte, n uint32, entry []byte) {
	for i, s := range m.sections {
		if s.id == id {
			r := &reader{b: s.body}
			r.u32()
			body := appendU32(nil, n+1)
			body = append(body, s.body[r.pos:]...)
			m.sections[i].body = append(body, entry...)
			return
		}
	}
	body := append(appendU32(nil, 1), entry...)
	at := len(m.sections)
	for i, s := range m.sections {
		if s.id != secCustom && rank[s.id] > rank[id] {
			at = i
			break
		}
	}
	m.sections = append(m.sections[:at], append([]section{{id, body}}, m.sections[at:]...)...)
}
