package ledger_test

import (
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/tender"
)

// The seed's "Failure / Designed behaviour" table, row by row.

// "A bidder never reveals: the commitment expires unscored and the entry deposit is
// forfeited ... Expiry is a real state change anyone can trigger, not a status inferred
// from a clock." Past the reveal window the bid is still sealed until someone expires
// it; then its deposit is the treasury's and its unspent grading fee the bidder's.
func TestTenderABidderWhoNeverRevealsForfeitsTheDeposit(t *testing.T) {
	a := tenderArena(t, func(t *Terms) { t.GradingFee = Ether(1) })
	p := ledgertest.TenderTerms()
	tid := a.Publish(Ether(100), p)
	bids := sealed(a, tid, "alice", "bob")
	a.Wait(p.CommitS + 1)
	a.Unseal(bids[0], ledgertest.Proposal("alice"))
	a.Refused(errTenderRevealOpen, "stranger", Amount{}, tender.Expire{Tender: tid})
	a.Wait(p.RevealS)
	if b := a.Bid(bids[1]); b.Status != tender.BidSealed {
		t.Fatalf("past the reveal window the bid reads %s before anyone expired it", b.Status)
	}
	bob := a.s.Claimable(a.Addr("bob"))
	a.Do("stranger", Amount{}, tender.Expire{Tender: tid})
	b := a.Bid(bids[1])
	if b.Status != tender.BidExpired || b.Outcome != tender.OutcomeForfeit || b.ExpiredAt != a.Now() {
		t.Fatalf("bid %+v", b)
	}
	if got := a.s.Claimable(a.Addr("treasury")); !got.Eq(p.Deposit) {
		t.Fatalf("treasury is owed %s, want the deposit %s", got, p.Deposit)
	}
	if got, _ := a.s.Claimable(a.Addr("bob")).Sub(bob); !got.Eq(Ether(1)) {
		t.Fatalf("bob got %s back, want his unspent grading fee", got)
	}
	if tv := a.Tender(tid); !tv.Forfeited.Eq(p.Deposit) || tv.State != tender.TenderOpen {
		t.Fatalf("tender %+v", tv)
	}
	if r := a.s.Bidder(a.Addr("bob")); r.Bids != 1 || r.Expired != 1 {
		t.Fatalf("bob's record %+v", r)
	}
	a.Refused(errTenderNothingExpire, "stranger", Amount{}, tender.Expire{Tender: tid})
	a.Refused(errTenderHandled, "bob", Amount{}, tender.Reveal{Bid: bids[1], Salt: ledgertest.Salt("bob"), Proposal: ledgertest.Proposal("bob")})
}

// "A reveal does not match the hash: refused immediately, before any scoring runs, and
// nothing is stored. The bidder can correct the text and reveal again while the window
// is open." Anyone holding the bytes may reveal; the commitment binds the bidder, so
// the same bytes under another address never match.
func TestTenderARevealThatDoesNotMatchStoresNothingAndCanBeRetried(t *testing.T) {
	a := tenderArena(t, nil)
	p := ledgertest.TenderTerms()
	tid := a.Publish(Ether(100), p)
	b := sealed(a, tid, "alice")[0]
	a.Wait(p.CommitS + 1)
	wrong := tender.Reveal{Bid: b, Salt: ledgertest.Salt("alice"), Proposal: ledgertest.Proposal("alice") + " (edited)"}
	a.Refused(errTenderRevealNoMatch, "alice", Amount{}, wrong)
	a.Refused(errTenderRevealNoMatch, "alice", Amount{}, tender.Reveal{Bid: b, Salt: ledgertest.Salt("bob"), Proposal: ledgertest.Proposal("alice")})
	if bv := a.Bid(b); bv.Status != tender.BidSealed || bv.Proposal != "" || bv.RevealedAt != 0 {
		t.Fatalf("a refused reveal stored something: %+v", bv)
	}
	a.Refused(errTenderNotWaiting, "stranger", Amount{}, tender.Score{Bid: b})
	a.Do("stranger", Amount{}, tender.Reveal{Bid: b, Salt: ledgertest.Salt("alice"), Proposal: ledgertest.Proposal("alice")})
	bv := a.Bid(b)
	if bv.Status != tender.BidRevealed || bv.Proposal != ledgertest.Proposal("alice") || bv.Salt != ledgertest.Salt("alice") {
		t.Fatalf("bid %+v", bv)
	}
	if bv.Commitment != tender.Commitment(bv.Salt, bv.Bidder.String(), bv.Proposal) {
		t.Fatal("the view's salt and proposal do not re-derive the commitment")
	}
}

