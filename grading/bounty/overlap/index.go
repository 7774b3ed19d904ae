package overlap

import (
	"math/bits"
	"slices"
	"sync"

	"github.com/arena/arena/ledger"
)

// minCommon is the fewest holders a token has before the index keeps them as a bitset
// over the entries instead of a list. A token also needs a 64th of the entries, so that
// its bitset is at most twice as large as the list it replaces. Counting from a bitset,
// 64 entries at a time, costs far less than from a list once a token is that common.
var minCommon = 64

// Index holds earlier entries in filing order: for every token the entries that hold it,
// as a list while the token is rare and as a bitset once it is common, and for every
// entry its own set of tokens. Measure searches it as the package documentation
// describes. Measure may be called concurrently; Add may not be called concurrently
// with anything.
type Index struct {
	vocab   lexicon
	tokens  []token    // by token id
	common  []common   // by token.common-1
	sets    [][]uint32 // sets[pos]: the distinct token ids of the entry at pos, in order of appearance
	chunk   []uint32   // where the next sets are kept, so that sets never move once written
	total   int        // the sum of the sets' lengths
	ids     []ledger.EntryID
	run     []uint32  // Add's scratch: the token ids of the text
	scratch sync.Pool // *search, reused by Measure
}

// token is what the index knows of one token, in 40 bytes.
type token struct {
	holders []uint32 // while it is rare, the positions of the entries holding it, ascending
	// Once it is common, word holds the bits of the last, unfinished word of its bitset
	// (the entries from 64*((Len()-1)/64) on): most entries set a bit there, and this
	// keeps Add within the token's own 40 bytes.
	word   uint64
	last   uint32 // 1 + the position of the latest entry holding it, for Add
	common uint32 // once it is common, 1 + the index of its bitset in Index.common; else 0
}

// common is a common token's holders as a bitset by position, every finished word of
// it (those before the last entry's, so every common token's is as long), and how many
// holders those words hold.
type common struct {
	tok  uint32
	bits []uint64
	held int
}

// NewIndex returns an empty index.
func NewIndex() *Index {
	x := &Index{vocab: newLexicon()}
	x.tokens = make([]token, x.vocab.size())
	return x
}

// Add appends entry id with text as the latest entry in filing order.
func (x *Index) Add(id ledger.EntryID, text string) {
	pos := uint32(len(x.ids))
	x.ids = append(x.ids, id)
	limit := max(minCommon, len(x.ids)/64)
	start := len(x.chunk)
	if pos%64 == 0 && pos > 0 {
		x.finishWord()
	}
	x.run = x.vocab.number(text, x.run[:0])
	for len(x.tokens) < x.vocab.size() {
		x.tokens = append(x.tokens, token{})
	}
	for _, tok := range x.run {
		t := &x.tokens[tok]
		if isStopword(tok) || t.last == pos+1 {
			continue
		}
		t.last = pos + 1
		x.chunk = append(x.chunk, tok)
		if t.common != 0 {
			t.word |= 1 << (pos % 64)
			continue
		}
		t.holders = append(t.holders, pos)
		if len(t.holders) >= limit {
			x.makeCommon(tok, pos)
		}
	}
	x.keepSet(start)
}

// chunkLen is how many token ids a chunk of sets holds, at least.
const chunkLen = 1 << 16

// keepSet records chunk[start:] as the latest entry's set, and starts a new chunk when
// this one is full. Appending to the chunk never moves a set already recorded: a new
// chunk is allocated only when the old one is full, and the old one is left as it is.
func (x *Index) keepSet(start int) {
	x.sets = append(x.sets, x.chunk[start:len(x.chunk):len(x.chunk)])
	x.total += len(x.chunk) - start
	if cap(x.chunk)-len(x.chunk) < chunkLen/4 {
		x.chunk = make([]uint32, 0, chunkLen)
	}
}

