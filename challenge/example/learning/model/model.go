// Package model is the pure logic of Arena's example learning submissions (issue 14):
// two architectures, Order2 and Mix, and their training rules, LearnCounts and LearnMix.
// The WebAssembly modules under challenge/example/learning/{order2,mix}/{arch,train} are
// thin wasip1 reactors over this package; everything here runs and is tested natively.
//
// # The parameter region
//
// Both architectures keep all they learn in one parameter region of little-endian u16:
// rows of 256 counts (one per next byte) followed by a 4-u16 header per row (its tag, its
// total n and its number d of non-zero counts, kept by put, clear and halve so a
// prediction is one pass). A context is hashed to a row; the row's tag records which
// context owns it. The host fills the whole region with random bytes before the first
// byte (the forced fresh init), so a row counts only when its tag matches the context
// that asks: a random tag matches with probability 2^-16, so the random init is inert but
// for a handful of rows whose noise (each count read as its low bits only, an implausible
// header skipped, a total out of bounds replaced by uniform) the training halves away. A
// prediction from a row whose tag does not match ignores it (Order2: uniform; Mix: the
// lower orders); the training program claims such a row by zeroing it and writing its
// tag, so a hash collision replaces the older context (direct-mapped, no eviction policy).
//
// # The ABI shared by both architectures
//
// Besides params, params_len and predict (the brief's), both architectures export the
// same small set of functions that a training program drives (Model is their Go face):
// orders, row(k), tag(k), get(row, b), put(row, b, v), get_tag(row), clear(row, tag),
// halve(row), advance(b). So either training program runs on either architecture. clear
// and halve are whole-row operations: 256 calls across the modules for each would cost
// far more gas than the byte's own work.
//
// # Context: observe and advance
//
// predict takes no argument, so the architecture learns which byte came only when it is
// told. It exports observe(b) (for a host that tells every architecture the coded byte,
// also when it codes without learning, as the held-out measurement does) and advance(b)
// (which the training program calls from learn). Whichever arrives first after a predict
// moves the context; the other is a no-op. row and tag report the contexts the last
// prediction was made in, so learn updates the counts that predicted the byte whether the
// host calls observe before learn, after it, or not at all. A host that never calls
// observe still gets a working run (the training program's advance moves the context),
// but coding without learning (the held-out measurement) then keeps the context frozen at
// the last trained byte: the held-out figures assume a host that calls observe.
//
// # Frequencies
//
// Every frequency is at least 1, so the coder's escape is never used by these examples,
// and the total stays below 2^24 whatever the region holds (Order2 by construction, Mix by
// its guard).
//
// # Cost
//
// Go's wasm code pays for every loop trip (each jumps back through the function's
// dispatch), so the 256-byte loops are unrolled by hand; predict and learn allocate
// nothing. Under the sandbox's gas meter a byte costs order2 about 7,000 gas and mix about
// 24,000.
package model

// MaxCount is the largest count: a prediction reads each stored count as its low 12
// bits, so whatever the region holds (the random init), a count weighs at most MaxCount.
// The training rules halve a row before any count passes it.
const MaxCount = 0xFFF

// Model is what a training program sees of an architecture: its exports, as Go methods.
// Rows and tags are indices and values in the architecture's parameter region; indices
// out of range wrap, so no call traps.
type Model interface {
	// Orders is the number of contexts the architecture keeps for each byte.
	Orders() int
	// Row is the row of the context of order index k (0 ≤ k < Orders()) that the last
	// prediction was made in.
	Row(k int) int
	// Tag is the tag a row owned by that context carries.
	Tag(k int) int
	// Get is the count of byte b in row (its low 12 bits).
	Get(row, b int) int
	// Put stores count v (clamped to 0..65535) of byte b in row.
	Put(row, b, v int)
	// GetTag is the tag stored in row.
	GetTag(row int) int
	// Clear zeroes row and gives it tag: the current context claims it.
	Clear(row, tag int)
	// Halve halves every count of row.
	Halve(row int)
	// Advance moves the context past byte b (a no-op when observe already did).
	Advance(b int)
}

// header is the number of u16 a row's header holds: its tag, its total n (two u16, low
// first) and its number d of non-zero counts.
const header = 4

// table is a parameter region: rows×256 counts, then rows headers (tag, n lo, n hi, d).
// Put, Clear and Halve keep n and d in step with the counts, so a prediction needs no
// pass to count them. (In a row the random init left with a matching tag, n and d are
// noise; predictions guard their total, see Mix.Predict.)
type table struct {
	p    []uint16
	rows int
}

func newTable(rows int) table { return table{p: make([]uint16, rows*(256+header)), rows: rows} }

func (t table) row(r int) *[256]uint16     { return (*[256]uint16)(t.p[r*256:]) }
func (t table) head(r int) *[header]uint16 { return (*[header]uint16)(t.p[t.rows*256+r*header:]) }
func (t table) tag(r int) int              { return int(t.head(r)[0]) }
func (t table) get(r, b int) int           { return int(t.p[r*256+b&255] & MaxCount) }

