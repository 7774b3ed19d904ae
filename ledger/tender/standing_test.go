package tender

import (
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/arena/arena/ledger/book"
)

// Standing.Compare ranks the higher total first, then the higher primary score, then the
// earlier commitment; a later key counts only on a tie of the ones before it.
func TestCompareIsTotalThenPrimaryThenCommitOrder(t *testing.T) {
	for _, tc := range []struct {
		name string
		a, b Standing
		want int
	}{
		{"a higher total first whatever the primary", Standing{Total: 30, Primary: 1, Seq: 9}, Standing{Total: 20, Primary: 5, Seq: 1}, -1},
		{"a lower total after", Standing{Total: 20, Primary: 5, Seq: 1}, Standing{Total: 30, Primary: 1, Seq: 9}, 1},
		{"on a tied total the higher primary first", Standing{Total: 30, Primary: 4, Seq: 9}, Standing{Total: 30, Primary: 3, Seq: 1}, -1},
		{"on a tied total the lower primary after", Standing{Total: 30, Primary: 3, Seq: 1}, Standing{Total: 30, Primary: 4, Seq: 9}, 1},
		{"on tied total and primary the earlier commitment first", Standing{Total: 30, Primary: 4, Seq: 2}, Standing{Total: 30, Primary: 4, Seq: 3}, -1},
		{"on tied total and primary the later commitment after", Standing{Total: 30, Primary: 4, Seq: 3}, Standing{Total: 30, Primary: 4, Seq: 2}, 1},
		{"a bid ties only itself", Standing{Total: 30, Primary: 4, Seq: 3}, Standing{Total: 30, Primary: 4, Seq: 3}, 0},
	} {
		if got := tc.a.Compare(tc.b); got != tc.want {
			t.Errorf("%s: %+v.Compare(%+v) = %d, want %d", tc.name, tc.a, tc.b, got, tc.want)
		}
	}
}

// Sorting by Compare gives one order whatever order the bids come in: it never falls
// back on list order.
func TestCompareRanksTheSameWhateverTheListOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 13))
	for range 500 {
		bids := make([]Standing, 1+rng.IntN(8))
		for i := range bids {
			bids[i] = Standing{Total: uint64(rng.IntN(4)), Primary: rng.IntN(3), Seq: i + 1}
		}
		want := slices.SortedFunc(slices.Values(bids), Standing.Compare)
		rng.Shuffle(len(bids), func(i, j int) { bids[i], bids[j] = bids[j], bids[i] })
		if got := slices.SortedFunc(slices.Values(bids), Standing.Compare); !slices.Equal(got, want) {
			t.Fatalf("ranked %+v from one order and %+v from another", want, got)
		}
		for i := 1; i < len(want); i++ {
			if want[i-1].Compare(want[i]) >= 0 || want[i].Compare(want[i-1]) <= 0 {
				t.Fatalf("%+v and %+v: distinct bids must be strictly ordered both ways", want[i-1], want[i])
			}
		}
	}
}

// Fee is budget*bps/10000 rounded down for every budget up to the largest amount, which
// a product taken first would overflow.
func TestFeeIsTheBudgetTimesBasisPointsRoundedDown(t *testing.T) {
	max256 := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
	want := func(budget *big.Int, bps uint64) string {
		p := new(big.Int).Mul(budget, new(big.Int).SetUint64(bps))
		return p.Div(p, big.NewInt(BpsDenominator)).String()
	}
	check := func(budget *big.Int, bps uint64) {
		t.Helper()
		a := book.MustAmount(budget.String())
		if got := Fee(a, bps).String(); got != want(budget, bps) {
			t.Fatalf("Fee(%s, %d) = %s, want %s", budget, bps, got, want(budget, bps))
		}
	}
	for _, tc := range []struct {
		budget string
		bps    uint64
	}{
		{"0", 1000}, {"9999", 1}, {"10000", 1}, {"123456789", 0}, {"123456789", 250}, {"123456789", MaxFeeBps},
	} {
		b, _ := new(big.Int).SetString(tc.budget, 10)
		check(b, tc.bps)
	}
	check(max256, MaxFeeBps)
	check(max256, 1)
	rng := rand.New(rand.NewPCG(17, 19))
	for range 2000 {
		var raw [32]byte
		for i := range raw {
			raw[i] = byte(rng.Uint32())
		}
		b := new(big.Int).SetBytes(raw[:])
		b.Rsh(b, uint(rng.IntN(256)))
		check(b, uint64(rng.IntN(MaxFeeBps+1)))
	}
}