// finishWord moves every common token's word into its bitset, when a new word begins.
func (x *Index) finishWord() {
	for i := range x.common {
		c := &x.common[i]
		t := &x.tokens[c.tok]
		if len(c.bits) == cap(c.bits) {
			c.bits = offset(c.bits, 2*cap(c.bits)+8, i)
		}
		c.bits = append(c.bits, t.word)
		c.held += bits.OnesCount64(t.word)
		t.word = 0
	}
}

// offset returns a copy of b with room for n words, starting a number of cache lines
// (by i, the bitset's index) past the start of its allocation. Large allocations start
// on a page, so bitsets that all started there would put the same word of each in the
// same few cache sets, and reading that word of a hundred of them would miss every time.
func offset(b []uint64, n, i int) []uint64 {
	skew := i % 64 * 8 // words: 64 cache lines, a 4 KiB page's worth
	c := make([]uint64, skew+n)[skew : skew+len(b)]
	copy(c, b)
	return c
}

// makeCommon turns the holders of tok, the latest at pos, into a bitset and its word.
func (x *Index) makeCommon(tok, pos uint32) {
	t := &x.tokens[tok]
	c := common{tok: tok, bits: offset(nil, int(pos/64)+8, len(x.common))[:pos/64]}
	for _, p := range t.holders {
		if p/64 == pos/64 {
			t.word |= 1 << (p % 64)
		} else {
			c.bits[p/64] |= 1 << (p % 64)
			c.held++
		}
	}
	x.common = append(x.common, c)
	t.common, t.holders = uint32(len(x.common)), nil
}

// Len returns the number of entries added.
func (x *Index) Len() int { return len(x.ids) }

// IDs returns the entries in filing order. The slice must not be modified.
func (x *Index) IDs() []ledger.EntryID { return x.ids }

// Measure returns the highest overlap of text with any entry in the index and the
// earliest entry in filing order that has it.
func (x *Index) Measure(text string) Match { return x.MeasureFirst(text, len(x.ids)) }

// MeasureFirst is Measure against only the first n entries in filing order. Its answer
// is the pairwise computation's, exactly; only its cost depends on how the index holds
// the entries.
func (x *Index) MeasureFirst(text string, n int) Match {
	n = min(max(n, 0), len(x.ids))
	if n == 0 {
		return Match{}
	}
	s := x.newSearch(text, n)
	defer s.free()
	if m, ok := s.copies(); ok {
		return m
	}
	return s.count()
}

// set returns the token ids of the entry at pos.
func (x *Index) set(pos uint32) []uint32 { return x.sets[pos] }

// holders returns the positions of the first n entries holding tok, ascending, and
// their number. A common token's positions are in its bitset, and the list is nil.
func (x *Index) holders(tok uint32, n int) ([]uint32, int) {
	t := &x.tokens[tok]
	if t.common != 0 {
		c := &x.common[t.common-1]
		if n == len(x.ids) {
			return nil, c.held + bits.OnesCount64(t.word)
		}
		held := ones(c.bits, n)
		if n > len(c.bits)*64 {
			held += bits.OnesCount64(t.word & lowBits(n-len(c.bits)*64))
		}
		return nil, held
	}
	p := t.holders
	if len(p) == 0 || int(p[len(p)-1]) < n {
		return p, len(p)
	}
	cut, _ := slices.BinarySearch(p, uint32(n))
	return p[:cut], cut
}

// lowBits returns a word whose lowest min(k, 64) bits are set.
func lowBits(k int) uint64 {
	if k >= 64 {
		return ^uint64(0)
	}
	return 1<<k - 1
}

// ones returns the number of bits of b set among the first n.
func ones(b []uint64, n int) int {
	c := 0
	for w, v := range b[:min(len(b), (n+63)/64)] {
		if w == (n-1)/64 {
			v &= ^uint64(0) >> (63 - (n-1)%64)
		}
		c += bits.OnesCount64(v)
	}
	return c
}
