package ledger

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"slices"
)

// The state hash commits to the whole state without re-encoding it every block:
//
//	hash = sha256("arena-state-v1" || sha256(header) || events || "T" || h(task 1) ... ||
//	              "E" || h(entry 1) ... || "R" || h(round 1) ... || "A" || addr || h(account) ...)
//
// where h(x) is sha256 of x's canonical JSON, the header is the JSON of everything else
// in the encoding (h(terms), height, clock, balances, totals), events is a running hash
// chain over the award outbox, and accounts go in ascending address order. Object hashes
// are cached and recomputed only for what changed, so a block costs O(changes) to hash
// plus 32 bytes per object to combine, not O(size of the state).
const hashDomain = "arena-state-v1"

// hashCache holds the per-object hashes behind Hash. Its zero value is empty and is
// rebuilt in full on first use.
type hashCache struct {
	built    bool
	terms    [32]byte // the founding terms never change, so they are hashed once
	tasks    [][32]byte
	entries  [][32]byte
	rounds   [][32]byte
	accounts map[Address][32]byte
	order    []Address // every address with an account, ascending
	events   int       // events folded into chain
	chain    [32]byte
}

// addAccount records a new address in the sorted order.
func (c *hashCache) addAccount(a Address) {
	if !c.built {
		return
	}
	i, found := slices.BinarySearchFunc(c.order, a, func(x, y Address) int { return bytes.Compare(x[:], y[:]) })
	if !found {
		c.order = slices.Insert(c.order, i, a)
	}
}

type hashHeader struct {
	Version   int      `json:"version"`
	Terms     [32]byte `json:"terms"` // sha256 of the founding terms' JSON
	Height    uint64   `json:"height"`
	BlockTime int64    `json:"block_time"`
	Offset    int64    `json:"offset"`
	Balances  Balances `json:"balances"`
	Genesis   Amount   `json:"genesis_total"`
	Faucet    Amount   `json:"faucet_total"`
}

// Hash returns the state hash described above. It is cached until the state changes.
// Two states that applied the same transactions in the same blocks have the same hash.
func (s *State) Hash() [32]byte {
	if s.hash != nil {
		return *s.hash
	}
	s.refreshHashes()
	h := sha256.New()
	h.Write([]byte(hashDomain))
	header := sum(hashHeader{encodingVersion, s.hc.terms, s.height, s.blockTime, s.offset, s.bal, s.genesis, s.faucet})
	h.Write(header[:])
	h.Write(s.hc.chain[:])
	h.Write([]byte("T"))
	for i := range s.hc.tasks {
		h.Write(s.hc.tasks[i][:])
	}
	h.Write([]byte("E"))
	for i := range s.hc.entries {
		h.Write(s.hc.entries[i][:])
	}
	h.Write([]byte("R"))
	for i := range s.hc.rounds {
		h.Write(s.hc.rounds[i][:])
	}
	h.Write([]byte("A"))
	for _, a := range s.hc.order {
		ah := s.hc.accounts[a]
		h.Write(a[:])
		h.Write(ah[:])
	}
	var out [32]byte
	h.Sum(out[:0])
	s.hash = &out
	return out
}

// refreshHashes brings the cache up to date with the objects marked since it was last
// refreshed, or builds it from scratch.
func (s *State) refreshHashes() {
	c := &s.hc
	if !c.built {
		*c = hashCache{built: true, terms: sum(s.terms), accounts: make(map[Address][32]byte, len(s.accounts))}
		c.order = s.sortedAccounts()
		for _, a := range c.order {
			c.accounts[a] = sum(s.accounts[a])
		}
		c.tasks = hashAll(s.tasks)
		c.entries = hashAll(s.entries)
		c.rounds = hashAll(s.rounds)
		s.mark.hash = dirtySet{}
	} else {
		d := &s.mark.hash
		c.tasks = rehash(c.tasks, s.tasks, sortedKeys(d.tasks))
		c.entries = rehash(c.entries, s.entries, sortedKeys(d.entries))
		c.rounds = rehash(c.rounds, s.rounds, sortedKeys(d.rounds))
		for a := range d.accounts { // each key is rehashed on its own; order cannot matter
			if acc, ok := s.accounts[a]; ok {
				c.accounts[a] = sum(acc)
			}
		}
		s.mark.hash = dirtySet{}
	}
	for ; c.events < len(s.events); c.events++ {
		ev := sum(s.events[c.events])
		c.chain = sha256.Sum256(append(c.chain[:], ev[:]...))
	}
}

func hashAll[T any](objs []*T) [][32]byte {
	out := make([][32]byte, len(objs))
	for i, o := range objs {
		out[i] = sum(o)
	}
	return out
}

// rehash recomputes the hashes of the marked ids (1-based) and of any objects appended
// since the cache last saw objs.
func rehash[T any, K ~uint64](cache [][32]byte, objs []*T, marked []K) [][32]byte {
	old := len(cache)
	for i := old; i < len(objs); i++ {
		cache = append(cache, sum(objs[i]))
	}
	for _, id := range marked {
		if i := int(id) - 1; i >= 0 && i < old {
			cache[i] = sum(objs[i])
		}
	}
	return cache
}

// sum is sha256 of v's JSON. Every value the state holds encodes; a failure would be a
// programming error caught by the determinism tests, which compare against a rebuilt cache.
func sum(v any) [32]byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic("ledger: unencodable state: " + err.Error())
	}
	return sha256.Sum256(b)
}
