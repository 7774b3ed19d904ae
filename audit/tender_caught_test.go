package audit_test

import (
	"strings"
	"testing"

	"github.com/arena/arena/audit"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/tender"
)

// tenderSet is four tenders settled on one ledger, and the snapshot at the end:
//
//  1. honest: alice and bob reveal, both are scored, alice's bid wins;
//  2. forfeit: alice and bob reveal and are scored, carol seals and never reveals and
//     her bid is expired; bob's bid wins;
//  3. declined: alice and bob score poorly and the buyer declines;
//  4. abandoned: bob's revealed bid is never scored, and the tender is expired past
//     its decision window.
type tenderSet struct {
	snap                                 ledger.Snapshot
	honest, forfeit, declined, abandoned ledger.TenderID
}

func settleTenders(t *testing.T) *tenderSet {
	t.Helper()
	s, err := ledger.New(ledgertest.Terms(3))
	if err != nil {
		t.Fatal(err)
	}
	c := ledgertest.Drive(t, ledgertest.NewBare(s))
	p := ledgertest.TenderTerms()
	out := &tenderSet{}
	open := func(bidders ...string) (ledger.TenderID, []ledger.BidID) {
		id := c.Publish(ledger.Ether(100), p)
		bids := make([]ledger.BidID, len(bidders))
		for i, who := range bidders {
			bids[i] = c.Seal(id, who, ledgertest.Proposal(who))
		}
		c.Wait(p.CommitS + 1)
		return id, bids
	}
	decide := func(id ledger.TenderID) {
		tv := c.Tender(id)
		if until := max(tv.RevealCloses+1, tv.AwardFrom); until > c.Now() {
			c.Wait(until - c.Now())
		}
	}

	id, bids := open("alice", "bob")
	c.Unseal(bids[0], ledgertest.Proposal("alice"))
	c.Unseal(bids[1], ledgertest.Proposal("bob"))
	c.ScoreBid(bids[0], ledgertest.Scores(5, 4, 4, 3))
	c.ScoreBid(bids[1], ledgertest.Scores(3, 4, 1, 4))
	decide(id)
	c.Do("sponsor", ledger.Amount{}, tender.Award{Tender: id})
	out.honest = id

	id, bids = open("alice", "bob", "carol")
	c.Unseal(bids[0], ledgertest.Proposal("alice"))
	c.Unseal(bids[1], ledgertest.Proposal("bob"))
	c.ScoreBid(bids[0], ledgertest.Scores(2, 2, 2, 2))
	c.ScoreBid(bids[1], ledgertest.Scores(4, 4, 4, 4))
	c.Wait(p.RevealS)
	c.Do("stranger", ledger.Amount{}, tender.Expire{Tender: id})
	decide(id)
	c.Do("sponsor", ledger.Amount{}, tender.Award{Tender: id})
	out.forfeit = id

	id, bids = open("alice", "bob")
	c.Unseal(bids[0], ledgertest.Proposal("alice"))
	c.Unseal(bids[1], ledgertest.Proposal("bob"))
	c.ScoreBid(bids[0], ledgertest.Scores(0, 1, 0, 1))
	c.ScoreBid(bids[1], ledgertest.Scores(1, 0, 1, 0))
	decide(id)
	c.Do("sponsor", ledger.Amount{}, tender.Decline{Tender: id, Reason: "no proposal names a reference"})
	out.declined = id

	id, bids = open("alice", "bob")
	c.Unseal(bids[0], ledgertest.Proposal("alice"))
	c.Unseal(bids[1], ledgertest.Proposal("bob"))
	c.ScoreBid(bids[0], ledgertest.Scores(3, 3, 3, 3))
	c.Wait(p.RevealS + p.DecideS + 1)
	c.Do("stranger", ledger.Amount{}, tender.Expire{Tender: id})
	out.abandoned = id

	for id, want := range map[ledger.TenderID]string{out.honest: tender.TenderAwarded, out.forfeit: tender.TenderAwarded,
		out.declined: tender.TenderDeclined, out.abandoned: tender.TenderAbandoned} {
		if got := c.Tender(id).State; got != want {
			t.Fatalf("tender %d is %s, want %s", id, got, want)
		}
	}
	out.snap = s.Snapshot()
	return out
}

// snapshot returns a fresh copy of the set's snapshot, which a test may doctor, and
// the view of tender id in it.
func (ts *tenderSet) snapshot(t *testing.T, id ledger.TenderID) (*ledger.Snapshot, *ledger.TenderView) {
	t.Helper()
	s := copySnapshot(t, &ts.snap)
	for i := range s.Tenders {
		if s.Tenders[i].ID == id {
			return s, &s.Tenders[i]
		}
	}
	t.Fatalf("no tender %d", id)
	return nil, nil
}

