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
