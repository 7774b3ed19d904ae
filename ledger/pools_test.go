package ledger

import (
	"reflect"
	"testing"

	"github.com/arena/arena/ledger/book"
)

// Balances.Pools is the whole of the balances: every amount the balances carry but the
// claimable total and the two flows is one line of it, each once, so Held and the board's
// money line, which both read Pools, cannot leave a pool out.
func TestEveryPoolTheBalancesCarryIsOneLineOfPools(t *testing.T) {
	var b Balances
	v := reflect.ValueOf(&b).Elem()
	want := map[string]string{} // distinct amount -> field
	for i := range v.NumField() {
		f := v.Type().Field(i)
		if f.Type != reflect.TypeFor[Amount]() {
			t.Fatalf("Balances.%s is a %s, not an amount", f.Name, f.Type)
		}
		v.Field(i).Set(reflect.ValueOf(NewAmount(uint64(i + 1))))
		if f.Name != "ClaimableTotal" && f.Name != "PaidIn" && f.Name != "PaidOut" {
			want[NewAmount(uint64(i+1)).String()] = f.Name
		}
	}
	seen := map[string]bool{}
	names := map[book.Pool]bool{}
	for _, p := range b.Pools() {
		field, ok := want[p.Amount.String()]
		switch {
		case !ok:
			t.Errorf("Pools lists %s (%q) holding %s, which is no pool field of Balances", p.Name, p.Pool, p.Amount)
		case seen[field]:
			t.Errorf("Pools lists Balances.%s twice", field)
		case names[p.Pool] || p.Pool == "" || p.Name == "":
			t.Errorf("Pools names %q (%s) twice or not at all", p.Pool, p.Name)
		}
		seen[field], names[p.Pool] = true, true
	}
	for _, field := range want {
		if !seen[field] {
			t.Errorf("Balances.%s is not a line of Pools: the money line would leave it out", field)
		}
	}
	sum := b.ClaimableTotal
	for _, p := range b.Pools() {
		sum, _ = sum.Add(p.Amount)
	}
	if held, over := b.Held(); over || !held.Eq(sum) {
		t.Errorf("Held() = %s, %v; the lines of Pools and the claimable total sum to %s", held, over, sum)
	}
}

// The invariants fail when the book holds money in a pool the balances do not list.
func TestTheInvariantsRefuseAPoolTheBalancesLeaveOut(t *testing.T) {
	a, v := Address{1}, Address{2}
	s, err := New(Terms{Chain: "arena-test", Name: "Test Arena", Symbol: "GEN", EntryBond: Ether(5), AppealBond: Ether(20),
		AppealWindowS: 3600, GradingWindowS: 3600, Attempts: 1, RoundTimeoutS: 60, Validators: []Address{v},
		Genesis: []Allocation{{Address: a, Amount: Ether(100)}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CheckInvariants(); err != nil {
		t.Fatalf("a fresh arena: %v", err)
	}
	s.book.Escrow(Address{1}, "learn/unlisted", Ether(7))
	const want = `pool "learn/unlisted" holds 7000000000000000000 but the balances do not list it`
	if err := s.CheckInvariants(); err == nil || err.Error() != want {
		t.Errorf("CheckInvariants() = %v, want %q", err, want)
	}
}