// nd is the row's total and number of distinct bytes, as its header says.
func (t table) nd(r int) (n, d uint32) {
	h := t.head(r)
	return uint32(h[1]) | uint32(h[2])<<16, uint32(h[3])
}

func (t table) setND(r int, n, d uint32) {
	h := t.head(r)
	h[1], h[2], h[3] = uint16(n), uint16(n>>16), uint16(d)
}

// put stores count v of byte b in row r, keeping n and d in step.
func (t table) put(r, b, v int) {
	v = min(max(v, 0), 0xFFFF)
	i := r*256 + b&255
	old := uint32(t.p[i])
	t.p[i] = uint16(v)
	n, d := t.nd(r)
	n += uint32(v) - old
	if old == 0 && v != 0 {
		d++
	} else if old != 0 && v == 0 {
		d--
	}
	t.setND(r, n, d)
}

// clear zeroes row r and gives it tag.
func (t table) clear(r, tag int) {
	clear(t.row(r)[:])
	h := t.head(r)
	h[0], h[1], h[2], h[3] = uint16(tag), 0, 0, 0
}

// halve halves every count of row r (each read as at most MaxCount) and recounts n and d.
func (t table) halve(r int) {
	row := t.row(r)
	var n, d uint32
	for i := range row {
		c := row[i] & MaxCount >> 1
		row[i] = c
		n += uint32(c)
		if c != 0 {
			d++
		}
	}
	t.setND(r, n, d)
}

// base is what both architectures share: the table, the context, the rows and tags of the
// current contexts (computed once per byte, by ctx), and those of the contexts the last
// prediction was made in, which are what Row and Tag report: the training program updates
// the counts that predicted the byte, whether or not observe has already moved the context.
type base struct {
	t          table
	h          history
	orders     int
	rows, tags [4]int // the current contexts'
	prow, ptag [4]int // the last prediction's
	ctx        func(last uint32, rows, tags *[4]int)
}

func newBase(rows, orders int, ctx func(uint32, *[4]int, *[4]int)) base {
	b := base{t: newTable(rows), orders: orders, ctx: ctx}
	ctx(0, &b.rows, &b.tags)
	b.prow, b.ptag = b.rows, b.tags
	return b
}

// predicted notes a prediction in the current contexts.
func (m *base) predicted() {
	m.h.pending = true
	m.prow, m.ptag = m.rows, m.tags
}

// Params is the parameter region, as u16 (little-endian in WebAssembly memory).
func (m *base) Params() []uint16 { return m.t.p }

// Observe moves the context past b (the host's call; see the package doc).
func (m *base) Observe(b int) { m.push(b) }

// Advance moves the context past b (the training program's call).
func (m *base) Advance(b int) { m.push(b) }

func (m *base) push(b int) {
	if m.h.push(b) {
		m.ctx(m.h.last, &m.rows, &m.tags)
	}
}

// Orders is the number of contexts kept per byte.
func (m *base) Orders() int { return m.orders }

// Row is the row of the context of order index k (k wraps) that the last prediction was
// made in.
func (m *base) Row(k int) int { return m.prow[wrap(k, m.orders)] }

// Tag is the tag of the context of order index k (k wraps) that the last prediction was
// made in.
func (m *base) Tag(k int) int { return m.ptag[wrap(k, m.orders)] }

// Get, Put, GetTag, Clear and Halve read and write the parameter region (rows wrap).
func (m *base) Get(row, b int) int { return m.t.get(wrap(row, m.t.rows), b) }
func (m *base) Put(row, b, v int)  { m.t.put(wrap(row, m.t.rows), b, v) }
func (m *base) GetTag(row int) int { return m.t.tag(wrap(row, m.t.rows)) }
func (m *base) Clear(row, tag int) { m.t.clear(wrap(row, m.t.rows), tag) }
func (m *base) Halve(row int)      { m.t.halve(wrap(row, m.t.rows)) }

func wrap(i, n int) int {
	if uint(i) < uint(n) {
		return i
	}
	return int(uint(i) % uint(n))
}

// history is the context: the last bytes, and whether the byte of the last prediction has
// been pushed yet.
type history struct {
	last    uint32 // the last four bytes, most recent lowest
	pending bool   // a prediction was made and its byte is not pushed yet
}

// push moves the context past b if the byte of the last prediction is not pushed yet, and
// says whether it did; otherwise it does nothing (observe and advance both push; the
// first one wins).
func (h *history) push(b int) bool {
	if !h.pending {
		return false
	}
	h.last = h.last<<8 | uint32(b&255)
	h.pending = false
	return true
}

// hash mixes a context into 32 bits (multiplicative, odd constants).
func hash(x, salt uint32) uint32 {
	x = (x + salt) * 0x9E3779B1
	x ^= x >> 15
	x *= 0x85EBCA6B
	x ^= x >> 13
	return x
}
