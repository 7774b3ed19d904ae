// Package digest hashes the ledger's state incrementally: each object is hashed when it
// changes, and the per-object hashes are combined when a block asks for the state hash,
// so a block costs O(changes) to hash plus 32 bytes per object to combine.
package digest

import (
	"crypto/sha256"
	"encoding/json"
	"hash"
	"slices"
)

// Sum is sha256 of v's JSON. Every value the ledger holds encodes; a failure is a
// programming error, caught by the tests that compare an incremental hash with a rebuilt one.
func Sum(v any) [32]byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic("ledger: unencodable state: " + err.Error())
	}
	return sha256.Sum256(b)
}

// List caches the hashes of a list of objects numbered from 1 in creation order, such as
// tasks or rounds. Objects are only ever appended; a changed one is marked by its id.
// The zero List is empty and is rebuilt in full on first use.
type List struct {
	built  bool
	sums   [][32]byte
	marked map[uint64]struct{}
}

// Mark records that object id changed since the cache last saw it.
func (l *List) Mark(id uint64) {
	if !l.built {
		return
	}
	if l.marked == nil {
		l.marked = map[uint64]struct{}{}
	}
	l.marked[id] = struct{}{}
}

// Refresh brings l up to date with objs: it hashes what was appended since and what was
// marked, and returns the combined hash of the whole list.
func Refresh[T any](l *List, objs []*T) [32]byte {
	if !l.built {
		l.built, l.sums, l.marked = true, make([][32]byte, 0, len(objs)), nil
	}
	old := len(l.sums)
	for i := old; i < len(objs); i++ {
		l.sums = append(l.sums, Sum(objs[i]))
	}
	ids := make([]uint64, 0, len(l.marked))
	for id := range l.marked {
		ids = append(ids, id)
	}
	slices.Sort(ids) // each id is rehashed on its own; sorted only for a fixed order of work
	for _, id := range ids {
		if i := int(id) - 1; i >= 0 && i < old {
			l.sums[i] = Sum(objs[i])
		}
	}
	l.marked = nil
	return l.combine()
}

func (l *List) combine() [32]byte {
	h := sha256.New()
	for i := range l.sums {
		h.Write(l.sums[i][:])
	}
	return sumOf(h)
}

func sumOf(h hash.Hash) [32]byte {
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// Chain is a running hash over an append-only list, such as the award outbox.
type Chain struct {
	n   int
	sum [32]byte
}

// RefreshChain folds the items appended since the last call into the chain and returns it.
func RefreshChain[T any](c *Chain, items []T) [32]byte {
	for ; c.n < len(items); c.n++ {
		ev := Sum(items[c.n])
		c.sum = sha256.Sum256(append(c.sum[:], ev[:]...))
	}
	return c.sum
}

// Combine hashes the domain tag followed by each part, in order.
func Combine(domain string, parts ...[32]byte) [32]byte {
	h := sha256.New()
	h.Write([]byte(domain))
	for i := range parts {
		h.Write(parts[i][:])
	}
	return sumOf(h)
}

// IsSHA256Hex reports whether s is a sha256 digest in lowercase hex: 64 digits of 0-9
// and a-f, the one way the ledger names a module, program, dataset or work.
func IsSHA256Hex(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if (s[i] < '0' || s[i] > '9') && (s[i] < 'a' || s[i] > 'f') {
			return false
		}
	}
	return true
}
