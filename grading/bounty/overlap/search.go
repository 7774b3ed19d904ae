package overlap

import "slices"

// search is one measurement of a new entry A against the first n entries of an index:
// first the prefix-filtered search for copies (copies), then, if there is none, the
// exact count of every entry (count).
type search struct {
	x    *Index
	n    int
	size int // |A|: distinct tokens, stopwords excluded, whether the index knows them or not

	toks   []held   // A's tokens held by at least one of the first n entries, rarest first
	sorted []held   // order's scratch
	keys   []uint64 // order's scratch
	rest   []int    // rest[i]: holders of toks[i:] in all
	marked []uint32 // A's tokens the vocabulary knows, each set in mine
	mine   []uint64 // bitset over token ids: A's tokens, for verification

	read    int      // tokens of toks whose holders have been read
	cursor  []int    // readMany's place in each token's list
	hits    []uint32 // hits[pos]: tokens read that the entry at pos holds
	touched []uint32 // positions with hits > 0, in order of first hit
	second  []uint32 // positions readMany hit a second time
	hist    []int    // hist[h]: entries with h hits, h >= 1

	found bool
	best  uint32 // position of the best entry verified so far
	share int    // |A∩best|

	planes []uint64   // count's bit-sliced counters
	cand   []uint64   // count's entries that may have the highest count
	common []held     // count's common tokens
	views  [][]uint64 // addCommon's: span words of each common token's bitset
	tails  []uint64   // addCommon's: the words of views that are no bitset's own
	sparse []held     // count's other tokens
}

// held is one of A's tokens and the first n entries holding it.
type held struct {
	tok  uint32
	df   int      // how many hold it
	list []uint32 // their positions, ascending; nil for a common token
	// A common token's bitset by position, to be read up to n: bits, then tail.
	bits []uint64
	tail uint64
}

// common reports whether h's holders are a bitset: a rare token in toks holds at
// least one entry, so its list is not nil.
func (h *held) common() bool { return h.list == nil }

// at returns word w of a common token's bitset.
func (h *held) at(w int) uint64 {
	switch {
	case w < len(h.bits):
		return h.bits[w]
	case w == len(h.bits):
		return h.tail
	}
	return 0
}

// span returns words w0 to w0+m of a common token's bitset: the bitset's own when it
// holds them all, else a copy appended to buf.
func (h *held) span(w0, m int, buf *[]uint64) []uint64 {
	if w0+m <= len(h.bits) {
		return h.bits[w0 : w0+m]
	}
	start := len(*buf)
	for w := w0; w < w0+m; w++ {
		*buf = append(*buf, h.at(w))
	}
	return (*buf)[start:]
}

// newSearch prepares the measurement of text against the first n (>= 1) entries of x.
func (x *Index) newSearch(text string, n int) *search {
	s, _ := x.scratch.Get().(*search)
	if s == nil {
		s = &search{}
	}
	s.x, s.n, s.read, s.found = x, n, 0, false
	s.toks, s.marked, s.touched, s.second = s.toks[:0], s.marked[:0], s.touched[:0], s.second[:0]
	s.hits = grow(s.hits, n)
	s.mine = grow(s.mine, (x.vocab.size()+63)/64)
	var unknown map[string]bool
	eachRun(text, func(run []byte, packed uint64) {
		tok, ok := x.vocab.lookup(run, packed)
		switch {
		case !ok:
			if unknown == nil {
				unknown = map[string]bool{}
			}
			unknown[string(run)] = true
		case isStopword(tok) || s.mine[tok/64]&(1<<(tok%64)) != 0:
		default:
			s.mine[tok/64] |= 1 << (tok % 64)
			s.marked = append(s.marked, tok)
		}
	})
	s.size = len(s.marked) + len(unknown)
	s.order()
	return s
}

// grow returns b resliced to n elements when it has room for them, else a new slice.
// Every caller keeps the room past its length zeroed, or writes what it reads.
func grow[T any](b []T, n int) []T {
	if cap(b) >= n {
		return b[:n]
	}
	return make([]T, n)
}

// free clears what the search set and gives it back to the index.
func (s *search) free() {
	if len(s.touched) > len(s.hits)/8 {
		clear(s.hits)
	} else {
		for _, pos := range s.touched {
			s.hits[pos] = 0
		}
	}
	for _, tok := range s.marked {
		s.mine[tok/64] = 0
	}
	s.x.scratch.Put(s)
}

// order puts A's tokens held by the first n entries rarest first: by the number of
// those entries holding them, then by first appearance in filing order (the token id).
// Both depend only on the first n entries, so every validator holding the same earlier
// entries reads them in the same order, however its index was built or extended.
func (s *search) order() {
	slices.Sort(s.marked)
	for _, tok := range s.marked {
		list, df := s.x.holders(tok, s.n)
		if df == 0 {
			continue
		}
		h := held{tok: tok, df: df, list: list}
		if t := &s.x.tokens[tok]; t.common != 0 {
			h.bits, h.tail = s.x.common[t.common-1].bits, t.word
		}
		s.toks = append(s.toks, h)
	}
	s.keys = s.keys[:0]
	for i, h := range s.toks {
		s.keys = append(s.keys, uint64(h.df)<<32|uint64(i)) // i: the ids in s.marked, ascending
	}
	slices.Sort(s.keys)
	s.sorted = s.sorted[:0]
	for _, key := range s.keys {
		s.sorted = append(s.sorted, s.toks[uint32(key)])
	}
	s.toks, s.sorted = s.sorted, s.toks
	s.rest = grow(s.rest, len(s.toks)+1)
	s.rest[len(s.toks)] = 0
	for i := len(s.toks) - 1; i >= 0; i-- {
		s.rest[i] = s.rest[i+1] + s.toks[i].df
	}
	s.hist = grow(s.hist, len(s.toks)+2)
	clear(s.hist)
}
