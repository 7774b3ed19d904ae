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

// span is how many words of the counters addCommon keeps at hand at once: every common
// token's bitset is read span words at a time, 512 bytes in a row.
const span = 64

// addCommon adds to the counters how many common tokens each entry holds: span words at
// a time, by a positional population count over the tokens (the Harley-Seal carry-save
// adder tree, 16 tokens at a time).
func (s *search) addCommon(planes, words int, last uint64) {
	var low [4][span]uint64       // bits 0-3 of the counts: the tree's ones, twos, fours, eights
	var high [40 - 4][span]uint64 // bits 4 on
	s.views = grow(s.views, len(s.common))
	for w0 := 0; w0 < words; w0 += span {
		m := min(span, words-w0)
		s.tails = s.tails[:0]
		for i := range s.common {
			s.views[i] = s.common[i].span(w0, m, &s.tails)
		}
		low = [4][span]uint64{}
		clear(high[:max(planes-4, 0)])
		i := 0
		for ; i+16 <= len(s.views); i += 16 {
			tree16((*[16][]uint64)(s.views[i:i+16]), m, &low, &high)
		}
		for _, v := range s.views[i:] {
			for wi, c := range v[:m] {
				for p := 0; c != 0; p++ {
					r := &low[min(p, 3)][wi]
					if p >= 4 {
						r = &high[p-4][wi]
					}
					*r, c = *r^c, *r&c
				}
			}
		}
		for wi := range m {
			w, carry := w0+wi, uint64(0)
			for p := range planes {
				b := high[max(p-4, 0)][wi]
				if p < 4 {
					b = low[p][wi]
				}
				if w == words-1 {
					b &= last
				}
				a := s.planes[p*words+w]
				s.planes[p*words+w] = a ^ b ^ carry
				carry = a&b | carry&(a^b)
			}
		}
	}
}

// tree16 adds, for each of the first m words, how many of the 16 bitsets v hold each
// position, to the counts in low and high.
func tree16(v *[16][]uint64, m int, low *[4][span]uint64, high *[40 - 4][span]uint64) {
	var twosA, twosB, foursA, foursB, eightsA, eightsB, sixteens uint64
	for wi := range m {
		ones, twos, fours, eights := low[0][wi], low[1][wi], low[2][wi], low[3][wi]
		twosA, ones = csa(ones, v[0][wi], v[1][wi])
		twosB, ones = csa(ones, v[2][wi], v[3][wi])
		foursA, twos = csa(twos, twosA, twosB)
		twosA, ones = csa(ones, v[4][wi], v[5][wi])
		twosB, ones = csa(ones, v[6][wi], v[7][wi])
		foursB, twos = csa(twos, twosA, twosB)
		eightsA, fours = csa(fours, foursA, foursB)
		twosA, ones = csa(ones, v[8][wi], v[9][wi])
		twosB, ones = csa(ones, v[10][wi], v[11][wi])
		foursA, twos = csa(twos, twosA, twosB)
		twosA, ones = csa(ones, v[12][wi], v[13][wi])
		twosB, ones = csa(ones, v[14][wi], v[15][wi])
		foursB, twos = csa(twos, twosA, twosB)
		eightsB, fours = csa(fours, foursA, foursB)
		sixteens, eights = csa(eights, eightsA, eightsB)
		low[0][wi], low[1][wi], low[2][wi], low[3][wi] = ones, twos, fours, eights
		for p := 0; sixteens != 0; p++ {
			r := &high[p][wi]
			*r, sixteens = *r^sixteens, *r&sixteens
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
