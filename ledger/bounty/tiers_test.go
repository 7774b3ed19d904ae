package bounty

import (
	"math/rand/v2"
	"testing"

	"github.com/arena/arena/ledger/book"
)

// "paid ... to the atto": every split sums exactly to what it splits, and a team's
// members after the first get their share rounded down, over seeded random amounts and
// splits.
func TestSplitsSumToTheAtto(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 1))
	sum := func(xs []book.Amount) book.Amount {
		var s book.Amount
		for _, x := range xs {
			s = mustAdd(s, x)
		}
		return s
	}
	for range 2000 {
		amt := book.NewAmount(rng.Uint64())
		if rng.IntN(3) == 0 {
			amt, _ = amt.MulUint64(rng.Uint64())
		}
		n := rng.IntN(MaxTeam-1) + 2
		bps := randomBasis(rng, n)
		team := make([]Member, n)
		for i := range team {
			team[i] = Member{Address: book.Address{byte(i + 1)}, Share: bps[i]}
		}
		if got := SplitPrize(amt, bps); !sum(got).Eq(amt) {
			t.Fatalf("SplitPrize(%s, %v) sums to %s", amt, bps, sum(got))
		}
		got := SplitTeam(amt, team)
		if !sum(got).Eq(amt) {
			t.Fatalf("SplitTeam(%s, %v) sums to %s", amt, bps, sum(got))
		}
		for i := 1; i < n; i++ {
			if !got[i].Eq(part(amt, bps[i])) {
				t.Fatalf("member %d got %s, want its share rounded down %s", i, got[i], part(amt, bps[i]))
			}
		}
		funds := make([]Funding, n)
		for i := range funds {
			funds[i] = Funding{From: book.Address{byte(rng.IntN(3) + 1)}, Amount: book.NewAmount(rng.Uint64N(1e18) + 1)}
		}
		var back book.Amount
		for _, p := range SplitBack(amt, funds) {
			back = mustAdd(back, p.Prize)
		}
		if !back.Eq(amt) {
			t.Fatalf("SplitBack(%s) sums to %s", amt, back)
		}
	}
}

// randomBasis returns n positive basis points summing to TotalBasis.
func randomBasis(rng *rand.Rand, n int) []int {
	out := make([]int, n)
	left := TotalBasis
	for i := range n - 1 {
		out[i] = rng.IntN(left-(n-1-i)) + 1
		left -= out[i]
	}
	out[n-1] = left
	return out
}
