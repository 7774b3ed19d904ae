package audit

import (
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/bounty"
	"github.com/arena/arena/ledger/tender"
)

// graded is a bounty entry graded with score, filed at filed, in state graded.
func graded(id ledger.EntryID, filed int64, score int, passed, dq bool) ledger.EntryView {
	return ledger.EntryView{ID: id, Task: 1, FiledAt: filed, State: ledger.EntryGraded,
		Current: &ledger.GradeView{Score: score, Tier: score / 20, Passed: passed, Disqualified: dq}}
}

// awardSnapshot is a task of five entries settled as the bounty kind settles it: two tied
// on score (the earlier filing wins), a higher score disqualified as a copy, one sealed
// and never revealed, one that did not pass.
func awardSnapshot() *ledger.Snapshot {
	copied := graded(3, 50, 0, false, true)
	copied.Current.DuplicateOf = 2
	es := []ledger.EntryView{
		graded(1, 200, 60, true, false),
		graded(2, 100, 60, true, false),
		copied,
		{ID: 4, Task: 1, FiledAt: 10, State: ledger.EntrySealed},
		graded(5, 300, 0, false, false),
	}
	outcomes := []string{bounty.BondRefunded, bounty.BondWon, bounty.BondSlashed, bounty.BondForfeited, bounty.BondRefunded}
	for i := range es {
		es[i].Outcome = outcomes[i]
	}
	return &ledger.Snapshot{
		Tasks:   []ledger.TaskView{{ID: 1, State: ledger.TaskAwarded, Entries: []ledger.EntryID{1, 2, 3, 4, 5}, Winner: 2, WinScore: 60}},
		Entries: es,
	}
}

