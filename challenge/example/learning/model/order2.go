package model

// Order2Rows is the number of rows of Order2's table: the 65,536 order-2 contexts hash
// into 4,096 rows, the tag (the two bytes themselves) telling them apart.
const Order2Rows = 4096

// order2Scale is the weight of one count against the floor of 1 every byte gets: a byte
// seen c times in the context has frequency order2Scale·c + 1. (Measured on English text:
// 16 gives 3.53 bpb, 64 3.38, 128 3.36, 256 3.38.)
const order2Scale = 128

// order2Max is the largest count Order2 reads: a count is read as its low 9 bits, so
// whatever the region holds the total is at most 256·(128·511+1) < 2^24; its training
// (Order2Limit) halves a row before a count passes it.
const order2Max = 0x1FF

// Order2 is the order-2 context-counting architecture: the next byte's frequencies are
// the counts seen after the last two bytes (hashed into Order2Rows rows of 256 u16
// counts and a 4-u16 header: 2,129,920 bytes of parameters), each read as its low 9 bits,
// scaled by 128, plus 1; a row that is not the context's own (tag mismatch, e.g. the
// fresh random init) predicts uniformly.
type Order2 struct {
	base
	out, ones [256]uint32
}

// NewOrder2 returns an Order2 with a zero parameter region (the host overwrites it).
func NewOrder2() *Order2 {
	m := &Order2{base: newBase(Order2Rows, 1, order2Ctx)}
	for i := range m.ones {
		m.ones[i] = 1
	}
	return m
}

func order2Ctx(last uint32, rows, tags *[4]int) {
	x := last & 0xFFFF
	rows[0] = int(hash(x, 2) >> (32 - 12))
	tags[0] = int(x)
}

// Predict returns the frequencies of the next byte (valid until the next call).
func (m *Order2) Predict() *[256]uint32 {
	m.predicted()
	r := m.rows[0]
	if m.t.tag(r) != m.tags[0] {
		return &m.ones
	}
	row, out := m.t.row(r), &m.out
	for i := 0; i < 256; i += 8 {
		c, o := (*[8]uint16)(row[i:i+8]), (*[8]uint32)(out[i:i+8])
		o[0] = order2Scale*uint32(c[0]&order2Max) + 1
		o[1] = order2Scale*uint32(c[1]&order2Max) + 1
		o[2] = order2Scale*uint32(c[2]&order2Max) + 1
		o[3] = order2Scale*uint32(c[3]&order2Max) + 1
		o[4] = order2Scale*uint32(c[4]&order2Max) + 1
		o[5] = order2Scale*uint32(c[5]&order2Max) + 1
		o[6] = order2Scale*uint32(c[6]&order2Max) + 1
		o[7] = order2Scale*uint32(c[7]&order2Max) + 1
	}
	return out
}
