package round

import (
	"bytes"
	"slices"

	"github.com/arena/arena/ledger/book"
)

// OpenPanel opens a regrade of the round against as Open does, on a fresh, larger panel:
// grow more members than the terms' committee (at most every validator), drawn by the
// same keccak(seed || address) order as any committee but taking every validator who
// did not sit on against before any who did, so that the panel is fresh wherever the
// set allows. Its quorum grows by as many members as the panel did, so it stays a
// majority. last, if set, leads last, as in Open. With grow 0 the panel is a committee
// of the terms' size and quorum, still drawn fresh first.
func (s *Set) OpenPanel(kind string, subject, ref uint64, last *book.Address, against *Round, grow int, chain string, at book.At) *Round {
	id := ID(len(s.rounds) + 1)
	sd := seed(chain, id, subject, at.Height)
	base := s.terms.CommitteeSize()
	size := min(len(s.terms.Validators), base+max(grow, 0))
	var sat []book.Address
	if against != nil {
		sat = against.Committee
	}
	c := freshFirst(&s.terms, sd, size, sat)
	r := &Round{
		ID: id, Kind: kind, Subject: subject, Ref: ref, OpenedAt: at.Now, Seed: sd, Committee: c,
		Order: leaderOrder(c, sd, last), State: Open, Quorum: s.terms.QuorumSize() + size - base,
	}
	s.rounds = append(s.rounds, r)
	s.open = append(s.open, id)
	s.openAttempt(r, at.Now)
	return r
}

// freshFirst draws n members by keccak(seed || address), as draw does, every validator
// not in sat before any in sat.
func freshFirst(t *Terms, seed [32]byte, n int, sat []book.Address) []book.Address {
	type drawn struct {
		again bool
		key   [32]byte
		a     book.Address
	}
	d := make([]drawn, len(t.Validators))
	for i, v := range t.Validators {
		d[i] = drawn{slices.Contains(sat, v), keccak(append(seed[:len(seed):len(seed)], v[:]...)), v}
	}
	slices.SortFunc(d, func(x, y drawn) int {
		switch {
		case x.again != y.again && x.again:
			return 1
		case x.again != y.again:
			return -1
		}
		if c := bytes.Compare(x.key[:], y.key[:]); c != 0 {
			return c
		}
		return bytes.Compare(x.a[:], y.a[:])
	})
	out := make([]book.Address, min(n, len(d)))
	for i := range out {
		out[i] = d[i].a
	}
	return out
}
