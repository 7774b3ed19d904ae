package book

import "testing"

// The book moves money only through its functions, and the identity
// sum(pools) + claimable == paid_in - paid_out holds after each; an underflow, which only
// a broken rule could cause, is a fault, never a panic.
func TestTheBookKeepsTheIdentityAcrossPools(t *testing.T) {
	b := New()
	alice, bob := Address{1}, Address{2}
	b.Fund(alice, Ether(10))
	b.Fund(bob, Ether(10))
	steps := []struct {
		name string
		do   func()
	}{
		{"escrow into a", func() { b.Escrow(alice, "toy/a", Ether(4)) }},
		{"escrow into b", func() { b.Escrow(bob, "toy/b", Ether(2)) }},
		{"move a to b", func() { b.Move("toy/a", "toy/b", Ether(1)) }},
		{"release b to alice", func() { b.Release("toy/b", alice, Ether(3)) }},
		{"withdraw", func() {
			if owed, ok := b.Withdraw(alice); !ok || !owed.Eq(Ether(3)) {
				t.Fatalf("withdrew %s", owed)
			}
		}},
	}
	for _, s := range steps {
		s.do()
		if err := b.Check(); err != nil {
			t.Fatalf("after %s: %v", s.name, err)
		}
	}
	if got := b.Pool("toy/a"); !got.Eq(Ether(3)) {
		t.Fatalf("pool a holds %s", got)
	}
	if _, ok := b.Withdraw(alice); ok {
		t.Fatal("a second withdrawal paid")
	}
	b.Release("toy/a", bob, Ether(4)) // one more than the pool holds
	if b.Fault() == nil || b.CheckIdentity() == nil {
		t.Fatal("releasing more than a pool holds was not a fault")
	}
}

// Moving zero touches nothing, whichever way it moves: no pool or account appears for
// it and the book's hash is unchanged, so a rule that releases a fee or deposit of zero
// needs no guard of its own.
func TestMovingZeroTouchesNothing(t *testing.T) {
	b := New()
	alice, bob := Address{1}, Address{2}
	b.Fund(alice, Ether(10))
	before, pools := b.Hash(), len(b.Pools())
	for name, do := range map[string]func(){
		"escrow":  func() { b.Escrow(alice, "toy/a", Amount{}) },
		"fee":     func() { b.PayFee(alice, Amount{}) },
		"move":    func() { b.Move("toy/a", "toy/b", Amount{}) },
		"release": func() { b.Release("toy/a", bob, Amount{}) },
		"reward":  func() { b.Reward("toy/a", bob, Amount{}) },
	} {
		do()
		if b.Hash() != before || len(b.Pools()) != pools || len(b.Addresses()) != 1 {
			t.Errorf("%s of zero changed the book: pools %v, addresses %v", name, b.Pools(), b.Addresses())
		}
	}
	b.Escrow(alice, "toy/a", Ether(2))
	b.Release("toy/a", bob, Ether(2))
	if got := b.Account(bob).Claimable; !got.Eq(Ether(2)) {
		t.Fatalf("bob may claim %s after a release of 2", got)
	}
}
