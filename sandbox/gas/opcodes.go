package gas

import (
	"errors"
	"fmt"
)

// Opcodes the injector emits or treats specially.
const (
	opUnreachable = 0x00
	opBlock       = 0x02
	opLoop        = 0x03
	opIf          = 0x04
	opElse        = 0x05
	opEnd         = 0x0b
	opBr          = 0x0c
	opBrIf        = 0x0d
	opBrTable     = 0x0e
	opReturn      = 0x0f
	opLocalGet    = 0x20
	opLocalSet    = 0x21
	opGlobalGet   = 0x23
	opGlobalSet   = 0x24
	opMemoryGrow  = 0x40
	opI64Const    = 0x42
	opI64LtS      = 0x53
	opI64Sub      = 0x7d
	opI64Shl      = 0x86
	opI64ShrU     = 0x88
	opI64ExtendU  = 0xad
	opPrefixFC    = 0xfc
	opPrefixSIMD  = 0xfd
	opPrefixAtom  = 0xfe
	blockEmpty    = 0x40
)

// Costs of the bulk operations beyond their weight of 1: len>>6 for copies and fills,
// delta<<10 for grows (a 64 KiB page is 1024 blocks of 64 bytes).
const (
	bulkShift = 6
	growShift = 10
)

// charge says how an instruction is metered.
type charge uint8

const (
	plain   charge = iota
	perByte        // subtract len>>bulkShift, len being the last operand
	perPage        // subtract delta<<growShift, delta being the last operand
)

// instr is what metering needs to know about one decoded instruction.
type instr struct {
	ends   bool  // ends a straight-line segment
	loop   bool  // opens a loop (its body begins with a check)
	depth  int   // +1 for block, loop, if; -1 for end
	global int64 // the index a global.get/global.set uses; -1 for other instructions
	charge charge
}

var (
	errSIMDOp  = errors.New("SIMD (0xfd) is not supported")
	errAtomics = errors.New("atomics (0xfe) are not supported")
)

// decode reads one instruction and its immediates.
func decode(r *reader) (instr, error) {
	op := r.byte()
	in, err := skipImmediates(r, op)
	return in, err
}

// skipImmediates reads the immediates of op and classifies it.
func skipImmediates(r *reader, op byte) (instr, error) {
	in := instr{global: -1}
	switch {
	case op == opUnreachable || op == opReturn || op == opElse:
		in.ends = true
	case op == 0x01 || op == 0x1a || op == 0x1b: // nop, drop, select
	case op == opBlock || op == opLoop || op == opIf:
		blockType(r)
		in.depth = 1
		in.ends = op != opBlock
		in.loop = op == opLoop
	case op == opEnd:
		in.depth, in.ends = -1, true
	case op == opBr || op == opBrIf:
		r.u32()
		in.ends = true
	case op == opBrTable:
		n := r.u32()
		for i := uint32(0); i <= n && r.err == nil; i++ {
			r.u32()
		}
		in.ends = true
	case op == 0x10 || op == 0x12: // call, return_call is rejected below
		if op == 0x12 {
			return in, unknown(op)
		}
		r.u32()
	case op == 0x11: // call_indirect
		r.u32()
		r.u32()
	case op == 0x1c: // select t*
		n := r.u32()
		for i := uint32(0); i < n && r.err == nil; i++ {
			r.valtype()
		}
	case op >= opLocalGet && op <= 0x22:
		r.u32()
	case op == opGlobalGet || op == opGlobalSet:
		in.global = int64(r.u32())
	case op == 0x25 || op == 0x26: // table.get, table.set
		r.u32()
	case op >= 0x28 && op <= 0x3e: // loads and stores
		r.u32()
		r.u32()
	case op == 0x3f: // memory.size
		r.byte()
	case op == opMemoryGrow:
		r.byte()
		in.charge = perPage
	case op == 0x41:
		r.signed(32)
	case op == opI64Const:
		r.signed(64)
	case op == 0x43:
		r.bytes(4)
	case op == 0x44:
		r.bytes(8)
	case op >= 0x45 && op <= 0xc4: // numeric, including sign extension
	case op == 0xd0: // ref.null
		r.byte()
	case op == 0xd1: // ref.is_null
	case op == 0xd2: // ref.func
		r.u32()
	case op == opPrefixFC:
		return prefixed(r)
	case op == opPrefixSIMD:
		return in, errSIMDOp
	case op == opPrefixAtom:
		return in, errAtomics
	default:
		return in, unknown(op)
	}
	return in, nil
}

// prefixed reads a 0xfc instruction: saturating truncation, bulk memory and tables.
func prefixed(r *reader) (instr, error) {
	in := instr{global: -1}
	sub := r.u32()
	switch {
	case sub <= 7: // trunc_sat
	case sub == 8: // memory.init
		r.u32()
		r.byte()
		in.charge = perByte
	case sub == 9 || sub == 13: // data.drop, elem.drop
		r.u32()
	case sub == 10: // memory.copy
		r.byte()
		r.byte()
		in.charge = perByte
	case sub == 11: // memory.fill
		r.byte()
		in.charge = perByte
	case sub == 12 || sub == 14: // table.init, table.copy
		r.u32()
		r.u32()
		in.charge = perByte
	case sub == 15: // table.grow
		r.u32()
		in.charge = perByte
	case sub == 16: // table.size
		r.u32()
	case sub == 17: // table.fill
		r.u32()
		in.charge = perByte
	default:
		if r.err == nil {
			return in, fmt.Errorf("opcode 0xfc %d is unknown", sub)
		}
	}
	return in, nil
}

func unknown(op byte) error { return fmt.Errorf("opcode 0x%02x is unknown", op) }

// blockType skips a block type: empty, one value type, or a type index (s33).
func blockType(r *reader) {
	if r.pos < len(r.b) {
		switch r.b[r.pos] {
		case blockEmpty:
			r.pos++
			return
		case i32, i64, f32, f64, v128, funcref, externref:
			r.valtype()
			return
		}
	}
	r.signed(33)
}