// stepOf returns the step of r named name.
func stepOf(t *testing.T, r *Report, name string) Step {
	t.Helper()
	for _, s := range r.Steps {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("no step %q in %+v", name, r.Steps)
	return Step{}
}

// The award's audit ranks by the bounty kind's own order and bond rule: a task settled
// as the kind settles it re-derives, with the copy and the unrevealed entry caught; a
// winner the order does not pick, or a bond fate the rule does not give, is a mismatch.
func TestTheAwardAuditUsesTheKindsOrderAndBondRule(t *testing.T) {
	r, err := Task(awardSnapshot(), 1)
	if err != nil {
		t.Fatal(err)
	}
	if !r.OK() {
		t.Fatalf("the award as settled does not re-derive: %+v", r.Steps)
	}
	if w := stepOf(t, r, "winner"); w.Got != "2" || w.Note != "highest score, then earliest filing, then lowest entry number" {
		t.Errorf("winner step %+v, want entry 2 (tied on score, filed first)", w)
	}
	wantCaught := []string{
		"entry 3 copies entry 2; disqualified, its bond slashed",
		"entry 4 was sealed and never revealed; its bond forfeited",
	}
	if strings.Join(r.Caught, "\n") != strings.Join(wantCaught, "\n") {
		t.Errorf("caught %q, want %q", r.Caught, wantCaught)
	}

	snap := awardSnapshot()
	snap.Tasks[0].Winner = 1
	r, _ = Task(snap, 1)
	if w := stepOf(t, r, "winner"); w.OK || w.Want != "1" || w.Got != "2" {
		t.Errorf("a later filing named winner: step %+v, want settled 1, derived 2, not OK", w)
	}

	snap = awardSnapshot()
	snap.Entries[2].Outcome = bounty.BondRefunded
	r, _ = Task(snap, 1)
	if b := stepOf(t, r, "entry 3 bond"); b.OK || b.Want != "refunded" || b.Got != "slashed" {
		t.Errorf("a disqualified bond refunded: step %+v, want settled refunded, derived slashed, not OK", b)
	}
}

// With no eligible entry the audit expects the task voided, by the kind's Eligible: a
// disqualified or failed grade cannot win however high its score.
func TestTheAwardAuditVoidsWithNoEligibleEntry(t *testing.T) {
	failed := graded(2, 100, 100, true, false)
	failed.Current.Error = "[EXTERNAL] Work URL returned 404"
	snap := &ledger.Snapshot{
		Tasks:   []ledger.TaskView{{ID: 1, State: ledger.TaskVoided, Entries: []ledger.EntryID{1, 2}}},
		Entries: []ledger.EntryView{graded(1, 100, 0, false, true), failed},
	}
	snap.Entries[0].Outcome, snap.Entries[1].Outcome = bounty.BondSlashed, bounty.BondRefunded
	r, err := Task(snap, 1)
	if err != nil {
		t.Fatal(err)
	}
	if a := stepOf(t, r, "award"); !a.OK || a.Got != ledger.TaskVoided || a.Note != "no eligible entry: the prize goes back to the sponsor" {
		t.Errorf("award step %+v, want voided", a)
	}
}

// The tender's fee is re-derived with the kind's own Fee, so the largest budget the
// ledger holds audits as the ledger settled it (a product taken first would overflow).
func TestTheTenderFeeAuditsTheLargestBudget(t *testing.T) {
	max256 := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
	budget := ledger.MustAmount(max256.String())
	fee := tender.Fee(budget, tender.MaxFeeBps)
	payout, _ := budget.Sub(fee)
	r := &Report{}
	r.settlement(ledger.TenderView{State: tender.TenderOpen, Budget: budget, FeeBps: tender.MaxFeeBps, Fee: fee, Payout: payout}, nil)
	f, p := stepOf(t, r, "fee"), stepOf(t, r, "payout")
	if !f.OK || !p.OK || f.Note != fmt.Sprintf("budget %s times %d basis points, rounded down", budget, tender.MaxFeeBps) {
		t.Errorf("fee %+v, payout %+v: want both re-derived", f, p)
	}
	doctored := fee
	doctored, _ = doctored.Add(ledger.NewAmount(1))
	r = &Report{}
	r.settlement(ledger.TenderView{State: tender.TenderOpen, Budget: budget, FeeBps: tender.MaxFeeBps, Fee: doctored, Payout: payout}, nil)
	if f := stepOf(t, r, "fee"); f.OK || f.Got != fee.String() {
		t.Errorf("a fee one atto high: step %+v, want derived %s, not OK", f, fee)
	}
}

// The audit's tender ranking is the kind's Standing order over the published scores.
func TestTheTenderRankingAuditUsesTheKindsOrder(t *testing.T) {
	bid := func(id ledger.BidID, seq int, total uint64, primary, rank int) ledger.BidView {
		return ledger.BidView{ID: id, Seq: seq, Total: total, Rank: rank,
			Scores: []tender.ScoreView{{Criterion: 0, Score: 3}, {Criterion: 1, Score: primary}}}
	}
	// bid 3 and bid 1 tie on total; bid 3 scored higher on the primary criterion (1);
	// bid 2 and bid 4 tie on both, so commit order decides.
	scored := []ledger.BidView{bid(1, 1, 40, 2, 2), bid(2, 2, 30, 4, 3), bid(3, 3, 40, 5, 1), bid(4, 4, 30, 4, 4)}
	r := &Report{}
	r.ranking(scored, 1)
	if !r.OK() {
		t.Fatalf("the ranking as the kind ranks does not re-derive: %+v", r.Steps)
	}
	scored[0].Rank, scored[2].Rank = 1, 2
	r = &Report{}
	r.ranking(scored, 1)
	if s := stepOf(t, r, "bid 1 rank"); s.OK || s.Want != "1" || s.Got != "2" {
		t.Errorf("a lower primary ranked first: step %+v, want settled 1, derived 2", s)
	}
}

// The audit's parimutuel is the match kind's Fee and Split: the pool less the fee pro rata
// among the stakes on the move, rounded down, the rest to the largest stake, the earliest
// among equals; every stake back when none is on the move.
func TestParimutuelIsTheKindsFeeAndSplit(t *testing.T) {
	bet := func(id ledger.BetID, move string, stake uint64) ledger.BetView {
		return ledger.BetView{ID: id, Move: move, Stake: ledger.NewAmount(stake)}
	}
	line := func(pays ...uint64) string {
		var parts []string
		for i, p := range pays {
			parts = append(parts, fmt.Sprintf("bet %d %s", i+1, ledger.NewAmount(p).Units()))
		}
		return strings.Join(parts, ", ")
	}
	for _, tc := range []struct {
		name   string
		bets   []ledger.BetView
		move   string
		feeBps uint64
		want   string
	}{
		{"10% fee, split pro rata", []ledger.BetView{bet(1, "rock", 3000), bet(2, "rock", 1000), bet(3, "paper", 2000)}, "rock", 1000, line(4050, 1350, 0)},
		{"the rest to the largest stake", []ledger.BetView{bet(1, "rock", 1), bet(2, "rock", 2), bet(3, "paper", 7)}, "rock", 0, line(3, 7, 0)},
		{"the rest to the earliest of equal stakes", []ledger.BetView{bet(1, "paper", 1), bet(2, "rock", 1), bet(3, "rock", 1)}, "rock", 0, line(0, 2, 1)},
		{"nothing on the move: every stake back, no fee", []ledger.BetView{bet(1, "paper", 5), bet(2, "scissors", 9)}, "rock", 1000, line(5, 9)},
	} {
		if got := parimutuel(tc.bets, tc.move, tc.feeBps); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