func auditTender(t *testing.T, s *ledger.Snapshot, id ledger.TenderID) *audit.Report {
	t.Helper()
	rep, err := audit.Tender(s, id)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// A tender awarded, declined or abandoned re-derives: no award is no mismatch, and
// nothing is caught where no bidder cheated.
func TestASettledTenderReDerivesHoweverItEnded(t *testing.T) {
	set := settleTenders(t)
	for _, id := range []ledger.TenderID{set.honest, set.declined, set.abandoned} {
		s, _ := set.snapshot(t, id)
		rep := auditTender(t, s, id)
		if !rep.OK() || len(rep.Caught) != 0 || lastLine(rep) != audit.Derived {
			t.Errorf("tender %d: want every number re-derived and nothing caught:\n%s", id, rep)
		}
	}
	s, tv := set.snapshot(t, set.declined)
	if !tv.Fee.IsZero() || !tv.Payout.IsZero() {
		t.Errorf("a declined tender's view carries fee %s and payout %s, want 0 and 0", tv.Fee, tv.Payout)
	}
	out := auditTender(t, s, set.declined).String()
	for _, line := range []string{
		"\n  ok   fee          settled 0, derived 0 (no award: nothing to the treasury)\n",
		"\n  ok   payout       settled 0, derived 0 (no award: the budget went back to the buyer)\n",
		"\n  ok   winner       settled 0, derived 0 (no award: the budget went back to the buyer)\n",
	} {
		if !strings.Contains(out, line) {
			t.Errorf("no line %q in\n%s", line, out)
		}
	}
}

// A bid sealed and never revealed is caught by the ledger, which forfeits its deposit:
// the audit says so and closes as every number re-derived.
func TestAForfeitedDepositIsACaughtCheat(t *testing.T) {
	set := settleTenders(t)
	s, _ := set.snapshot(t, set.forfeit)
	rep := auditTender(t, s, set.forfeit)
	const caught = "bid 5 was sealed and never revealed; its deposit of 5 is forfeited to the treasury"
	if !rep.OK() || lastLine(rep) != audit.Derived {
		t.Fatalf("a forfeit is reported as a mismatch:\n%s", rep)
	}
	if len(rep.Caught) != 1 || rep.Caught[0] != caught {
		t.Errorf("caught %q, want %q", rep.Caught, caught)
	}
	if out := rep.String(); !strings.Contains(out, "\ncheat caught: "+caught+"\n") {
		t.Errorf("no caught line in\n%s", out)
	}
}

// A doctored number of a tender, however it ended, fails its step and closes the
// report with a mismatch of the tender's totals or award.
func TestADoctoredTenderClosesWithAMismatch(t *testing.T) {
	set := settleTenders(t)
	const closing = "MISMATCH: the tender's totals or award does not follow from the published data"
	for _, tc := range []struct {
		name, step string
		id         ledger.TenderID
		edit       func(*ledger.TenderView)
	}{
		{"a total", "bid 1 total", set.honest, func(tv *ledger.TenderView) { tv.Bids[0].Total++ }},
		{"the fee", "fee", set.honest, func(tv *ledger.TenderView) { tv.Fee = ledger.Ether(1) }},
		{"a forfeited deposit returned", "bid 5 deposit", set.forfeit, func(tv *ledger.TenderView) { tv.Bids[2].Outcome = tender.OutcomeReturned }},
		{"a declined tender with a winner", "winner", set.declined, func(tv *ledger.TenderView) { tv.WinningBid = tv.Bids[0].ID }},
		{"an abandoned tender's deposit kept", "bid 9 deposit", set.abandoned, func(tv *ledger.TenderView) { tv.Bids[1].Outcome = tender.OutcomeForfeit }},
		{"a declined tender's fee at its terms' figure", "fee", set.declined, func(tv *ledger.TenderView) { tv.Fee, _ = termsSplit(t, tv) }},
		{"an abandoned tender's payout at its terms' figure", "payout", set.abandoned, func(tv *ledger.TenderView) { _, tv.Payout = termsSplit(t, tv) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, tv := set.snapshot(t, tc.id)
			tc.edit(tv)
			rep := auditTender(t, s, tc.id)
			if rep.OK() || lastLine(rep) != closing {
				t.Fatalf("want the closing line %q:\n%s", closing, rep)
			}
			failed := false
			for _, st := range rep.Steps {
				failed = failed || (!st.OK && !st.Caught && st.Name == tc.step)
			}
			if !failed {
				t.Errorf("no failing %q step:\n%s", tc.step, rep)
			}
		})
	}
	s, tv := set.snapshot(t, set.forfeit)
	tv.Bids[2].Outcome = tender.OutcomeReturned
	if rep := auditTender(t, s, set.forfeit); len(rep.Caught) != 0 {
		t.Errorf("a deposit returned against the rule reports a caught cheat %q", rep.Caught)
	}
}

// termsSplit is the fee and payout tender tv's terms set for an award, both non-zero.
func termsSplit(t *testing.T, tv *ledger.TenderView) (fee, payout ledger.Amount) {
	t.Helper()
	m, _ := tv.Budget.MulUint64(tv.FeeBps)
	fee, _ = m.DivMod(tender.BpsDenominator)
	payout, _ = tv.Budget.Sub(fee)
	if fee.IsZero() || payout.IsZero() {
		t.Fatalf("tender %d's terms set fee %s and payout %s", tv.ID, fee, payout)
	}
	return fee, payout
}
