package round_test

import (
	"slices"
	"testing"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
)

// OpenSized draws a committee of the size asked for from the validator set (every
// member distinct, each one a validator, the draw fixed by the round's seed), keeps
// its own quorum, and settles on that quorum rather than the arena's: a round sized
// 2 of 3 settles on two agreeing verdicts although the arena's quorum is three, and a
// size of the whole set is the whole set in order.
func TestOpenSizedDrawsItsOwnCommitteeAndSettlesOnItsOwnQuorum(t *testing.T) {
	g := newToy(t, 3)
	vs := []book.Address{addr(0xa1), addr(0xa2), addr(0xa3), addr(0xa4), addr(0xa5)}
	r := g.rs.OpenSized(toyKind, 7, 0, 3, 2, "toy-chain", g.at(book.Address{}))
	if len(r.Committee) != 3 || r.Quorum != 2 || len(r.Order) != 3 {
		t.Fatalf("committee %d, quorum %d, order %d", len(r.Committee), r.Quorum, len(r.Order))
	}
	for i, m := range r.Committee {
		if !slices.Contains(vs, m) || slices.Contains(r.Committee[:i], m) {
			t.Fatalf("member %x is not a distinct validator: %x", m[0], r.Committee)
		}
		if !slices.Contains(r.Order, m) {
			t.Fatalf("member %x has no place in the leader order", m[0])
		}
	}
	var outsider book.Address
	for _, v := range vs {
		if !slices.Contains(r.Committee, v) {
			outsider = v
		}
	}
	if _, _, err := g.rs.Admit(r.ID, 1, outsider, g.now); err == nil {
		t.Fatal("a validator outside the sized committee was admitted")
	}
	if st := g.attest(r, r.Current().Leader, true, ""); st.Settled {
		t.Fatal("the leader alone settled a round with a quorum of two")
	}
	o := others(r)
	if st := g.attest(r, o[0], true, ""); !st.Settled || r.State != round.Settled {
		t.Fatalf("two agreeing did not settle a round with a quorum of two: %+v", st)
	}

	same := newToy(t, 3).rs.OpenSized(toyKind, 7, 0, 3, 2, "toy-chain", book.At{Height: 1, Now: 1000})
	if !slices.Equal(same.Committee, r.Committee) || !slices.Equal(same.Order, r.Order) {
		t.Fatalf("the same round drew %x, then %x", r.Committee, same.Committee)
	}
	whole := g.rs.OpenSized(toyKind, 8, 0, 5, 5, "toy-chain", g.at(book.Address{}))
	if !slices.Equal(whole.Committee, vs) || whole.Quorum != 5 {
		t.Fatalf("a committee of the whole set: %x, quorum %d", whole.Committee, whole.Quorum)
	}
}