// "A reveal arrives during the commit window: refused. Allowing one would let a later
// bidder read an opened proposal and price against it." One after the window is
// refused too, and a sealed bid shows no proposal.
func TestTenderARevealDuringTheCommitWindowIsRefused(t *testing.T) {
	a := tenderArena(t, nil)
	p := ledgertest.TenderTerms()
	tid := a.Publish(Ether(100), p)
	b := sealed(a, tid, "alice")[0]
	reveal := tender.Reveal{Bid: b, Salt: ledgertest.Salt("alice"), Proposal: ledgertest.Proposal("alice")}
	a.Refused(errTenderRevealEarly, "alice", Amount{}, reveal)
	a.Wait(p.CommitS)
	a.Refused(errTenderRevealEarly, "alice", Amount{}, reveal) // the last second of the commit window
	if bv := a.Bid(b); bv.Proposal != "" || bv.Salt != "" {
		t.Fatalf("a sealed bid shows %+v", bv)
	}
	a.Wait(1 + p.RevealS)
	a.Refused(errTenderRevealLate, "alice", Amount{}, reveal)
}

// "An ineligible bidder tries to bid: refused on the deterministic eligibility check,
// with no scoring cost." Under no_prior_award, a bidder who has won a tender cannot
// commit (its deposit and grading fee stay in its wallet); the rule is read at commit
// only, so a bid sealed before its bidder won stands.
func TestTenderAnIneligibleBidderIsRefusedAtCommit(t *testing.T) {
	a := tenderArena(t, func(t *Terms) { t.GradingFee = Ether(1) })
	first := a.Publish(Ether(100), ledgertest.TenderTerms())
	p := ledgertest.TenderTerms()
	p.Eligibility = []string{tender.RuleNoPriorAward}
	p.CommitS = 10 * 3600
	second := a.Publish(Ether(100), p)
	early := a.Seal(second, "alice", ledgertest.Proposal("alice"))
	win := a.Seal(first, "alice", ledgertest.Proposal("alice"))
	a.Wait(ledgertest.CommitS + 1)
	a.Unseal(win, ledgertest.Proposal("alice"))
	a.ScoreBid(win, ledgertest.Scores(4, 4, 4, 4))
	decide(a, first)
	a.Do("sponsor", Amount{}, tender.Award{Tender: first})
	if r := a.s.Bidder(a.Addr("alice")); r.Won != 1 {
		t.Fatalf("alice's record %+v", r)
	}
	a.Do("alice", Amount{}, tender.Withdraw{Bid: early})
	commit := tender.Commit{Tender: second, Commitment: tender.Commitment("another salt", a.Addr("alice").String(), ledgertest.Proposal("alice"))}
	a.Refused(errTenderIneligible, "alice", p.Deposit, commit)
	if got := a.s.Claimable(a.Addr("alice")); got.IsZero() {
		t.Fatal("the withdrawal owed alice nothing")
	}
	a.Seal(second, "bob", ledgertest.Proposal("bob"))
	a.Refused(errTenderRule, "sponsor", Ether(1), func() tender.Publish { q := p; q.Eligibility = []string{"no_prior_loss"}; return q }())
}

// "Every bid scores poorly: the buyer may decline and the budget returns ... a buyer
// cannot decline before every revealed bid has been scored." Declining owes back the
// budget and every deposit.
func TestTenderEveryBidPoorTheBuyerDeclines(t *testing.T) {
	a := tenderArena(t, nil)
	p := ledgertest.TenderTerms()
	tid, bids := revealed(a, p, "alice", "bob")
	a.Wait(p.RevealS)
	a.ScoreBid(bids[0], ledgertest.Scores(0, 1, 0, 1))
	decline := tender.Decline{Tender: tid, Reason: "no proposal names a reference"}
	a.Refused(errTenderUnscored, "sponsor", Amount{}, decline)
	a.Refused(errTenderNotBuyer, "alice", Amount{}, decline)
	a.ScoreBid(bids[1], ledgertest.Scores(1, 0, 1, 0))
	a.Refused(errTenderReason, "sponsor", Amount{}, tender.Decline{Tender: tid, Reason: "  "})
	a.Do("sponsor", Amount{}, decline)
	tv := a.Tender(tid)
	if tv.State != tender.TenderDeclined || tv.DeclineReason != decline.Reason || tv.Phase != "settled" {
		t.Fatalf("tender %+v", tv)
	}
	if got := a.s.Claimable(a.Addr("sponsor")); !got.Eq(Ether(100)) {
		t.Fatalf("the buyer is owed %s, want the budget back", got)
	}
	for _, who := range []string{"alice", "bob"} {
		if got := a.s.Claimable(a.Addr(who)); !got.Eq(p.Deposit) {
			t.Fatalf("%s is owed %s, want the deposit back", who, got)
		}
	}
	a.Refused(errTenderSettled, "sponsor", Amount{}, tender.Award{Tender: tid})
	if b := a.s.Buyer(a.Addr("sponsor")); b.Declined != 1 || b.Tenders != 1 {
		t.Fatalf("buyer's record %+v", b)
	}
	a.Wait(p.DecideS)
	a.Refused(errTenderSettled, "sponsor", Amount{}, decline)
}

