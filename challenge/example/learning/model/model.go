// Package model is the pure logic of Arena's example learning submissions (issue 14):
// two architectures, Order2 and Mix, and their training rules, LearnCounts and LearnMix.
// The WebAssembly modules under challenge/example/learning/{order2,mix}/{arch,train} are
// thin wasip1 reactors over this package; everything here runs and is tested natively.
//
// # The parameter region
//
// Both architectures keep all they learn in one parameter region of little-endian u16:
// rows of 256 counts (one per next byte) followed by one tag per row. A context is
// hashed to a row; the row's tag records which context owns it. The host fills the
// whole region with random bytes before the first byte (the forced fresh init), so a
// row counts only when its tag matches the context that asks: a random tag matches with
// probability 2^-16, so the random init is inert but for a handful of rows whose noise
// (each count clamped to MaxCount when read) the training quickly halves away. A
// prediction from a row whose tag does not match ignores it (Order2: uniform; Mix: the
// lower orders); the training program claims such a row by zeroing it and writing its
// tag, so a hash collision replaces the older context (direct-mapped, no eviction policy).
//
// # The ABI shared by both architectures
//
// Besides params, params_len and predict (the brief's), both architectures export the
// same small set of functions that a training program drives (Model is their Go face):
// orders, row(k), tag(k), get(row, b), put(row, b, v), get_tag(row), put_tag(row, v),
// advance(b). So either training program runs on either architecture.
//
// # Context: observe and advance
//
// predict takes no argument, so the architecture learns which byte came only when it is
// told. It exports observe(b) (for a host that tells every architecture the coded byte,
// also when it codes without learning, as the held-out measurement does) and advance(b)
// (which the training program calls from learn). Whichever arrives first after a predict
// moves the context; the other is a no-op. A host that never calls observe still gets a
// working run (the training program's advance moves the context), but then coding without
// learning keeps the context frozen: that is a protocol question for the runtime (see the
// package's report).
//
// # Frequencies
//
// Every frequency is at least 1, so the coder's escape is never used by these examples,
// and the total stays below 2^24 by construction (counts are clamped to MaxCount when
// read, whatever the region holds).
package model

// MaxCount is the largest count a prediction reads; larger stored values (only the random
// init can produce them) are read as MaxCount. The training rules halve a row before any
// count passes it.
const MaxCount = 4095

// Model is what a training program sees of an architecture: its exports, as Go methods.
// Rows and tags are indices and values in the architecture's parameter region.
type Model interface {
	// Orders is the number of contexts the architecture keeps for each byte.
	Orders() int
	// Row is the row of the current context of order index k (0 ≤ k < Orders()).
	Row(k int) int
	// Tag is the tag a row owned by the current context of order index k carries.
	Tag(k int) int
	// Get is the stored count of byte b in row.
	Get(row, b int) int
	// Put stores count v (0 ≤ v ≤ 65535) of byte b in row.
	Put(row, b, v int)
	// GetTag is the tag stored in row.
	GetTag(row int) int
	// PutTag stores tag v in row.
	PutTag(row, v int)
	// Advance moves the context past byte b (a no-op when observe already did).
	Advance(b int)
}

// table is a parameter region: rows×256 counts, then rows tags.
type table struct {
	p    []uint16
	rows int
}

func newTable(rows int) table { return table{p: make([]uint16, rows*257), rows: rows} }

func (t table) row(r int) []uint16 { return t.p[r*256 : r*256+256 : r*256+256] }
func (t table) tag(r int) int      { return int(t.p[t.rows*256+r]) }
func (t table) get(r, b int) int   { return int(t.p[r*256+b&255]) }
func (t table) put(r, b, v int)    { t.p[r*256+b&255] = uint16(v) }
func (t table) setTag(r, v int)    { t.p[t.rows*256+r] = uint16(v) }

// history is the context: the last bytes, and whether the byte of the last prediction has
// been pushed yet.
type history struct {
	last    uint32 // the last three bytes, most recent lowest
	pending bool   // a prediction was made and its byte is not pushed yet
}

func (h *history) predicted() { h.pending = true }

// push moves the context past b if the byte of the last prediction is not pushed yet;
// otherwise it does nothing (observe and advance both push; the first one wins).
func (h *history) push(b int) {
	if !h.pending {
		return
	}
	h.last = h.last<<8 | uint32(b&255)
	h.pending = false
}

// hash mixes a context into 32 bits (multiplicative, odd constants).
func hash(x, salt uint32) uint32 {
	x = (x + salt) * 0x9E3779B1
	x ^= x >> 15
	x *= 0x85EBCA6B
	x ^= x >> 13
	return x
}
