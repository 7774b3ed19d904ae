package overlap

import "math/bits"

// count returns the match by counting |A∩B| exactly for every one of the first n
// entries B. The tokens copies read are counted already, in hits; the other rare
// tokens' holders are added to them, and the common tokens are counted 64 entries at a
// time from their bitsets, into bit-sliced counters (bit p of 64 entries' counts in one
// word per p). The highest count and the earliest entry at its percent are then read off
// the counters, also 64 entries at a time.
func (s *search) count() Match {
	s.common, s.sparse = s.common[:0], s.sparse[:0]
	for _, t := range s.toks[s.read:] {
		if t.common() {
			s.common = append(s.common, t)
		} else {
			s.sparse = append(s.sparse, t)
		}
	}
	s.readMany(s.sparse)
	words, planes := (s.n+63)/64, bits.Len(uint(len(s.toks)))
	last := lowBits(s.n - (words-1)*64) // the bits of the last word that are entries
	s.planes = grow(s.planes, planes*words)
	clear(s.planes)
	for _, pos := range s.touched {
		for h, p := s.hits[pos], 0; h != 0; h, p = h>>1, p+1 {
			s.planes[p*words+int(pos/64)] |= uint64(h&1) << (pos % 64)
		}
	}
	s.addCommon(planes, words, last)
	top := s.highest(planes, words, last)
	pc := Percent(top, s.size)
	if pc == 0 {
		return Match{}
	}
	return Match{Entry: s.x.ids[s.first(planes, words, atLeast(pc, s.size))], Percent: pc}
}

// addCommon adds to the counters, word by word, how many common tokens each entry holds.
func (s *search) addCommon(planes, words int, last uint64) {
	full := 0 // the words every common token's bitset holds (the rest is its tail)
	if len(s.common) > 0 {
		full = len(s.common[0].bits)
	}
	var tally [40]uint64
	for w := range words {
		tallyWord(&tally, s.common, w, w < full)
		carry := uint64(0)
		for p := range planes {
			a, b := s.planes[p*words+w], tally[p]
			if w == words-1 {
				b &= last
			}
			s.planes[p*words+w] = a ^ b ^ carry
			carry = a&b | carry&(a^b)
		}
	}
}

// tallyWord sets t, as bit-sliced counters, to how many of the common tokens in bs hold
// each of the 64 entries of word w, which is full when every token's bitset holds it (it
// is not their tail): a positional population count, by the Harley-Seal carry-save adder
// tree over blocks of 16 tokens.
func tallyWord(t *[40]uint64, bs []held, w int, full bool) {
	at := func(h *held) uint64 {
		if full {
			return h.bits[w]
		}
		return h.at(w)
	}
	clear(t[:])
	var ones, twos, fours, eights, twosA, twosB, foursA, foursB, eightsA, eightsB, sixteens uint64
	i := 0
	for ; i+16 <= len(bs); i += 16 {
		b := bs[i : i+16]
		twosA, ones = csa(ones, at(&b[0]), at(&b[1]))
		twosB, ones = csa(ones, at(&b[2]), at(&b[3]))
		foursA, twos = csa(twos, twosA, twosB)
		twosA, ones = csa(ones, at(&b[4]), at(&b[5]))
		twosB, ones = csa(ones, at(&b[6]), at(&b[7]))
		foursB, twos = csa(twos, twosA, twosB)
		eightsA, fours = csa(fours, foursA, foursB)
		twosA, ones = csa(ones, at(&b[8]), at(&b[9]))
		twosB, ones = csa(ones, at(&b[10]), at(&b[11]))
		foursA, twos = csa(twos, twosA, twosB)
		twosA, ones = csa(ones, at(&b[12]), at(&b[13]))
		twosB, ones = csa(ones, at(&b[14]), at(&b[15]))
		foursB, twos = csa(twos, twosA, twosB)
		eightsB, fours = csa(fours, foursA, foursB)
		sixteens, eights = csa(eights, eightsA, eightsB)
		for p := 4; sixteens != 0; p++ {
			t[p], sixteens = t[p]^sixteens, t[p]&sixteens
		}
	}
	t[0], t[1], t[2], t[3] = ones, twos, fours, eights
	for ; i < len(bs); i++ {
		c := at(&bs[i])
		for p := 0; c != 0; p++ {
			t[p], c = t[p]^c, t[p]&c
		}
	}
}

// csa is a carry-save adder: for each bit, the carry and the sum of a, b and c.
func csa(a, b, c uint64) (carry, sum uint64) {
	u := a ^ b
	return a&b | u&c, u ^ c
}

// highest returns the highest count, narrowing the entries that may have it from the
// top bit down.
func (s *search) highest(planes, words int, last uint64) int {
	s.cand = grow(s.cand, words)
	for w := range s.cand {
		s.cand[w] = ^uint64(0)
	}
	s.cand[words-1] = last
	top := 0
	for p := planes - 1; p >= 0; p-- {
		bitset := s.planes[p*words : (p+1)*words]
		some := false
		for w, c := range s.cand {
			if c&bitset[w] != 0 {
				some = true
				break
			}
		}
		if !some {
			continue
		}
		top |= 1 << p
		for w := range s.cand {
			s.cand[w] &= bitset[w]
		}
	}
	return top
}

// first returns the position of the earliest entry whose count is need or more; there
// is one.
func (s *search) first(planes, words, need int) uint32 {
	for w := range words {
		more, same := uint64(0), ^uint64(0)
		for p := planes - 1; p >= 0; p-- {
			b := s.planes[p*words+w]
			if need>>p&1 == 1 {
				same &= b
			} else {
				more |= same & b
				same &^= b
			}
		}
		ge := more | same
		if w == words-1 {
			ge &= lowBits(s.n - w*64)
		}
		if ge != 0 {
			return uint32(w*64 + bits.TrailingZeros64(ge))
		}
	}
	panic("overlap: no entry reaches the highest count")
}