// The decline window is the buyer's: closed after decide_closes.
func TestTenderDeclineClosesWithTheDecisionWindow(t *testing.T) {
	a := tenderArena(t, nil)
	p := ledgertest.TenderTerms()
	tid, bids := revealed(a, p, "alice")
	a.ScoreBid(bids[0], ledgertest.Scores(1, 1, 1, 1))
	decline := tender.Decline{Tender: tid, Reason: "too weak"}
	a.Refused(errTenderRevealOpen, "sponsor", Amount{}, decline)
	a.Wait(p.RevealS + p.DecideS)
	a.Refused(errTenderDecideClosed, "sponsor", Amount{}, decline)
}

// "One bid cannot be scored: the round pauses. Awarding around an unscored bid would
// mean winning by being the only bid the network could read." A bid whose scoring runs
// out of attempts stays revealed: award and decline are refused and the tender says
// why; it may be scored again; and a pause is never a lock, for after the decision
// window anyone may close the tender and the budget returns.
func TestTenderOneBidThatCannotBeScoredPausesTheTender(t *testing.T) {
	a := tenderArena(t, nil)
	p := ledgertest.TenderTerms()
	tid, bids := revealed(a, p, "alice", "bob")
	a.ScoreBid(bids[0], ledgertest.Scores(5, 5, 5, 5))
	r := RoundID(a.Do("stranger", Amount{}, tender.Score{Bid: bids[1]}).Created)
	for range attempts {
		a.ScoreAll(r, ledgertest.Failed(LLMError, "score was outside 0..5"))
	}
	if rv := a.TenderRound(r); rv.State != RoundExhausted {
		t.Fatalf("round %+v", rv)
	}
	if b := a.Bid(bids[1]); b.Status != tender.BidRevealed || b.Rank != 0 {
		t.Fatalf("bid %+v", b)
	}
	a.Wait(p.RevealS + tender.AwardWaitS)
	a.Refused(errTenderUnscored, "sponsor", Amount{}, tender.Award{Tender: tid})
	a.Refused(errTenderUnscored, "sponsor", Amount{}, tender.Decline{Tender: tid, Reason: "cannot read one"})
	if tv := a.Tender(tid); tv.Paused != errTenderUnscored.Msg || tv.Phase != "decide" {
		t.Fatalf("tender paused %q in phase %s", tv.Paused, tv.Phase)
	}
	a.Refused(errTenderNotBuyer, "stranger", Amount{}, tender.Award{Tender: tid})
	a.Refused(errTenderNothingExpire, "stranger", Amount{}, tender.Expire{Tender: tid})
	again := RoundID(a.Do("stranger", Amount{}, tender.Score{Bid: bids[1]}).Created)
	if again == r {
		t.Fatal("scoring again reopened the exhausted round")
	}
	a.Wait(p.DecideS)
	a.Do("stranger", Amount{}, tender.Expire{Tender: tid})
	tv := a.Tender(tid)
	if tv.State != tender.TenderAbandoned || a.TenderRound(again).State != RoundAbandoned {
		t.Fatalf("tender %s, round %s", tv.State, a.TenderRound(again).State)
	}
	if got := a.s.Claimable(a.Addr("sponsor")); !got.Eq(Ether(100)) {
		t.Fatalf("the buyer is owed %s, want the budget", got)
	}
	for _, who := range []string{"alice", "bob"} {
		if got := a.s.Claimable(a.Addr(who)); !got.Eq(p.Deposit) {
			t.Fatalf("%s is owed %s, want the deposit", who, got)
		}
	}
}

// "Two bids tie on the total": see TestTenderTiesBreakOnThePrimaryThenCommitOrder.

