package ledger

import (
	"github.com/arena/arena/ledger/digest"
)

// The state hash commits to the whole state without re-encoding it every block:
//
//	hash = sha256("arena-state-v4" || h(header) || h(book) || h(rounds) || h(bounty) || h(tender) || h(match) || h(challenge) || h(learn) [|| h(proposals)] [|| h(validators)] || outbox)
//
// where h(proposals), the governance proposals (ledger/govern), is there once the first
// proposal is made, so that an arena that never made one hashes as before they existed;
// h(validators), the validator set's records (ledger/valset), after it, is there once
// the set first changes or a bond is posted, for the same reason;
// and where the kinds come in the order of contests (kinds.go); the header is the founding
// terms' hash, the height and the clock; the book, the rounds and each kind hash their
// own objects incrementally (an object is rehashed only when it changes, and a part
// costs 32 bytes per object to combine); and outbox is a running hash chain over the
// award events. So a block costs O(changes) to hash, not
// O(size of the state).
const hashDomain = "arena-state-v4"

type hashHeader struct {
	Version   int      `json:"version"`
	Terms     [32]byte `json:"terms"` // sha256 of the founding terms' JSON
	Height    uint64   `json:"height"`
	BlockTime int64    `json:"block_time"`
	Offset    int64    `json:"offset"`
}

// Hash returns the state hash described above. It is cached until the state changes.
// Two states that applied the same transactions in the same blocks have the same hash.
func (s *State) Hash() [32]byte {
	if s.hash != nil {
		return *s.hash
	}
	head := digest.Sum(hashHeader{encodingVersion, s.termsHash, s.height, s.blockTime, s.offset})
	parts := make([][32]byte, 0, 4+len(contests))
	parts = append(parts, head, s.book.Hash(), s.rounds.Hash())
	for _, c := range contests {
		parts = append(parts, c.hash(s))
	}
	if !s.gov.Empty() { // an arena with no proposal hashes as before governance existed
		parts = append(parts, s.gov.Hash())
	}
	if !s.vals.Empty() { // an arena whose set never changed hashes as before it could
		parts = append(parts, s.vals.Hash())
	}
	parts = append(parts, digest.RefreshChain(&s.outbox, s.events))
	out := digest.Combine(hashDomain, parts...)
	s.hash = &out
	return out
}
