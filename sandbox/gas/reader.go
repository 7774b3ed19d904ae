package gas

import (
	"errors"
	"fmt"
)

// reader decodes the primitive encodings of the binary format from one byte slice.
// Its methods record the first failure in err and return zero values after it.
type reader struct {
	b   []byte
	pos int
	err error
}

var errTruncated = errors.New("unexpected end")

func (r *reader) fail(err error) {
	if r.err == nil {
		r.err = err
	}
}

func (r *reader) done() bool { return r.err != nil || r.pos >= len(r.b) }

func (r *reader) byte() byte {
	if r.err != nil {
		return 0
	}
	if r.pos >= len(r.b) {
		r.fail(errTruncated)
		return 0
	}
	c := r.b[r.pos]
	r.pos++
	return c
}

func (r *reader) bytes(n uint32) []byte {
	if r.err != nil {
		return nil
	}
	if uint64(n) > uint64(len(r.b)-r.pos) {
		r.fail(errTruncated)
		return nil
	}
	s := r.b[r.pos : r.pos+int(n)]
	r.pos += int(n)
	return s
}

// u32 reads an unsigned LEB128 of at most 32 bits.
func (r *reader) u32() uint32 {
	var v uint64
	for shift := uint(0); ; shift += 7 {
		c := r.byte()
		if r.err != nil {
			return 0
		}
		if shift == 28 && c&0x70 != 0 || shift > 28 {
			r.fail(errors.New("integer too large"))
			return 0
		}
		v |= uint64(c&0x7f) << shift
		if c&0x80 == 0 {
			return uint32(v)
		}
	}
}

// signed skips a signed LEB128 of at most bits bits and returns its value.
func (r *reader) signed(bits uint) int64 {
	var v int64
	var shift uint
	maxBytes := (bits + 6) / 7
	for i := uint(0); ; i++ {
		c := r.byte()
		if r.err != nil {
			return 0
		}
		if i >= maxBytes {
			r.fail(errors.New("integer too large"))
			return 0
		}
		v |= int64(c&0x7f) << shift
		shift += 7
		if c&0x80 == 0 {
			if shift < 64 && c&0x40 != 0 {
				v |= -1 << shift
			}
			return v
		}
	}
}

func (r *reader) name() string { return string(r.bytes(r.u32())) }

func (r *reader) valtype() byte {
	t := r.byte()
	switch t {
	case i32, i64, f32, f64, funcref, externref:
	case v128:
		r.fail(errSIMD)
	default:
		r.fail(fmt.Errorf("unknown value type 0x%02x", t))
	}
	return t
}

func (r *reader) limits() {
	switch r.byte() {
	case 0:
		r.u32()
	case 1:
		r.u32()
		r.u32()
	default:
		r.fail(errors.New("unsupported limits (shared or 64-bit memory)"))
	}
}

// Value types.
const (
	i32       = 0x7f
	i64       = 0x7e
	f32       = 0x7d
	f64       = 0x7c
	v128      = 0x7b
	funcref   = 0x70
	externref = 0x6f
)

var errSIMD = errors.New("SIMD (v128) is not supported")

// appendU32 and appendS64 write LEB128 numbers.
func appendU32(b []byte, v uint32) []byte {
	for v >= 0x80 {
		b = append(b, byte(v)|0x80)
		v >>= 7
	}
	return append(b, byte(v))
}

func appendS64(b []byte, v int64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if v == 0 && c&0x40 == 0 || v == -1 && c&0x40 != 0 {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}
