package valset

import (
	"crypto/sha256"
	"fmt"

	"github.com/arena/arena/ledger/book"
)

// BasisPoints is what a share in basis points is out of.
const BasisPoints = 10_000

// ConsensusAddress returns a CometBFT ed25519 key's address: the first 20 bytes of its
// sha256, as CometBFT's evidence names a validator.
func ConsensusAddress(key []byte) [20]byte {
	sum := sha256.Sum256(key)
	return [20]byte(sum[:20])
}

// Share returns bps basis points of a, rounded down, exactly: a is divided before it
// is multiplied, so that no bond overflows.
func Share(a book.Amount, bps uint64) book.Amount {
	q, r := a.DivMod(BasisPoints)
	whole, _ := q.MulUint64(bps) // q*bps <= a, since bps <= BasisPoints
	part, _ := r.MulUint64(bps)  // r < BasisPoints: no overflow
	part, _ = part.DivMod(BasisPoints)
	sum, _ := whole.Add(part) // at most a
	return sum
}

// Request records a's join, its bond escrowed from its wallet, waiting for proposal.
// A record of a validator that left or was rejected is used again.
func (s *State) Request(b *book.Book, v Validator, proposal uint64) *Validator {
	v.Status, v.Proposal, v.Joined, v.Leaves, v.Returns = Pending, proposal, 0, 0, 0
	b.Escrow(v.Address, BondPool, v.Bond)
	if old := s.Get(v.Address); old != nil {
		*old = v
		return old
	}
	s.Members = append(s.Members, &v)
	return &v
}

// Admit puts pending validator v in the set at height h.
func (s *State) Admit(v *Validator, h uint64) book.Event {
	v.Status, v.Joined = Active, h
	return book.Event{Type: "validator_joined", Height: h, Address: book.AddrPtr(v.Address), Proposal: v.Proposal}
}

// Reject returns pending validator v's bond at height h: its join expired unadopted.
func (s *State) Reject(b *book.Book, v *Validator, h uint64) book.Event {
	b.Release(BondPool, v.Address, v.Bond)
	ev := book.Event{Type: "validator_rejected", Height: h, Address: book.AddrPtr(v.Address), Amount: book.AmountPtr(v.Bond), Proposal: v.Proposal}
	v.Status, v.Bond, v.Returns = Rejected, book.Amount{}, h
	return ev
}

// Leave schedules v to leave the set at height at.
func (s *State) Leave(v *Validator, at uint64, why string) book.Event {
	v.Status, v.Leaves = Leaving, at
	return book.Event{Type: "validator_leaving", Height: at, Address: book.AddrPtr(v.Address), Note: why}
}

// Begin moves the set on at height h: validators due to leave leave and start to
// unbond for unbonding blocks, and bonds whose unbonding is over come back. It returns
// the events and the validators that left the set.
func (s *State) Begin(b *book.Book, h, unbonding uint64) ([]book.Event, []*Validator) {
	var evs []book.Event
	var left []*Validator
	for _, v := range s.Members {
		if v.Status == Leaving && v.Leaves <= h {
			v.Status, v.Returns = Unbonding, h+unbonding
			left = append(left, v)
			evs = append(evs, book.Event{Type: "validator_left", Height: h, Address: book.AddrPtr(v.Address), Note: fmt.Sprintf("bond returns at height %d", v.Returns)})
		}
		if v.Status == Unbonding && v.Returns <= h {
			b.Release(BondPool, v.Address, v.Bond)
			evs = append(evs, book.Event{Type: "bond_returned", Height: h, Address: book.AddrPtr(v.Address), Amount: book.AmountPtr(v.Bond)})
			v.Status, v.Bond = Left, book.Amount{}
		}
	}
	return evs, left
}

// Slash takes share basis points of v's bond for the infraction named by what, at
// height h: to the treasury's claimable balance, or SlashPool when there is none. v is
// tombstoned and out of the set at once; what is left of its bond comes back after
// unbonding blocks. It reports whether v was in the set.
func (s *State) Slash(b *book.Book, v *Validator, h, unbonding, share uint64, treasury *book.Address, what string) ([]book.Event, bool) {
	cut := Share(v.Bond, share)
	if treasury != nil {
		b.Release(BondPool, *treasury, cut)
	} else {
		b.Move(BondPool, SlashPool, cut)
	}
	v.Bond, _ = v.Bond.Sub(cut) // cut <= bond
	v.Slashed, v.Tombstone = book.AmountPtr(cut), what
	wasIn := v.InSet()
	evs := []book.Event{{Type: "validator_slashed", Height: h, Address: book.AddrPtr(v.Address), Amount: book.AmountPtr(cut), Note: what}}
	if wasIn {
		v.Status, v.Leaves, v.Returns = Unbonding, h, h+unbonding
	}
	return evs, wasIn
}
