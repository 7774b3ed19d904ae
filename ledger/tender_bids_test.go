package ledger_test

import (
	"strconv"
	"strings"
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/tender"
)

// commitOf returns a commitment by the named bidder to text under salt.
func commitOf(a *arena, salt, bidder, text string) string {
	return tender.Commitment(salt, a.Addr(bidder).String(), text)
}

// "Each commitment is a hash bound to its own bidder's address": a commit takes exactly
// the deposit and a lowercase sha256 digest, once per address while it is live, up to
// the tender's maximum, never from the buyer, and only while the commit window is open.
func TestTenderCommitRefusals(t *testing.T) {
	a := tenderArena(t, func(t *Terms) { t.GradingFee = Ether(1) })
	p := ledgertest.TenderTerms()
	p.MaxBids = 2
	tid := a.Publish(Ether(100), p)
	good := tender.Commit{Tender: tid, Commitment: commitOf(a, "salty salt", "alice", ledgertest.Proposal("alice"))}
	a.Refused(errTenderNoTender, "alice", p.Deposit, tender.Commit{Tender: 7, Commitment: good.Commitment})
	a.Refused(errTenderCommitment, "alice", p.Deposit, tender.Commit{Tender: tid, Commitment: strings.ToUpper(good.Commitment)})
	a.Refused(errTenderCommitment, "alice", p.Deposit, tender.Commit{Tender: tid, Commitment: good.Commitment[:63]})
	a.Refused(errTenderBuyerBid, "sponsor", p.Deposit, good)
	a.Refused(errTenderDeposit, "alice", Ether(4), good)
	a.Refused(errTenderDeposit, "alice", Ether(6), good)
	a.Do("alice", p.Deposit, good)
	a.Refused(errTenderCommittedTwice, "alice", p.Deposit, good)
	b := a.Seal(tid, "bob", ledgertest.Proposal("bob"))
	a.Refused(errTenderFull, "carol", p.Deposit, tender.Commit{Tender: tid, Commitment: good.Commitment})
	a.Do("bob", Amount{}, tender.Withdraw{Bid: b}) // frees bob's slot and his one live bid
	a.Seal(tid, "carol", ledgertest.Proposal("carol"))
	a.Refused(errTenderFull, "bob", p.Deposit, tender.Commit{Tender: tid, Commitment: good.Commitment})
	if tv := a.Tender(tid); len(tv.Bids) != 3 || tv.Bids[2].Seq != 3 {
		t.Fatalf("bids %+v", tv.Bids)
	}
	a.Wait(p.CommitS + 1)
	a.Refused(errTenderCommitClosed, "dave", p.Deposit, tender.Commit{Tender: tid, Commitment: good.Commitment})
	poor := tenderArena(t, func(t *Terms) {
		t.GradingFee = Ether(1)
		t.Genesis = append(t.Genesis, Allocation{Address: ledgertest.Addr("pauper"), Amount: Ether(5)})
	})
	ptid := poor.Publish(Ether(100), p)
	poor.Refused(errTenderGradingFee, "pauper", p.Deposit, tender.Commit{Tender: ptid, Commitment: good.Commitment})
}

