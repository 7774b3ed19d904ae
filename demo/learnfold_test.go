package demo

import (
	"encoding/hex"
	"math/big"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/ledger/learn/score"
)

// The learning fold's story holds whichever mix pair the anchored seeds made best: two
// payments (0.60 to carol, who owns the architecture, and 0.40 to bob) when bob's
// training program is best on it, one payment of both shares to carol when hers is. A
// fold that pays other than score.Weights gives, or pays the architecture's share to
// anyone but its owner, does not hold.
func TestTheLearningFoldStoryHoldsForEitherSeedsOutcome(t *testing.T) {
	d := &driver{names: map[ledger.Address]string{}}
	addr := map[string]ledger.Address{}
	for i, who := range []string{"alice", "carol", "bob"} {
		a := ledger.Address{byte(i + 1)}
		addr[who], d.names[a] = a, who
	}
	runs := func(carol, bob int64) []learn.RunView {
		v := []learn.RunView{
			{ID: 1, Committer: addr["alice"], Arch: "order2", Train: "order2", Score: &learn.Score{Final: 208_827}},
			{ID: 2, Committer: addr["carol"], Arch: "mix", Train: "order2", Score: &learn.Score{Final: carol}},
			{ID: 3, Committer: addr["bob"], Arch: "mix", Train: "mix", Score: &learn.Score{Final: bob}},
		}
		return v
	}
	fold := func(rs []learn.RunView) learn.FoldView {
		var es []score.Entry
		for _, r := range rs {
			es = append(es, score.Entry{ID: uint64(r.ID), Submitter: hex.EncodeToString(r.Committer[:]), Commit: uint64(r.ID), Arch: r.Arch, Train: r.Train, Final: r.Score.Final})
		}
		total := ledger.Ether(learnPlan.perEpoch)
		f := learn.FoldView{Epoch: 1, Amount: total}
		want, _ := new(big.Int).SetString(total.String(), 10)
		for _, p := range score.Weights(es, want) {
			a, _ := ledger.ParseAmount(p.Amount.String())
			b, _ := hex.DecodeString(p.Submitter)
			f.Payments = append(f.Payments, learn.PaymentView{Run: learn.RunID(p.Entry), Address: ledger.Address(b), Amount: a, Role: p.Role})
		}
		return f
	}
	for name, c := range map[string]struct {
		carol, bob int64
		payments   int
	}{
		"bob's training best":   {260_178, 260_188, 2},
		"carol's training best": {260_178, 259_969, 1},
	} {
		t.Run(name, func(t *testing.T) {
			v := ledger.LearnChallengeView{Runs: runs(c.carol, c.bob)}
			v.Folds = []learn.FoldView{fold(v.Runs)}
			st := d.learnFoldStory(v)
			if !st.Held || len(v.Folds[0].Payments) != c.payments {
				t.Fatalf("held %v with %d payments (want %d): %s", st.Held, len(v.Folds[0].Payments), c.payments, st.Detail)
			}
			wrong := v
			f := fold(v.Runs)
			f.Payments[0].Address = addr["bob"]
			wrong.Folds = []learn.FoldView{f}
			if d.learnFoldStory(wrong).Held {
				t.Fatal("a fold paying the architecture's share to bob holds")
			}
		})
	}
}