// "The buyer does nothing at all: after the decision window, awarding is
// permissionless." A stranger's award is refused until the decision window closes,
// then pays the winner the budget less the fee and the treasury the fee.
func TestTenderAfterTheDecisionWindowAnyoneAwards(t *testing.T) {
	a := tenderArena(t, nil)
	p := ledgertest.TenderTerms()
	tid, bids := revealed(a, p, "alice", "bob")
	a.ScoreBid(bids[0], ledgertest.Scores(3, 4, 1, 4))
	a.ScoreBid(bids[1], ledgertest.Scores(5, 4, 4, 3))
	a.Wait(p.RevealS + tender.AwardWaitS)
	a.Refused(errTenderNotBuyer, "stranger", Amount{}, tender.Award{Tender: tid})
	a.Refused(errTenderNothingExpire, "stranger", Amount{}, tender.Expire{Tender: tid})
	a.Wait(p.DecideS)
	a.Refused(errTenderComplete, "stranger", Amount{}, tender.Expire{Tender: tid})
	out := a.Do("stranger", Amount{}, tender.Award{Tender: tid})
	ev := out.Events[len(out.Events)-1]
	if ev.Type != "award" || ev.Tender != uint64(tid) || ev.Bid != uint64(bids[1]) || *ev.Address != a.Addr("bob") || !ev.Amount.Eq(Ether(95)) || ev.Note != "tender" {
		t.Fatalf("award event %+v", ev)
	}
	if got := a.s.Snapshot().Events; len(got) != 1 || got[0].Tender != uint64(tid) {
		t.Fatalf("outbox %+v", got)
	}
	if got := a.s.Claimable(a.Addr("bob")); !got.Eq(Ether(100)) {
		t.Fatalf("bob is owed %s, want the payout 95 and his deposit 5", got)
	}
	if got := a.s.Claimable(a.Addr("treasury")); !got.Eq(Ether(5)) {
		t.Fatalf("the treasury is owed %s, want the 5%% fee", got)
	}
	if got := a.s.Claimable(a.Addr("alice")); !got.Eq(p.Deposit) {
		t.Fatalf("alice is owed %s, want her deposit", got)
	}
	if r := a.s.Bidder(a.Addr("bob")); r.Won != 1 || !r.WonValue.Eq(Ether(95)) {
		t.Fatalf("bob's record %+v", r)
	}
	if b := a.s.Buyer(a.Addr("sponsor")); b.Awarded != 1 || !b.Paid.Eq(Ether(95)) {
		t.Fatalf("buyer's record %+v", b)
	}
}

// "If no bid was ever scored, anyone can close the round and return the budget. An
// escrowed budget cannot be stranded by a buyer who dislikes the result." A tender
// nobody bid on closes too.
func TestTenderNothingScoredAnyoneClosesAndTheBudgetReturns(t *testing.T) {
	a := tenderArena(t, nil)
	p := ledgertest.TenderTerms()
	a.Checked(ledgertest.Texts(p.Criteria), ledgertest.Scorable(true))
	empty := a.Publish(Ether(50), p)
	tid, _ := revealed(a, p, "alice")
	a.Wait(p.RevealS + 1)
	a.Refused(errTenderNotBuyer, "stranger", Amount{}, tender.Award{Tender: tid})
	a.Refused(errTenderNothingScored, "sponsor", Amount{}, tender.Award{Tender: empty})
	a.Refused(errTenderNothingExpire, "stranger", Amount{}, tender.Expire{Tender: tid})
	a.Wait(p.DecideS)
	a.Refused(errTenderNothingScored, "stranger", Amount{}, tender.Award{Tender: empty})
	a.Do("stranger", Amount{}, tender.Expire{Tender: tid})
	a.Do("stranger", Amount{}, tender.Expire{Tender: empty})
	if got := a.s.Claimable(a.Addr("sponsor")); !got.Eq(Ether(150)) {
		t.Fatalf("the buyer is owed %s, want both budgets", got)
	}
	if tv := a.Tender(tid); tv.State != tender.TenderAbandoned {
		t.Fatalf("tender %+v", tv)
	}
	if b := a.s.Buyer(a.Addr("sponsor")); b.Abandoned != 2 {
		t.Fatalf("buyer's record %+v", b)
	}
	if bal := a.s.Arena().Balances; !bal.TenderBudget.IsZero() || !bal.TenderDeposits.IsZero() || !bal.TenderGradingFees.IsZero() {
		t.Fatalf("tender pools hold %+v after every tender closed", bal)
	}
}
