package model

// Order2Rows is the number of rows of Order2's table: the 65,536 order-2 contexts hash
// into 4,096 rows, the tag (the two bytes themselves) telling them apart.
const Order2Rows = 4096

// order2Scale is the weight of one count against the floor of 1 every byte gets: a byte
// seen c times in the context has frequency order2Scale·c + 1.
const order2Scale = 16

// Order2 is the order-2 context-counting architecture: the next byte's frequencies are
// the counts seen after the last two bytes (hashed into Order2Rows rows of 256 u16
// counts; 2,105,344 bytes of parameters), each scaled by 16, plus 1; a row that is not
// the context's own (tag mismatch, e.g. fresh random init) predicts uniformly.
type Order2 struct {
	t   table
	h   history
	out [256]uint32
}

// NewOrder2 returns an Order2 with a zero parameter region (the host overwrites it).
func NewOrder2() *Order2 { return &Order2{t: newTable(Order2Rows)} }

// Params is the parameter region, as u16 (little-endian in WebAssembly memory).
func (m *Order2) Params() []uint16 { return m.t.p }

func (m *Order2) ctx() uint32 { return m.h.last & 0xFFFF }

// Predict returns the frequencies of the next byte (valid until the next call).
func (m *Order2) Predict() *[256]uint32 {
	m.h.predicted()
	x := m.ctx()
	r := int(hash(x, 2) >> (32 - 12))
	if m.t.tag(r) != int(x) {
		for i := range m.out {
			m.out[i] = 1
		}
		return &m.out
	}
	row := m.t.row(r)
	for i, c := range row {
		m.out[i] = order2Scale*uint32(min(c, MaxCount)) + 1
	}
	return &m.out
}

// Observe moves the context past b (the host's call; see the package doc).
func (m *Order2) Observe(b int) { m.h.push(b) }

// Orders is 1: Order2 keeps one context per byte.
func (m *Order2) Orders() int { return 1 }

// Row is the row of the current order-2 context (k is ignored).
func (m *Order2) Row(int) int { return int(hash(m.ctx(), 2) >> (32 - 12)) }

// Tag is the current order-2 context itself (the last two bytes).
func (m *Order2) Tag(int) int { return int(m.ctx()) }

// Get, Put, GetTag and PutTag read and write the parameter region (indices wrap
// into range, so a training program cannot make them trap).
func (m *Order2) Get(row, b int) int { return m.t.get(wrap(row, Order2Rows), b) }
func (m *Order2) Put(row, b, v int)  { m.t.put(wrap(row, Order2Rows), b, v) }
func (m *Order2) GetTag(row int) int { return m.t.tag(wrap(row, Order2Rows)) }
func (m *Order2) PutTag(row, v int)  { m.t.setTag(wrap(row, Order2Rows), v) }
func (m *Order2) Advance(b int)      { m.h.push(b) }

func wrap(i, n int) int {
	if uint(i) < uint(n) {
		return i
	}
	return int(uint(i) % uint(n))
}
