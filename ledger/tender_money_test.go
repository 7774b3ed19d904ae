package ledger_test

import (
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/tender"
)

// fullTender is one tender from the scorability check to the withdrawals, as steps a
// test can run one at a time: three bidders and a fourth who withdraws, a
// clarification, one amendment, one bid never revealed, an upheld appeal, expiry and
// the award. The arena charges a 1 GEN grading fee.
type fullTender struct {
	a    *arena
	tid  TenderID
	bids map[string]BidID
	p    tender.Publish
}

func newFullTender(t *testing.T) *fullTender {
	return &fullTender{a: tenderArena(t, func(t *Terms) { t.GradingFee = Ether(1) }), bids: map[string]BidID{}, p: ledgertest.TenderTerms()}
}

// steps returns the tender's steps in order, each named.
func (f *fullTender) steps() []struct {
	name string
	do   func()
} {
	a := f.a
	amended := ledgertest.Proposal("bob") + " Revised: the plan now runs eight weeks."
	return []struct {
		name string
		do   func()
	}{
		{"check", func() { a.Checked(ledgertest.Texts(f.p.Criteria), ledgertest.Scorable(true)) }},
		{"publish", func() { f.tid = a.Publish(Ether(100), f.p) }},
		{"commit alice", func() { f.bids["alice"] = a.Seal(f.tid, "alice", ledgertest.Proposal("alice")) }},
		{"commit bob", func() { f.bids["bob"] = a.Seal(f.tid, "bob", ledgertest.Proposal("bob")) }},
		{"commit carol", func() { f.bids["carol"] = a.Seal(f.tid, "carol", ledgertest.Proposal("carol")) }},
		{"commit dave", func() { f.bids["dave"] = a.Seal(f.tid, "dave", ledgertest.Proposal("dave")) }},
		{"withdraw dave", func() { a.Do("dave", Amount{}, tender.Withdraw{Bid: f.bids["dave"]}) }},
		{"amend bob", func() {
			a.Do("bob", Amount{}, tender.Amend{Bid: f.bids["bob"], Commitment: commitOf(a, ledgertest.Salt("bob"), "bob", amended)})
		}},
		{"ask", func() {
			a.Do("stranger", Amount{}, tender.Ask{Tender: f.tid, Question: "Is a fixed price in euros acceptable?"})
		}},
		{"answer", func() { a.Do("sponsor", Amount{}, tender.Answer{Tender: f.tid, Question: 1, Reply: "Yes."}) }},
		{"reveal alice", func() { a.Wait(f.p.CommitS + 1); a.Unseal(f.bids["alice"], ledgertest.Proposal("alice")) }},
		{"reveal bob", func() { a.Unseal(f.bids["bob"], amended) }},
		{"score alice", func() { a.ScoreBid(f.bids["alice"], ledgertest.Scores(3, 4, 1, 4)) }},
		{"score bob", func() { a.ScoreBid(f.bids["bob"], ledgertest.Scores(5, 4, 4, 3)) }},
		{"appeal alice", func() { a.Do("alice", f.p.AppealBond, tender.Appeal{Bid: f.bids["alice"], Argument: argument}) }},
		{"rescore alice", func() { a.Rescore(f.bids["alice"], ledgertest.Scores(4, 4, 1, 4)) }},
		{"expire carol", func() { a.Wait(f.p.RevealS); a.Do("stranger", Amount{}, tender.Expire{Tender: f.tid}) }},
		{"award", func() { decide(a, f.tid); a.Do("sponsor", Amount{}, tender.Award{Tender: f.tid}) }},
		{"withdrawals", func() {
			for _, who := range []string{"alice", "bob", "carol", "dave", "treasury", "v1", "v2", "v3", "v4", "v5"} {
				if !a.s.Claimable(a.Addr(who)).IsZero() {
					a.Do(who, Amount{}, Withdraw{})
				}
			}
		}},
	}
}

// "the invariant after every step of a full tender": after every step the money
// identity and every invariant hold (the budget pool is the unsettled budgets, the
// deposit pool the held deposits and open bonds, the grading pool the unspent fees,
// every total the sum of its scores times the weights, every bidder's bids counted
// once), and at the end every tender pool is empty and everyone holds what the rules
// say.
func TestTenderMoneyAddsUpAfterEveryStep(t *testing.T) {
	f := newFullTender(t)
	a := f.a
	start := map[string]Amount{}
	for _, who := range []string{"sponsor", "alice", "bob", "carol", "dave"} {
		start[who] = a.s.Balance(a.Addr(who))
	}
	for _, st := range f.steps() {
		st.do()
		if err := a.s.CheckInvariants(); err != nil {
			t.Fatalf("after %s: %v", st.name, err)
		}
		b := a.s.Arena().Balances
		held, over := b.Held()
		net, under := b.PaidIn.Sub(b.PaidOut)
		if over || under || !held.Eq(net) {
			t.Fatalf("after %s: held %s, paid in - out %s", st.name, held, net)
		}
	}
	b := a.s.Arena().Balances
	if !b.TenderBudget.IsZero() || !b.TenderDeposits.IsZero() || !b.TenderGradingFees.IsZero() || !b.ClaimableTotal.IsZero() {
		t.Fatalf("balances %+v", b)
	}
	for who, delta := range map[string]int64{"sponsor": -101, "alice": -2, "bob": 95 - 1, "carol": -5, "dave": 0} {
		got := a.s.Balance(a.Addr(who))
		want := start[who]
		if delta < 0 {
			want, _ = want.Sub(Ether(uint64(-delta)))
		} else {
			want, _ = want.Add(Ether(uint64(delta)))
		}
		if !got.Eq(want) {
			t.Errorf("%s holds %s, want %s (%+d GEN)", who, got, want, delta)
		}
	}
	if got := a.s.Balance(a.Addr("treasury")); !got.Eq(Ether(10)) {
		t.Errorf("the treasury holds %s, want the 5 GEN fee and carol's 5 GEN deposit", got)
	}
	var earned Amount
	for i := 1; i <= 5; i++ {
		earned, _ = earned.Add(a.s.Account(ledgertest.Addr("v" + string(rune('0'+i)))).Earned)
	}
	if !earned.Eq(Ether(4)) {
		t.Errorf("graders earned %s, want the check's, two bids' and the appeal's fees", earned)
	}
	tv := a.Tender(f.tid)
	if tv.State != tender.TenderAwarded || tv.WinningBid != f.bids["bob"] || tv.Bids[0].Appeal.Status != tender.AppealUpheld || tv.Bids[2].Status != tender.BidExpired {
		t.Fatalf("tender %+v", tv)
	}
	if r := a.s.Bidder(a.Addr("bob")); r.Bids != r.Revealed+r.Expired+r.Withdrawn || r.Won != 1 {
		t.Fatalf("bob's record %+v", r)
	}
	if c := a.s.Arena().Counts; c.Tenders != 1 || c.Bids != 4 {
		t.Fatalf("counts %+v", c)
	}
}
