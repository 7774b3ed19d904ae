package model

// Mix's rows per order: order 0 (one row), order 1 (one row per previous byte, exact),
// orders 2 and 3 hashed. 8,153 rows of 514 bytes: 4,190,642 bytes of parameters, under
// 4 MiB.
const (
	mixRows0 = 1
	mixRows1 = 256
	mixRows2 = 4096
	mixRows3 = 3800
	MixRows  = mixRows0 + mixRows1 + mixRows2 + mixRows3
)

// mixTotal is the fixed-point total of Mix's blended distribution before the floor of 1.
const mixTotal = 1 << 23

// Mix is the better example architecture: it keeps counts for the contexts of orders 0
// to 3 in one table and blends them by Witten-Bell interpolation, highest order last:
// starting from the uniform distribution, each order whose row is the context's own and
// has seen n bytes, d of them distinct, gives p'(b) = (c(b) + e·d·p(b)) / (n + e·d)
// (e = mixEscape/16), so a young context leans on the orders below it and a busy one on
// itself. Integer arithmetic throughout (16-bit fractions, u64 products); each frequency
// is p(b)+1, the total below 2^23+256.
type Mix struct {
	t   table
	h   history
	p   [256]uint64
	out [256]uint32
}

// mixEscape is the weight (in sixteenths) of an order's escape: d·mixEscape/16.
const mixEscape = 16

// NewMix returns a Mix with a zero parameter region (the host overwrites it).
func NewMix() *Mix { return &Mix{t: newTable(MixRows)} }

// Params is the parameter region, as u16 (little-endian in WebAssembly memory).
func (m *Mix) Params() []uint16 { return m.t.p }

// Orders is 4: orders 0, 1, 2 and 3.
func (m *Mix) Orders() int { return 4 }

// Row is the row of the current context of order k (0..3; others read as 3).
func (m *Mix) Row(k int) int {
	switch k {
	case 0:
		return 0
	case 1:
		return mixRows0 + int(m.h.last&0xFF)
	case 2:
		return mixRows0 + mixRows1 + int(hash(m.h.last&0xFFFF, 2)>>(32-12))
	default:
		return mixRows0 + mixRows1 + mixRows2 + int(uint64(hash(m.h.last&0xFFFFFF, 3))*mixRows3>>32)
	}
}

// Tag is the tag of the current context of order k: the context's bytes for orders 1 and
// 2, 16 bits of another hash for order 3, and 0 for order 0.
func (m *Mix) Tag(k int) int {
	switch k {
	case 0:
		return 0
	case 1:
		return int(m.h.last & 0xFF)
	case 2:
		return int(m.h.last & 0xFFFF)
	default:
		return int(hash(m.h.last&0xFFFFFF, 33) >> 16)
	}
}

// Predict returns the frequencies of the next byte (valid until the next call).
func (m *Mix) Predict() *[256]uint32 {
	m.h.predicted()
	for i := range m.p {
		m.p[i] = mixTotal / 256
	}
	for k := 0; k < 4; k++ {
		r := m.Row(k)
		if m.t.tag(r) != m.Tag(k) {
			continue
		}
		row := m.t.row(r)
		var n, d uint64
		for _, c := range row {
			c := uint64(min(c, MaxCount))
			n += c
			if c != 0 {
				d++
			}
		}
		if n == 0 {
			continue
		}
		e := d * mixEscape
		den := 16*n + e
		a := (16 * mixTotal << 16) / den
		w := (e << 16) / den
		for i, c := range row {
			m.p[i] = (uint64(min(c, MaxCount))*a + m.p[i]*w) >> 16
		}
	}
	for i, v := range m.p {
		m.out[i] = uint32(v) + 1
	}
	return &m.out
}

// Observe moves the context past b (the host's call; see the package doc).
func (m *Mix) Observe(b int) { m.h.push(b) }

// Get, Put, GetTag and PutTag read and write the parameter region (indices wrap
// into range, so a training program cannot make them trap).
func (m *Mix) Get(row, b int) int { return m.t.get(wrap(row, MixRows), b) }
func (m *Mix) Put(row, b, v int)  { m.t.put(wrap(row, MixRows), b, v) }
func (m *Mix) GetTag(row int) int { return m.t.tag(wrap(row, MixRows)) }
func (m *Mix) PutTag(row, v int)  { m.t.setTag(wrap(row, MixRows), v) }
func (m *Mix) Advance(b int)      { m.h.push(b) }
