package overlap

import (
	"math/bits"
	"slices"

	"github.com/arena/arena/ledger"
)

// copies looks for the earlier entries whose overlap with A reaches the copy
// threshold, and returns the match and true if there is one, or if A shares nothing
// with any entry (the match is then none). It reads holders rarest token first until
// verifying every entry that could still reach the threshold is cheaper than reading on,
// then verifies those entries exactly: an entry with fewer hits than the threshold's
// count less the tokens not yet read cannot reach it.
func (s *search) copies() (Match, bool) {
	k := len(s.toks)
	if k == 0 {
		return Match{}, true
	}
	floor := atLeast(ledger.CopyThreshold, s.size)
	if floor > k {
		return Match{}, false
	}
	// Until floor less the tokens unread is positive, every entry could reach the floor,
	// so the first k-floor+1 tokens (the prefix) are read in any case, together.
	prefix := k - floor + 1
	s.readMany(s.toks[:prefix])
	s.read = prefix
	s.hist[1] = len(s.touched) - len(s.second)
	for _, pos := range s.second {
		s.hist[s.hits[pos]]++
	}
	for s.read < k && s.worthReading(floor) {
		s.next()
	}
	// An entry with fewer hits than thr cannot reach the floor. With e tokens read past
	// the prefix, thr is 1+e: a candidate was hit twice in the prefix (second), or once
	// and then by every later token, the first of them included.
	thr := floor - (k - s.read)
	candidates := s.touched
	if s.read > prefix {
		candidates = s.second
		s.eachHolder(&s.toks[prefix], func(pos uint32) {
			if int(s.hits[pos]) >= thr {
				s.check(pos, floor)
			}
		})
	}
	for _, pos := range candidates {
		if int(s.hits[pos]) >= thr {
			s.check(pos, floor)
		}
	}
	if !s.found || Percent(s.share, s.size) < ledger.CopyThreshold {
		return Match{}, false
	}
	return Match{Entry: s.x.ids[s.best], Percent: Percent(s.share, s.size)}, true
}

// atLeast returns the fewest shared tokens, of total, whose Percent is p or more.
func atLeast(p, total int) int { return (p*total + 99) / 100 }

// verifyCost is what verifying one entry costs, in holders read: a pass over its set.
func (s *search) verifyCost() int { return s.x.total/s.x.Len() + 1 }

// worthReading reports whether reading the next token's holders is worth more than
// verifying, now, every entry that could still share need tokens with A.
func (s *search) worthReading(need int) bool {
	unread := len(s.toks) - s.read
	thr := need - unread
	if thr <= 0 {
		return true // an entry never hit could still reach need
	}
	candidates := 0
	for h := thr; h <= s.read; h++ {
		candidates += s.hist[h]
	}
	verify := candidates * s.verifyCost()
	if s.rest[s.read] < verify {
		return true // reading everything costs less, and leaves nothing to verify
	}
	// The next token raises thr by one: the candidates on exactly thr that it misses drop.
	df := s.toks[s.read].df
	dropped := s.hist[thr] * (s.n - df) / s.n
	return dropped*s.verifyCost() > df
}

// block is how many entries' hits are counted together when several tokens are read:
// 32 KiB of hits, which stay in the processor's cache while every token's holders among
// them are counted.
const block = 1 << 13

// readMany counts the holders of toks among the first n entries in hits, block by
// block of entries, and lists in touched the entries hit for the first time and in second
// those hit for the second.
func (s *search) readMany(toks []held) {
	s.cursor = grow(s.cursor, len(toks))
	clear(s.cursor)
	all := 0
	for _, t := range toks {
		all += t.df
	}
	// Without a branch on whether a hit is an entry's first or second: every hit is
	// written at the end of both lists, which grow only when it was.
	hits := s.hits[:s.n]
	nt, ns := len(s.touched), 0
	touched := slices.Grow(s.touched, all+1)[:nt+all+1]
	second := slices.Grow(s.second[:0], all+1)[:all+1]
	count := func(pos uint32) {
		h := hits[pos]
		hits[pos] = h + 1
		touched[nt], second[ns] = pos, pos
		if h == 0 {
			nt++
		}
		if h == 1 {
			ns++
		}
	}
	for lo := 0; lo < s.n; lo += block {
		hi := min(lo+block, s.n)
		for i := range toks {
			t := &toks[i]
			if !t.common() {
				c, list := s.cursor[i], t.list
				for ; c < len(list) && int(list[c]) < hi; c++ {
					count(list[c])
				}
				s.cursor[i] = c
				continue
			}
			for w := lo / 64; w < (hi+63)/64; w++ {
				for v := t.at(w); v != 0; v &= v - 1 {
					if pos := uint32(w*64 + bits.TrailingZeros64(v)); int(pos) < s.n {
						count(pos)
					}
				}
			}
		}
	}
	s.touched, s.second = touched[:nt], second[:ns]
}

// next reads the holders of the next token, one by one, keeping hist.
func (s *search) next() {
	s.eachHolder(&s.toks[s.read], s.hit)
	s.read++
}

// eachHolder calls fn with the position of each of the first n entries holding t.
func (s *search) eachHolder(t *held, fn func(pos uint32)) {
	if !t.common() {
		for _, pos := range t.list {
			fn(pos)
		}
		return
	}
	for w := range (s.n + 63) / 64 {
		for v := t.at(w); v != 0; v &= v - 1 {
			if pos := uint32(w*64 + bits.TrailingZeros64(v)); int(pos) < s.n {
				fn(pos)
			}
		}
	}
}

// hit counts a hit on the entry at pos, in hits and in hist.
func (s *search) hit(pos uint32) {
	h := s.hits[pos]
	if h == 0 {
		s.touched = append(s.touched, pos)
	} else {
		s.hist[h]--
	}
	s.hist[h+1]++
	s.hits[pos] = h + 1
}

// check counts |A∩B| for the entry B at pos, stopping as soon as the count cannot reach
// the floor or the best so far's, and keeps B if it is the best so far: the higher
// percent, or the same percent and filed earlier.
func (s *search) check(pos uint32, floor int) {
	need := floor
	if s.found {
		need = max(need, atLeast(Percent(s.share, s.size), s.size))
	}
	shared := int(s.hits[pos])
	if s.read < len(s.toks) {
		set := s.x.set(pos)
		shared = 0
		for i, tok := range set {
			if shared+len(set)-i < need {
				return
			}
			if s.mine[tok/64]&(1<<(tok%64)) != 0 {
				shared++
			}
		}
	}
	p := Percent(shared, s.size)
	if shared >= need && (!s.found || p > Percent(s.share, s.size) || p == Percent(s.share, s.size) && pos < s.best) {
		s.found, s.best, s.share = true, pos, shared
	}
}