// "An amendment replaces the digest, counts, timestamps, adds no new row and leaves the
// deposit untouched ... the superseded text no longer opens the seal", and a withdrawal
// keeps the row, owes the deposit and fee back at once and frees the slot; both only
// by the bidder, on a sealed bid, while the commit window is open.
func TestTenderAmendAndWithdraw(t *testing.T) {
	a := tenderArena(t, func(t *Terms) { t.GradingFee = Ether(1) })
	p := ledgertest.TenderTerms()
	tid := a.Publish(Ether(100), p)
	b := a.Seal(tid, "alice", ledgertest.Proposal("alice"))
	better := ledgertest.Proposal("alice") + " Now with a fourth reference."
	amend := tender.Amend{Bid: b, Commitment: commitOf(a, ledgertest.Salt("alice"), "alice", better)}
	a.Refused(errTenderNoBid, "alice", Amount{}, tender.Amend{Bid: 9, Commitment: amend.Commitment})
	a.Refused(errTenderNotBidder, "bob", Amount{}, amend)
	a.Refused(errTenderCommitment, "alice", Amount{}, tender.Amend{Bid: b, Commitment: "x"})
	a.Refused(errTenderSameCommitment, "alice", Amount{}, tender.Amend{Bid: b, Commitment: a.Bid(b).Commitment})
	a.Wait(60)
	a.Do("alice", Amount{}, amend)
	bv := a.Bid(b)
	if bv.Commitment != amend.Commitment || bv.Amendments != 1 || bv.AmendedAt != a.Now() || !bv.Deposit.Eq(p.Deposit) || len(a.Tender(tid).Bids) != 1 {
		t.Fatalf("bid %+v", bv)
	}
	w := a.Seal(tid, "bob", ledgertest.Proposal("bob"))
	a.Refused(errTenderNotBidder, "alice", Amount{}, tender.Withdraw{Bid: w})
	a.Do("bob", Amount{}, tender.Withdraw{Bid: w})
	if got := a.s.Claimable(a.Addr("bob")); !got.Eq(Ether(6)) {
		t.Fatalf("bob is owed %s, want his deposit and fee", got)
	}
	if wv := a.Bid(w); wv.Status != tender.BidWithdrawn || wv.WithdrawnAt == 0 || wv.Outcome != tender.OutcomeReturned {
		t.Fatalf("withdrawn bid %+v", wv)
	}
	a.Refused(errTenderHandled, "bob", Amount{}, tender.Withdraw{Bid: w})
	if r := a.s.Bidder(a.Addr("bob")); r.Bids != 1 || r.Withdrawn != 1 {
		t.Fatalf("bob's record %+v", r)
	}
	again := a.Seal(tid, "bob", ledgertest.Proposal("bob"))
	a.Wait(p.CommitS)
	a.Refused(errTenderAmendClosed, "alice", Amount{}, tender.Amend{Bid: b, Commitment: commitOf(a, "s", "alice", "x")})
	a.Refused(errTenderAmendClosed, "bob", Amount{}, tender.Withdraw{Bid: again})
	a.Refused(errTenderRevealNoMatch, "alice", Amount{}, tender.Reveal{Bid: b, Salt: ledgertest.Salt("alice"), Proposal: ledgertest.Proposal("alice")})
	a.Do("alice", Amount{}, tender.Reveal{Bid: b, Salt: ledgertest.Salt("alice"), Proposal: better})
	if r := a.s.Bidder(a.Addr("bob")); r.Bids != 2 || r.Withdrawn != 1 {
		t.Fatalf("bob's record %+v", r)
	}
}

// Reveal's own refusals: the proposal's length and the salt's, in characters.
func TestTenderRevealRefusals(t *testing.T) {
	a := tenderArena(t, nil)
	p := ledgertest.TenderTerms()
	tid := a.Publish(Ether(100), p)
	b := a.Seal(tid, "alice", "short")
	a.Wait(p.CommitS + 1)
	a.Refused(errTenderNoBid, "alice", Amount{}, tender.Reveal{Bid: 5, Salt: ledgertest.Salt("alice"), Proposal: "short"})
	a.Refused(errTenderProposalLen, "alice", Amount{}, tender.Reveal{Bid: b, Salt: ledgertest.Salt("alice"), Proposal: "short"})
	a.Refused(errTenderProposalLen, "alice", Amount{}, tender.Reveal{Bid: b, Salt: ledgertest.Salt("alice"), Proposal: strings.Repeat("é", tender.MaxProposalLen+1)})
	a.Refused(errTenderSalt, "alice", Amount{}, tender.Reveal{Bid: b, Salt: "1234567", Proposal: ledgertest.Proposal("alice")})
	a.Refused(errTenderRevealNoMatch, "alice", Amount{}, tender.Reveal{Bid: b, Salt: "ééééééé8", Proposal: strings.Repeat("é", 40)})
}

