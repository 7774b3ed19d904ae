package model

// Mix's rows per order: order 1 (one row per previous byte, exact), orders 2 and 3
// hashed (order 3 gets most: its contexts are many; measured, 2,048/5,760 beat
// 4,096/3,712 and 1,024/6,784). 8,064 rows of 520 bytes: 4,193,280 bytes of parameters,
// under 4 MiB.
const (
	mixRows1 = 256
	mixRows2 = 2048
	mixRows3 = 5760
	MixRows  = mixRows1 + mixRows2 + mixRows3
)

// mixTotal is the fixed-point total of Mix's blended distribution before the floor of 1.
const mixTotal = 1 << 23

// mixEscape is the weight (in sixteenths) of an order's escape: e = d·mixEscape/16.
const mixEscape = 24

// Mix is the better example architecture: it keeps counts for the contexts of orders 1
// to 3 in one table and blends them by Witten-Bell interpolation, highest order last:
// starting from the uniform distribution, each order whose row is the context's own and
// has seen n bytes, d of them distinct, gives p'(b) = (c(b) + e·p(b)) / (n + e) with
// e = d·mixEscape/16, so a young context leans on the orders below it and a busy one on
// itself. Integer arithmetic throughout (16-bit fractions, u64 products); each frequency
// is p(b)+1, the total at most 2^23+256. A row whose header is implausible (d = 0, d >
// 256, n < d) is skipped, and should the total still pass 2^24−512 (only a row the random
// init left with a matching tag and noise for a header can do that) the prediction is
// uniform.
type Mix struct {
	base
	zero [256]uint16
	out  [256]uint32
}

// NewMix returns a Mix with a zero parameter region (the host overwrites it).
func NewMix() *Mix { return &Mix{base: newBase(MixRows, 3, mixCtx)} }

func mixCtx(last uint32, rows, tags *[4]int) {
	x1, x2, x3 := last&0xFF, last&0xFFFF, last&0xFFFFFF
	rows[0], tags[0] = int(x1), int(x1)
	rows[1], tags[1] = mixRows1+int(hash(x2, 2)>>(32-11)), int(x2)
	rows[2], tags[2] = mixRows1+mixRows2+int(uint64(hash(x3, 3))*mixRows3>>32), int(hash(x3, 33)>>16)
}

// Predict returns the frequencies of the next byte (valid until the next call). It is
// one pass over the 256 bytes reading the three rows side by side; an order that does not
// count (its row is another context's, or its header implausible) reads the zero row with
// weights a = 0, w = 1 (identity).
func (m *Mix) Predict() *[256]uint32 {
	m.predicted()
	var rows [3]*[256]uint16
	var a, w [3]uint64
	for k := 0; k < 3; k++ {
		rows[k], a[k], w[k] = &m.zero, 0, 1<<16
		r := m.rows[k]
		if m.t.tag(r) != m.tags[k] {
			continue
		}
		n, d := m.t.nd(r)
		if d == 0 || d > 256 || n < d {
			continue
		}
		e := uint64(d) * mixEscape
		den := 16*uint64(n) + e
		rows[k], a[k], w[k] = m.t.row(r), (16*mixTotal<<16)/den, (e<<16)/den
	}
	r1, r2, r3, out := rows[0], rows[1], rows[2], &m.out
	a1, a2, a3, w2, w3 := a[0], a[1], a[2], w[1], w[2]
	u := (mixTotal / 256 * w[0]) >> 16 // the uniform through order 1's escape
	var total uint64
	for i := 0; i < 256; i += 4 { // unrolled by hand: Go does not, and every loop trip costs
		c1, c2, c3 := (*[4]uint16)(r1[i:i+4]), (*[4]uint16)(r2[i:i+4]), (*[4]uint16)(r3[i:i+4])
		o := (*[4]uint32)(out[i : i+4])
		q0 := (uint64(c1[0])&MaxCount*a1)>>16 + u
		q0 = (uint64(c2[0])&MaxCount*a2 + q0*w2) >> 16
		q0 = (uint64(c3[0])&MaxCount*a3 + q0*w3) >> 16
		q1 := (uint64(c1[1])&MaxCount*a1)>>16 + u
		q1 = (uint64(c2[1])&MaxCount*a2 + q1*w2) >> 16
		q1 = (uint64(c3[1])&MaxCount*a3 + q1*w3) >> 16
		q2 := (uint64(c1[2])&MaxCount*a1)>>16 + u
		q2 = (uint64(c2[2])&MaxCount*a2 + q2*w2) >> 16
		q2 = (uint64(c3[2])&MaxCount*a3 + q2*w3) >> 16
		q3 := (uint64(c1[3])&MaxCount*a1)>>16 + u
		q3 = (uint64(c2[3])&MaxCount*a2 + q3*w2) >> 16
		q3 = (uint64(c3[3])&MaxCount*a3 + q3*w3) >> 16
		total += q0 + q1 + q2 + q3
		o[0], o[1], o[2], o[3] = uint32(q0)+1, uint32(q1)+1, uint32(q2)+1, uint32(q3)+1
	}
	if total > 1<<24-512 {
		for i := range out {
			out[i] = 1
		}
	}
	return out
}
