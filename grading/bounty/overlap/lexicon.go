package overlap

import (
	"hash/maphash"
	"maps"
	"slices"
)

// stopList is the stopwords in sorted order: the first ids of every lexicon.
var stopList = slices.Sorted(maps.Keys(stopwords))

// lexicon numbers tokens in order of first appearance, after the stopwords, so that a
// token is a stopword exactly when its id is under len(stopList). A token of at most 8
// bytes (most words) is kept packed into an integer (see eachRun) in a hash table of its
// own, which costs less than hashing and comparing a string; longer ones are in a map.
// The table's seed is random, so that no entry can be written to collide in it, but it
// decides only where a token sits in the table, never its id.
type lexicon struct {
	keys  []uint64 // number's scratch: the text's tokens packed, 0 for a long one
	longs []string // number's scratch: the text's long tokens
	seed  uint64
	slots []slot // open addressing, a power of two long, at most half full
	long  map[string]uint32
	n     uint32 // ids given
}

type slot struct {
	key uint64 // the packed token; 0 is empty (a token holds no zero byte)
	id  uint32
}

func newLexicon() lexicon {
	v := lexicon{seed: new(maphash.Hash).Sum64(), slots: make([]slot, 1024), long: map[string]uint32{}}
	for _, w := range stopList {
		if len(w) > 8 {
			v.insertLong(w)
		} else {
			v.insertShort(pack([]byte(w)))
		}
	}
	return v
}

// isStopword reports whether id is a stopword's.
func isStopword(id uint32) bool { return id < uint32(len(stopList)) }

// pack returns the first 8 bytes of tok as eachRun packs them.
func pack(tok []byte) uint64 {
	var w uint64
	for i, c := range tok[:min(len(tok), 8)] {
		w |= uint64(c) << (8 * i)
	}
	return w
}

// mix is murmur3's 64-bit finaliser: every bit of x moves about half the bits of the
// result.
func mix(x uint64) uint64 {
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb9fe1a85ec53
	x ^= x >> 33
	return x
}

// lookup returns the id of tok, whose first 8 bytes packed are packed, and whether it
// has one.
func (v *lexicon) lookup(tok []byte, packed uint64) (uint32, bool) {
	if len(tok) > 8 {
		id, ok := v.long[string(tok)]
		return id, ok
	}
	return v.lookupShort(packed)
}

// lookupShort returns the id of the token of at most 8 bytes packed in key, and whether
// it has one.
func (v *lexicon) lookupShort(key uint64) (uint32, bool) {
	mask := uint64(len(v.slots) - 1)
	for i := mix(key^v.seed) & mask; ; i = (i + 1) & mask {
		switch v.slots[i].key {
		case key:
			return v.slots[i].id, true
		case 0:
			return 0, false
		}
	}
}

// insertShort gives the token packed in key, which has no id, the next one.
func (v *lexicon) insertShort(key uint64) uint32 {
	if 2*(int(v.n)+1-len(v.long)) > len(v.slots) {
		old := v.slots
		v.slots = make([]slot, 2*len(old))
		for _, s := range old {
			if s.key != 0 {
				v.place(s)
			}
		}
	}
	v.place(slot{key, v.n})
	v.n++
	return v.n - 1
}

// insertLong gives tok, of more than 8 bytes and without an id, the next one.
func (v *lexicon) insertLong(tok string) uint32 {
	v.long[tok] = v.n
	v.n++
	return v.n - 1
}

func (v *lexicon) place(s slot) {
	mask := uint64(len(v.slots) - 1)
	for i := mix(s.key^v.seed) & mask; ; i = (i + 1) & mask {
		if v.slots[i].key == 0 {
			v.slots[i] = s
			return
		}
	}
}

// number appends to ids the id of every token of text, stopwords included, in order,
// giving the tokens that have none the next ids. The text is read first and the table
// after, so that the lookups of successive tokens overlap in the processor.
func (v *lexicon) number(text string, ids []uint32) []uint32 {
	v.keys, v.longs = v.keys[:0], v.longs[:0]
	var packed uint64
	n := 0 // length of the run so far
	for i := 0; i <= len(text); i++ {
		c := byte(0)
		if i < len(text) {
			c = folded[text[i]]
		}
		if c != 0 {
			packed |= uint64(c) << (8 * (n & 7)) * uint64(b2u(n < 8))
			n++
			continue
		}
		if n > 8 {
			v.longs = append(v.longs, foldedString(text[i-n:i]))
			packed = 0
		}
		if n > 0 {
			v.keys = append(v.keys, packed)
		}
		packed, n = 0, 0
	}
	long := 0
	for _, key := range v.keys {
		if key == 0 {
			tok := v.longs[long]
			long++
			id, ok := v.long[tok]
			if !ok {
				id = v.insertLong(tok)
			}
			ids = append(ids, id)
			continue
		}
		id, ok := v.lookupShort(key)
		if !ok {
			id = v.insertShort(key)
		}
		ids = append(ids, id)
	}
	return ids
}

// b2u returns 1 for true and 0 for false.
func b2u(b bool) uint {
	if b {
		return 1
	}
	return 0
}

// foldedString returns run, a run of ASCII letters and digits, lower-cased.
func foldedString(run string) string {
	b := []byte(run)
	for i, c := range b {
		b[i] = folded[c]
	}
	return string(b)
}

// size returns the number of ids given, stopwords included.
func (v *lexicon) size() int { return int(v.n) }