// "Anyone may ask ... The buyer answers once, and everyone reads the same answer with
// the same timestamp ... Questions close when the commit window closes ... Capped at
// 32 questions per round and 3 per address."
func TestTenderClarificationsInTheOpen(t *testing.T) {
	a := tenderArena(t, nil)
	p := ledgertest.TenderTerms()
	tid := a.Publish(Ether(100), p)
	q := "Does a reference from a public body count?"
	a.Refused(errTenderQuestionLen, "alice", Amount{}, tender.Ask{Tender: tid, Question: "  why     "})
	a.Refused(errTenderQuestionLen, "alice", Amount{}, tender.Ask{Tender: tid, Question: strings.Repeat("a", tender.MaxQuestionLen+1)})
	a.Do("sponsor", Amount{}, tender.Ask{Tender: tid, Question: "A question from the buyer itself."})
	for range tender.AsksPerAddress {
		a.Do("stranger", Amount{}, tender.Ask{Tender: tid, Question: q})
	}
	a.Refused(errTenderAskerFull, "stranger", Amount{}, tender.Ask{Tender: tid, Question: q})
	a.Refused(errTenderNotBuyer, "alice", Amount{}, tender.Answer{Tender: tid, Question: 2, Reply: "Yes."})
	a.Refused(errTenderNoQuestion, "sponsor", Amount{}, tender.Answer{Tender: tid, Question: 5, Reply: "Yes."})
	a.Refused(errTenderAnswerLen, "sponsor", Amount{}, tender.Answer{Tender: tid, Question: 2, Reply: " "})
	a.Wait(30)
	a.Do("sponsor", Amount{}, tender.Answer{Tender: tid, Question: 2, Reply: "Yes, if it is named."})
	a.Refused(errTenderAnswered, "sponsor", Amount{}, tender.Answer{Tender: tid, Question: 2, Reply: "No."})
	qv := a.Tender(tid).Questions[1]
	if qv.Index != 2 || qv.Text != q || qv.Asker != a.Addr("stranger") || qv.Answer != "Yes, if it is named." || qv.AnsweredAt != qv.AskedAt+30 {
		t.Fatalf("question %+v", qv)
	}
	for i := len(a.Tender(tid).Questions); i < tender.MaxQuestions; i++ {
		a.Do("asker"+strconv.Itoa(i/3), Amount{}, tender.Ask{Tender: tid, Question: "question number " + strconv.Itoa(i)})
	}
	a.Refused(errTenderQuestionsFull, "v1", Amount{}, tender.Ask{Tender: tid, Question: q})
	a.Wait(p.CommitS)
	a.Refused(errTenderAskClosed, "v2", Amount{}, tender.Ask{Tender: tid, Question: q})
	a.Refused(errTenderAnswerClosed, "sponsor", Amount{}, tender.Answer{Tender: tid, Question: 3, Reply: "Late."})
}

