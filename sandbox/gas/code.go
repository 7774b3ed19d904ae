package gas

import "fmt"

// meterCode rewrites the code section: every body charges counter, the global index of
// the gas counter.
func (m *module) meterCode(body []byte, counter uint32) ([]byte, error) {
	r := &reader{b: body}
	n := r.u32()
	if r.err == nil && int(n) != len(m.funcTypes) {
		return nil, malformed("%d function bodies for %d functions", n, len(m.funcTypes))
	}
	out := appendU32(nil, n)
	for i := uint32(0); i < n; i++ {
		fn := r.bytes(r.u32())
		if r.err != nil {
			return nil, malformed("code section: %v", r.err)
		}
		idx := m.importedFuncs + i
		t := m.funcTypes[i]
		if int(t) >= len(m.typeParams) {
			return nil, malformed("function %d has unknown type %d", idx, t)
		}
		f := &function{index: idx, counter: counter, params: m.typeParams[t]}
		metered, err := f.meter(fn)
		if err != nil {
			return nil, err
		}
		out = appendU32(out, uint32(len(metered)))
		out = append(out, metered...)
	}
	if r.err != nil {
		return nil, malformed("code section: %v", r.err)
	}
	if r.pos != len(body) {
		return nil, malformed("code section has trailing bytes")
	}
	return out, nil
}

// function meters one body.
type function struct {
	index   uint32 // in the function index space, for errors
	counter uint32 // the gas global
	params  uint32
	scratch uint32 // the appended i32 local, used by bulk charges
	bulk    bool   // whether the scratch local is needed

	code  []byte // the metered instructions so far
	seg   []byte // the current segment's instructions
	segN  int64  // and their count
	check bool   // whether the current segment begins with a check
}

func (f *function) fail(err error) error {
	return fmt.Errorf("function %d: %w", f.index, err)
}

// meter returns the metered body: locals (plus the scratch local when needed) and code.
func (f *function) meter(body []byte) ([]byte, error) {
	r := &reader{b: body}
	groups := r.u32()
	groupsEnd := r.pos // the count may be padded: never re-encode it to find its end
	locals := uint64(f.params)
	for i := uint32(0); i < groups && r.err == nil; i++ {
		locals += uint64(r.u32())
		r.valtype()
	}
	if r.err == errSIMD {
		return nil, f.fail(errSIMD)
	}
	if r.err != nil || locals >= 1<<32-1 {
		return nil, malformed("function %d: bad locals", f.index)
	}
	localsEnd := r.pos
	f.scratch = uint32(locals)
	if err := f.instructions(r); err != nil {
		return nil, err
	}
	if !f.bulk {
		return append(body[:localsEnd:localsEnd], f.code...), nil
	}
	out := appendU32(nil, groups+1)
	out = append(out, body[groupsEnd:localsEnd]...)
	out = append(out, 1, i32)
	return append(out, f.code...), nil
}

// instructions meters the body's expression, which must end exactly at the body's end.
func (f *function) instructions(r *reader) error {
	f.check = true
	depth := 0
	for depth >= 0 {
		start := r.pos
		in, err := decode(r)
		if err != nil {
			return f.fail(err)
		}
		if r.err != nil {
			return malformed("function %d: %v", f.index, r.err)
		}
		if in.global >= 0 && in.global >= int64(f.counter) {
			return f.fail(fmt.Errorf("global %d is not one of the module's %d globals", in.global, f.counter))
		}
		f.segN++
		if in.charge != plain {
			f.bulkCharge(in.charge)
		}
		f.seg = append(f.seg, r.b[start:r.pos]...)
		depth += in.depth
		if in.ends {
			f.flush()
			f.check = in.loop
		}
	}
	if r.pos != len(r.b) {
		return malformed("function %d: code after the end of its body", f.index)
	}
	return nil
}

// flush emits the current segment, preceded by its charge and, when due, a check.
func (f *function) flush() {
	if f.segN > 0 {
		f.code = append(f.code, opGlobalGet)
		f.code = appendU32(f.code, f.counter)
		f.code = append(f.code, opI64Const)
		f.code = appendS64(f.code, f.segN)
		f.code = append(f.code, opI64Sub, opGlobalSet)
		f.code = appendU32(f.code, f.counter)
	}
	if f.check {
		f.code = f.appendCheck(f.code)
	}
	f.code = append(f.code, f.seg...)
	f.seg, f.segN = f.seg[:0], 0
}

// appendCheck appends: if counter < 0 then unreachable.
func (f *function) appendCheck(b []byte) []byte {
	b = append(b, opGlobalGet)
	b = appendU32(b, f.counter)
	return append(b, opI64Const, 0, opI64LtS, opIf, blockEmpty, opUnreachable, opEnd)
}

// bulkCharge appends, before a bulk operation, the charge for its size operand (on top of
// the stack) and a check, leaving the operand in place.
func (f *function) bulkCharge(c charge) {
	f.bulk = true
	b := append(f.seg, opLocalSet)
	b = appendU32(b, f.scratch)
	b = append(b, opGlobalGet)
	b = appendU32(b, f.counter)
	b = append(b, opLocalGet)
	b = appendU32(b, f.scratch)
	b = append(b, opI64ExtendU, opI64Const)
	if c == perPage {
		b = append(b, growShift, opI64Shl)
	} else {
		b = append(b, bulkShift, opI64ShrU)
	}
	b = append(b, opI64Sub, opGlobalSet)
	b = appendU32(b, f.counter)
	b = f.appendCheck(b)
	b = append(b, opLocalGet)
	f.seg = appendU32(b, f.scratch)
}
