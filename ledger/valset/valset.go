// Package valset keeps the validator set after genesis: who is in the set in force,
// the bond each posted, who asked to join and waits for the vote, who left and when
// their bond comes back, and who was slashed and tombstoned for misbehaviour.
//
// Like every part of the ledger it reads no clock and no randomness: heights arrive with
// the blocks. The package moves money only through book.Book, in BondPool and
// SlashPool, and decides nothing a vote decides: the root ledger opens the admission and
// removal proposals (ledger/govern) and carries out what they adopt.
package valset

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/digest"
)

// The pools of the validator set.
const (
	// BondPool holds every validator's bond while it is posted: in the set, waiting for
	// the vote on its join, or unbonding.
	BondPool book.Pool = "validators/bond"
	// SlashPool holds slashed bonds in an arena without a treasury.
	SlashPool book.Pool = "validators/slashed"
)

// A validator's status.
const (
	Pending   = "pending"   // its join waits for the vote; its bond is escrowed
	Active    = "active"    // in the set in force
	Leaving   = "leaving"   // in the set in force until Leaves
	Unbonding = "unbonding" // out of the set; its bond comes back at Returns
	Left      = "left"      // out of the set, its bond returned
	Rejected  = "rejected"  // its join expired unadopted; its bond was returned
)

// Validator is one validator's record, kept from its join (or the founding) on.
type Validator struct {
	Address  book.Address `json:"address"`                 // its grading address
	Key      []byte       `json:"consensus_key,omitempty"` // its CometBFT ed25519 key, when known
	Name     string       `json:"name,omitempty"`
	Bond     book.Amount  `json:"bond"` // what it posted and the arena still holds
	Status   string       `json:"status"`
	Proposal uint64       `json:"proposal,omitempty"` // the proposal that admitted it; 0 for a founder
	Joined   uint64       `json:"joined"`             // height it entered the set; 0 for a founder
	Leaves   uint64       `json:"leaves,omitempty"`   // height it leaves or left the set
	Returns  uint64       `json:"returns,omitempty"`  // height its bond comes or came back
	Slashed  *book.Amount `json:"slashed,omitempty"`  // what misbehaviour cost it
	// Tombstone names the infraction it was slashed for: it can never be a validator
	// again, under that grading address or that consensus key.
	Tombstone string `json:"tombstone,omitempty"`
}

// InSet reports whether v is in the set in force.
func (v *Validator) InSet() bool { return v.Status == Active || v.Status == Leaving }

// Bonded reports whether the arena holds v's bond: what a slash can take from.
func (v *Validator) Bonded() bool { return v.InSet() || v.Status == Unbonding || v.Status == Pending }

// Slashable reports whether misbehaviour costs v its bond: it is in the set, or left it
// and its bond is still unbonding. A joiner waiting for the vote is not yet a validator.
func (v *Validator) Slashable() bool {
	return v.Tombstone == "" && (v.InSet() || v.Status == Unbonding)
}

// Update is one change to the CometBFT validator set: Power 1 adds Key, 0 removes it.
type Update struct {
	Key   []byte `json:"key"`
	Power int64  `json:"power"`
}

// State is every validator the arena has had since its set first changed, in the order
// they came: the founders first, in the founding order.
type State struct {
	Members []*Validator `json:"members"`
}

// New returns a state with no records: the set in force is the founding one.
func New() *State { return &State{} }

// Empty reports whether the set never changed and no founder posted a bond: the state
// then hashes and encodes as the ledger did before the set could change.
func (s *State) Empty() bool { return len(s.Members) == 0 }

// Hash returns the hash of every record.
func (s *State) Hash() [32]byte { return digest.Sum(s.Members) }

// Restore decodes a state written by the ledger's encoding.
func Restore(raw json.RawMessage) (*State, error) {
	s := New()
	if raw == nil {
		return s, nil
	}
	if err := json.Unmarshal(raw, &s.Members); err != nil {
		return nil, fmt.Errorf("validators: %w", err)
	}
	if len(s.Members) == 0 {
		return nil, fmt.Errorf("validators: an empty list is written as none")
	}
	return s, s.Check()
}

// Found records the founding validators, each with its consensus key (nil when the
// terms name none) and the bond it posted.
func (s *State) Found(addrs []book.Address, keys [][]byte, names []string, bond book.Amount) {
	for i, a := range addrs {
		s.Members = append(s.Members, &Validator{Address: a, Key: bytes.Clone(keys[i]), Name: names[i], Bond: bond, Status: Active})
	}
}

// Get returns the record of grading address a, or nil.
func (s *State) Get(a book.Address) *Validator {
	for _, v := range s.Members {
		if v.Address == a {
			return v
		}
	}
	return nil
}

// ByKey returns the record whose consensus key is key, or nil.
func (s *State) ByKey(key []byte) *Validator {
	for _, v := range s.Members {
		if len(v.Key) > 0 && bytes.Equal(v.Key, key) {
			return v
		}
	}
	return nil
}

// ByConsensusAddress returns the record whose consensus key has CometBFT address addr
// (the first 20 bytes of its sha256), or nil.
func (s *State) ByConsensusAddress(addr [20]byte) *Validator {
	for _, v := range s.Members {
		if len(v.Key) > 0 && ConsensusAddress(v.Key) == addr {
			return v
		}
	}
	return nil
}

// InForce returns the grading addresses of the set in force, in record order.
func (s *State) InForce() []book.Address {
	var out []book.Address
	for _, v := range s.Members {
		if v.InSet() {
			out = append(out, v.Address)
		}
	}
	return out
}

// Views returns a copy of every record, in record order.
func (s *State) Views() []Validator {
	out := make([]Validator, 0, len(s.Members))
	for _, v := range s.Members {
		c := *v
		c.Key = bytes.Clone(v.Key)
		if v.Slashed != nil {
			a := *v.Slashed
			c.Slashed = &a
		}
		out = append(out, c)
	}
	return out
}

// Bonds returns the sum of the bonds the arena holds.
func (s *State) Bonds() (book.Amount, bool) {
	var sum book.Amount
	for _, v := range s.Members {
		if !v.Bonded() {
			continue
		}
		var over bool
		if sum, over = sum.Add(v.Bond); over {
			return sum, false
		}
	}
	return sum, true
}

// Check reports a record that breaks the package's own rules: an address or a key
// twice, a status it does not know, a bond held by a validator whose bond came back.
func (s *State) Check() error {
	for i, v := range s.Members {
		switch v.Status {
		case Pending, Active, Leaving, Unbonding:
		case Left, Rejected:
			if !v.Bond.IsZero() {
				return fmt.Errorf("validators: %s is %s but holds a bond", v.Address, v.Status)
			}
		default:
			return fmt.Errorf("validators: %s has status %q", v.Address, v.Status)
		}
		if slices.ContainsFunc(s.Members[:i], func(o *Validator) bool {
			return o.Address == v.Address || (len(v.Key) > 0 && bytes.Equal(o.Key, v.Key))
		}) {
			return fmt.Errorf("validators: %s is recorded twice", v.Address)
		}
	}
	return nil
}
