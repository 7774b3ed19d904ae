package gas

import "fmt"

const (
	secData    = 11
	opI32Const = 0x41
)

// Segment is one data segment of a module: Active ones are copied into memory Memory at
// Offset when the module is instantiated; passive ones (memory.init) have no offset. When
// an active segment's offset is not a constant (a global.get of an imported global),
// Constant is false and Offset is 0.
type Segment struct {
	Active   bool
	Constant bool
	Memory   uint32
	Offset   uint32
	Len      uint32
}

// DataSegments lists the data segments of module in order. It reads the module as Inject
// does and fails as Inject would on a module it refuses for reasons outside the code
// section, or on a malformed data section.
func DataSegments(module []byte) ([]Segment, error) {
	m, err := parse(module)
	if err != nil {
		return nil, err
	}
	var segs []Segment
	for _, s := range m.sections {
		if s.id != secData {
			continue
		}
		r := &reader{b: s.body}
		n := r.u32()
		for i := uint32(0); i < n && r.err == nil; i++ {
			var seg Segment
			switch flags := r.u32(); flags {
			case 0, 2:
				seg.Active = true
				if flags == 2 {
					seg.Memory = r.u32()
				}
				seg.Offset, seg.Constant = offsetExpr(r)
			case 1:
			default:
				if r.err == nil {
					return nil, malformed("data segment %d has unknown flags %d", i, flags)
				}
			}
			seg.Len = uint32(len(r.bytes(r.u32())))
			segs = append(segs, seg)
		}
		if r.err != nil {
			return nil, malformed("section %d: %v", secData, r.err)
		}
		if r.pos != len(s.body) {
			return nil, malformed("section %d has trailing bytes", secData)
		}
	}
	return segs, nil
}

// offsetExpr reads an active segment's offset expression: i32.const n end is the constant
// n (as unsigned); anything else is skipped and not constant.
func offsetExpr(r *reader) (uint32, bool) {
	start := r.pos
	if r.byte() == opI32Const {
		v := r.signed(32)
		if r.byte() == opEnd {
			return uint32(v), true
		}
	}
	r.pos = start
	if err := skipConstExpr(r); err != nil {
		r.fail(err)
	}
	return 0, false
}

// Outside returns how many bytes of segs may land outside [off, off+n) of memory 0: all
// bytes of passive segments, of segments with a non-constant offset and of segments of
// another memory, and the bytes of the others that fall outside the range.
func Outside(segs []Segment, off, n uint32) int64 {
	lo, hi := uint64(off), uint64(off)+uint64(n)
	var out int64
	for _, s := range segs {
		if !s.Active || !s.Constant || s.Memory != 0 {
			out += int64(s.Len)
			continue
		}
		a, b := uint64(s.Offset), uint64(s.Offset)+uint64(s.Len)
		inside := max(0, int64(min(b, hi))-int64(max(a, lo)))
		out += int64(s.Len) - inside
	}
	return out
}

// DataOutside returns the bytes of module's data segments that may land outside
// [off, off+n) of its memory (see Outside).
func DataOutside(module []byte, off, n uint32) (int64, error) {
	segs, err := DataSegments(module)
	if err != nil {
		return 0, fmt.Errorf("data segments: %w", err)
	}
	return Outside(segs, off, n), nil
}
