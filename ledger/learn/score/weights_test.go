package score

import (
	"fmt"
	"math/big"
	"testing"
)

func atto(v int64) *big.Int { return big.NewInt(v) }

func show(ps []Payment) string {
	s := ""
	for _, p := range ps {
		s += fmt.Sprintf("%s#%d %s %s; ", p.Submitter, p.Entry, p.Role, p.Amount)
	}
	return s
}

// The claims of FACTS §4.4, each worked by hand in its case's comment.
func TestWeights(t *testing.T) {
	for _, c := range []struct {
		name   string
		es     []Entry
		amount int64
		want   string
	}{{
		// Family A: alice created it (#1, 300,000); bob's variant (A, t2) is the best
		// (400,000). alice 0.60·1000 = 600, bob 0.40·1000 = 400.
		name: "split", amount: 1_000,
		es:   []Entry{{1, "alice", 1, "A", "t1", 300_000}, {2, "bob", 2, "A", "t2", 400_000}},
		want: "alice#1 architecture 600; bob#2 training 400; ",
	}, {
		// 1001 atto: bob floor(400.4) = 400, alice the rest, 601 (0.60 plus the remainder).
		name: "remainder to the architecture", amount: 1_001,
		es:   []Entry{{1, "alice", 1, "A", "t1", 300_000}, {2, "bob", 2, "A", "t2", 400_000}},
		want: "alice#1 architecture 601; bob#2 training 400; ",
	}, {
		// alice owns the family and its best variant: 0.60 + 0.40 add up to all of it.
		name: "same owner adds", amount: 1_000,
		es:   []Entry{{1, "alice", 1, "A", "t1", 300_000}, {2, "bob", 2, "A", "t2", 100_000}},
		want: "alice#1 architecture+training 1000; ",
	}, {
		// No training variant on the family (no training digest): renormalised, all to alice.
		name: "no variant", amount: 999,
		es:   []Entry{{1, "alice", 1, "A", "", 300_000}},
		want: "alice#1 architecture 999; ",
	}, {
		// Every score zero: nothing eligible, nothing paid, the pool is kept.
		name: "zero scores", amount: 1_000,
		es:   []Entry{{1, "alice", 1, "A", "t1", 0}, {2, "bob", 2, "B", "t2", 0}},
		want: "",
	}, {
		name: "no entries", amount: 1_000, want: "",
	}, {
		// Family B (carol, 900,000) beats family A (alice, 800,000) though A is older;
		// bob's (B, t1), 900,000, is B's best variant.
		name: "best family by its max final", amount: 10,
		es: []Entry{
			{1, "alice", 1, "A", "t1", 800_000}, {2, "carol", 2, "B", "t0", 100_000}, {3, "bob", 3, "B", "t1", 900_000},
		},
		want: "carol#2 architecture 6; bob#3 training 4; ",
	}, {
		// Families tied at 500,000: the first committed (A, commit 1) wins.
		name: "family tie to the first commit", amount: 10,
		es:   []Entry{{2, "bob", 2, "B", "t", 500_000}, {1, "alice", 1, "A", "t", 500_000}},
		want: "alice#1 architecture+training 10; ",
	}, {
		// The variant (A, t2) was first committed by dave (#2, 100,000); erin's
		// identical pair (#3) scored 700,000. The variant is dave's, its score 700,000.
		name: "variant owner is its first submitter", amount: 100,
		es: []Entry{
			{1, "alice", 1, "A", "t1", 600_000}, {2, "dave", 2, "A", "t2", 100_000}, {3, "erin", 3, "A", "t2", 700_000},
		},
		want: "alice#1 architecture 60; dave#2 training 40; ",
	}, {
		// Variants tied at 500,000 on A: the earlier committed one (t9, commit 2) wins.
		name: "variant tie to the first commit", amount: 100,
		es: []Entry{
			{1, "alice", 1, "A", "t1", 100_000}, {3, "bob", 3, "A", "t2", 500_000}, {2, "carol", 2, "A", "t9", 500_000},
		},
		want: "alice#1 architecture 60; carol#2 training 40; ",
	}, {
		name: "nothing to pay", amount: 0,
		es:   []Entry{{1, "alice", 1, "A", "t1", 300_000}},
		want: "",
	}} {
		t.Run(c.name, func(t *testing.T) {
			ps := Weights(c.es, atto(c.amount))
			if got := show(ps); got != c.want {
				t.Errorf("paid %q, want %q", got, c.want)
			}
			sum := new(big.Int)
			for _, p := range ps {
				sum.Add(sum, p.Amount)
			}
			if len(ps) > 0 && sum.Cmp(atto(c.amount)) != 0 {
				t.Errorf("paid %s of %d", sum, c.amount)
			}
		})
	}
}

// TestWeightsDoNotAliasTheAmount: changing a payment leaves the caller's amount alone.
func TestWeightsDoNotAliasTheAmount(t *testing.T) {
	a := atto(1_000)
	ps := Weights([]Entry{{1, "alice", 1, "A", "", 300_000}}, a)
	ps[0].Amount.SetInt64(0)
	if a.Int64() != 1_000 {
		t.Error("the payment aliased the amount")
	}
}