// Publication's refusals, in order: the budget, the criteria count, the title, the
// summary, each criterion's text and weight, exactly one primary, the bid cap, the
// eligibility rules, the fee, the scorability verdict and the windows.
func TestTenderPublishRefusals(t *testing.T) {
	a := tenderArena(t, nil)
	p := ledgertest.TenderTerms()
	a.Checked(ledgertest.Texts(p.Criteria), ledgertest.Scorable(true))
	edit := func(f func(*tender.Publish)) tender.Publish {
		q := p
		q.Criteria = append([]tender.Criterion{}, p.Criteria...)
		f(&q)
		return q
	}
	a.Refused(errTenderBudgetZero, "sponsor", Amount{}, p)
	for _, c := range []struct {
		want *Error
		p    tender.Publish
	}{
		{errTenderCriteriaCount, edit(func(q *tender.Publish) { q.Criteria = nil })},
		{errTenderCriteriaCount, edit(func(q *tender.Publish) {
			q.Criteria = append(q.Criteria, q.Criteria...)
			q.Criteria = append(q.Criteria, q.Criteria[0])
		})},
		{errTenderTitle, edit(func(q *tender.Publish) { q.Title = " " })},
		{errTenderTitle, edit(func(q *tender.Publish) { q.Title = strings.Repeat("t", tender.MaxTitleLen+1) })},
		{errTenderSummary, edit(func(q *tender.Publish) { q.Summary = strings.Repeat("s", tender.MaxSummaryLen+1) })},
		{errTenderCriterionText, edit(func(q *tender.Publish) { q.Criteria[1].Text = "\t" })},
		{errTenderCriterionText, edit(func(q *tender.Publish) { q.Criteria[1].Text = strings.Repeat("c", tender.MaxCriterionLen+1) })},
		{errTenderWeight, edit(func(q *tender.Publish) { q.Criteria[2].Weight = 0 })},
		{errTenderWeight, edit(func(q *tender.Publish) { q.Criteria[2].Weight = 11 })},
		{errTenderPrimary, edit(func(q *tender.Publish) { q.Criteria[0].Primary = false })},
		{errTenderPrimary, edit(func(q *tender.Publish) { q.Criteria[3].Primary = true })},
		{errTenderMaxBids, edit(func(q *tender.Publish) { q.MaxBids = 0 })},
		{errTenderMaxBids, edit(func(q *tender.Publish) { q.MaxBids = tender.MaxBids + 1 })},
		{errTenderRule, edit(func(q *tender.Publish) { q.Eligibility = []string{"local_only"} })},
		{errTenderRuleTwice, edit(func(q *tender.Publish) { q.Eligibility = []string{tender.RuleNoPriorAward, tender.RuleNoPriorAward} })},
		{errTenderFeeBps, edit(func(q *tender.Publish) { q.FeeBps = tender.MaxFeeBps + 1 })},
		{errTenderNotScorable, edit(func(q *tender.Publish) { q.Criteria[3].Text = "Names the team" })},
		{errTenderWindows, edit(func(q *tender.Publish) { q.RevealS = 0 })},
		{errTenderWindows, edit(func(q *tender.Publish) { q.DecideS = tender.MaxWindowS + 1 })},
	} {
		a.Refused(c.want, "sponsor", Ether(100), c.p)
	}
	tid := a.Publish(Ether(100), edit(func(q *tender.Publish) { q.FeeBps = tender.MaxFeeBps; q.Deposit = Amount{} }))
	if tv := a.Tender(tid); !tv.Fee.Eq(Ether(10)) || !tv.Payout.Eq(Ether(90)) || tv.Phase != "commit" || tv.PrimaryIndex != 0 {
		t.Fatalf("tender %+v", tv)
	}
	a.Seal(tid, "alice", ledgertest.Proposal("alice")) // a zero deposit takes no value
}

// "This arena names no treasury, so it runs no tenders": without one every tender
// transaction is refused; a named treasury cannot be the zero address.
func TestTenderAnArenaWithoutATreasuryRunsNoTenders(t *testing.T) {
	a := tenderArena(t, func(t *Terms) { t.Treasury = nil })
	for _, c := range []struct {
		value Amount
		body  Body
	}{
		{Amount{}, tender.Check{Criteria: []string{"x"}}}, {Ether(1), ledgertest.TenderTerms()}, {Amount{}, tender.Commit{Tender: 1}},
		{Amount{}, tender.Amend{Bid: 1}}, {Amount{}, tender.Withdraw{Bid: 1}}, {Amount{}, tender.Ask{Tender: 1}}, {Amount{}, tender.Answer{Tender: 1}},
		{Amount{}, tender.Reveal{Bid: 1}}, {Amount{}, tender.Score{Bid: 1}}, {Amount{}, tender.Attest{Round: 1, Attempt: 1}},
		{Amount{}, tender.CheckAttest{Round: 1, Attempt: 1}}, {Amount{}, tender.Appeal{Bid: 1}}, {Amount{}, tender.Resolve{Bid: 1}},
		{Amount{}, tender.Expire{Tender: 1}}, {Amount{}, tender.Award{Tender: 1}}, {Amount{}, tender.Decline{Tender: 1}},
	} {
		a.Refused(errTenderNoTreasury, "sponsor", c.value, c.body)
	}
	terms := ledgertest.Terms(3)
	terms.Treasury = &Address{}
	if _, err := New(terms); err == nil || err.Error() != errTermsTreasury.Error() {
		t.Fatalf("New with a zero treasury: %v", err)
	}
}
