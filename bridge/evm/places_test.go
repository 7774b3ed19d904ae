package evm_test

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/bridge"
	"github.com/arena/arena/bridge/registry"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// "The registry bridge and webhooks carry every winner": a bounty award that paid three
// ranks crosses to a registry on a real EVM with every payee rank by rank, not first
// place alone: onAward records the first place's win as before, and onPlaces the three
// places in order. A repeated delivery is mined and changes nothing (wins still one
// each); other places for the recorded task revert with the contract's reason; a
// single winner's award records no places.
func TestEveryWinnerOfATieredAwardCrossesToTheRegistry(t *testing.T) {
	operator := newKey(t)
	c := newChain(t, operator)
	reg := c.deploy(t, operator, addrOf(operator))
	s := c.sink(t, reg, operator)
	first, second, third := ledger.Address(addrOf(newKey(t))), ledger.Address(addrOf(newKey(t))), ledger.Address(addrOf(newKey(t)))
	payees := []ledger.Payee{
		{Rank: 1, Entry: 3, Address: first, Amount: ledger.Ether(60)},
		{Rank: 2, Entry: 5, Address: second, Amount: ledger.Ether(30)},
		{Rank: 3, Entry: 6, Address: third, Amount: ledger.Ether(10)},
	}
	award := bridge.Award{ID: "c/award/9", Kind: store.Bounty, Task: 9, Entry: 3, Winner: &first, Score: 80, Prize: ledger.Ether(60), Winners: payees}
	for i := range 2 {
		if rec, err := s.Deliver(ctx(t), award); err != nil || rec.TxHash == "" {
			t.Fatalf("delivery %d: %+v, %v", i+1, rec, err)
		}
	}
	eth := func(n int64) *big.Int { return new(big.Int).Mul(big.NewInt(n), big.NewInt(1e18)) }
	big60, big30, big10 := eth(60), eth(30), eth(10)
	want := []registry.Place{
		{Rank: big.NewInt(1), EntryId: big.NewInt(3), Payee: common.Address(first), Amount: big60},
		{Rank: big.NewInt(2), EntryId: big.NewInt(5), Payee: common.Address(second), Amount: big30},
		{Rank: big.NewInt(3), EntryId: big.NewInt(6), Payee: common.Address(third), Amount: big10},
	}
	got, err := s.TaskPlaces(ctx(t), 9)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, got, cmp.Comparer(func(a, b *big.Int) bool { return a.Cmp(b) == 0 })); d != "" {
		t.Errorf("the registry's places of task 9 (-want +got):\n%s", d)
	}
	if w, err := s.TaskWin(ctx(t), 9); err != nil || w.Winner != common.Address(first) || w.Score.Int64() != 80 {
		t.Errorf("taskWin(9) = %+v, %v; want the first place at 80", w, err)
	}
	if n, err := s.WinsOf(ctx(t), first); err != nil || n.Int64() != 1 {
		t.Errorf("winsOf(first) after two identical deliveries = %v, %v; want 1", n, err)
	}

	changed := award
	changed.Winners = append([]ledger.Payee{}, payees...)
	changed.Winners[2].Amount = ledger.Ether(11)
	if _, err := s.Deliver(ctx(t), changed); err == nil || err.Error() != "onPlaces task 9: estimate gas: reverted: PlacesDiffer(9)" {
		t.Errorf("other places for task 9: %v", err)
	}

	single := bridge.Award{ID: "c/award/10", Kind: store.Bounty, Task: 10, Entry: 1, Winner: &second, Score: 60}
	if _, err := s.Deliver(ctx(t), single); err != nil {
		t.Fatal(err)
	}
	if got, err := s.TaskPlaces(ctx(t), 10); err != nil || len(got) != 0 {
		t.Errorf("a single winner's task holds places %+v, %v", got, err)
	}
}
