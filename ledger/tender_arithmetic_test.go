package ledger_test

import (
	"strings"
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/tender"
)

// tenderArena opens the test arena, whose terms name a treasury, with five validators
// and lets edit change the terms first.
func tenderArena(t testing.TB, edit func(*Terms)) *arena { return newArena(t, 5, edit) }

// revealed publishes p with a 100 GEN budget, has each bidder seal its
// ledgertest.Proposal, waits for the reveal window and reveals every bid; it returns
// the tender and the bids in commit order.
func revealed(a *arena, p tender.Publish, bidders ...string) (TenderID, []BidID) {
	tid := a.Publish(Ether(100), p)
	bids := sealed(a, tid, bidders...)
	a.Wait(p.CommitS + 1)
	for i, b := range bids {
		a.Unseal(b, ledgertest.Proposal(bidders[i]))
	}
	return tid, bids
}

// sealed has each bidder seal its ledgertest.Proposal on tid, in order.
func sealed(a *arena, tid TenderID, bidders ...string) []BidID {
	bids := make([]BidID, len(bidders))
	for i, who := range bidders {
		bids[i] = a.Seal(tid, who, ledgertest.Proposal(who))
	}
	return bids
}

// decide waits until tender tid can be awarded by its buyer: past the reveal window
// and the wait after its last scoring.
func decide(a *arena, tid TenderID) {
	tv := a.Tender(tid)
	until := max(tv.RevealCloses+1, tv.AwardFrom)
	if now := a.Now(); until > now {
		a.Wait(until - now)
	}
}

// "weights 3,2,2,1 with scores 3/4/1/4 give 23 and 5/4/4/3 give 34": the ledger, not
// the model, multiplies the agreed scores by the published weights and adds them up,
// and the views show each criterion's weighted score and the most a bid could score.
func TestTenderTheSeedsArithmetic(t *testing.T) {
	w := []uint64{3, 2, 2, 1}
	if got := tender.Total([]int{3, 4, 1, 4}, w); got != 23 {
		t.Fatalf("3/4/1/4 gives %d, want 23", got)
	}
	if got := tender.Total([]int{5, 4, 4, 3}, w); got != 34 {
		t.Fatalf("5/4/4/3 gives %d, want 34", got)
	}
	a := tenderArena(t, nil)
	_, bids := revealed(a, ledgertest.TenderTerms(), "alice", "bob")
	first := a.ScoreBid(bids[0], ledgertest.Scores(3, 4, 1, 4))
	second := a.ScoreBid(bids[1], ledgertest.Scores(5, 4, 4, 3))
	if first.Total != 23 || second.Total != 34 || first.TotalMax != 40 {
		t.Fatalf("totals %d and %d of %d, want 23 and 34 of 40", first.Total, second.Total, first.TotalMax)
	}
	var weighted []uint64
	for _, s := range first.Scores {
		weighted = append(weighted, s.Weighted)
	}
	if want := []uint64{9, 8, 2, 4}; !equal(weighted, want) {
		t.Fatalf("weighted scores %v, want %v", weighted, want)
	}
	if first, second = a.Bid(bids[0]), a.Bid(bids[1]); first.Rank != 2 || second.Rank != 1 {
		t.Fatalf("ranks %d and %d, want 2 and 1", first.Rank, second.Rank)
	}
	if r := a.s.Bidder(a.Addr("bob")); r.Points != 34 || r.PointsMax != 40 || r.Scored != 1 {
		t.Fatalf("bob's record %+v", r)
	}
}

func equal[T comparable](x, y []T) bool {
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		if x[i] != y[i] {
			return false
		}
	}
	return true
}

// "each score may differ by at most one step. Agreement keeps the leader's answer": a
// committee whose every member is one step from the leader on some criterion settles
// on the leader's scores, and the view shows how each agreeing member scored.
func TestTenderAScorerOneStepAwayAgrees(t *testing.T) {
	leader := ledgertest.Scores(3, 4, 1, 4)
	if !ledgertest.Scores(4, 3, 2, 5).Agrees(leader) || !ledgertest.Scores(2, 5, 0, 3).Agrees(leader) {
		t.Fatal("a scorecard one step away on every criterion disagrees")
	}
	a := tenderArena(t, nil)
	_, bids := revealed(a, ledgertest.TenderTerms(), "alice")
	r := RoundID(a.Do("stranger", Amount{}, tender.Score{Bid: bids[0]}).Created)
	a.ScoreAll(r, leader, ledgertest.Scores(4, 3, 2, 5), ledgertest.Scores(2, 5, 0, 3))
	b := a.Bid(bids[0])
	if b.Status != tender.BidScored || b.Total != 23 {
		t.Fatalf("bid %+v", b)
	}
	if m := b.Scores[0].Members; len(m) != 3 || m[0] != 3 || m[1] != 4 || m[2] != 2 {
		t.Fatalf("members on criterion 0 scored %v, want the leader's 3 then 4 and 2", m)
	}
	if rv := a.TenderRound(r); !rv.Attempts[0].Attestations[1].Agrees || len(rv.Attempts) != 1 {
		t.Fatalf("round %+v", rv)
	}
}

// "Demanding an exact match would stall on the rounding of judgment", but two steps is
// a different reading: scorecards two steps from the leader's on one criterion
// disagree, the attempt is discarded once agreement cannot be reached, and the next
// attempt is led by someone else. A scorecard that leaves out a criterion never
// reaches the tally.
func TestTenderAScorerTwoStepsAwayDisagrees(t *testing.T) {
	leader := ledgertest.Scores(3, 4, 1, 4)
	if ledgertest.Scores(5, 4, 1, 4).Agrees(leader) || ledgertest.Scores(3, 4, 1).Agrees(leader) {
		t.Fatal("a scorecard two steps away, or one criterion short, agrees")
	}
	a := tenderArena(t, nil)
	_, bids := revealed(a, ledgertest.TenderTerms(), "alice")
	r := RoundID(a.Do("stranger", Amount{}, tender.Score{Bid: bids[0]}).Created)
	first := a.TenderRound(r).Attempts[0].Leader
	a.ScoreAll(r, leader, ledgertest.Scores(5, 4, 1, 4))
	rv := a.TenderRound(r)
	if rv.Attempts[0].State != AttemptDiscarded || len(rv.Attempts) != 2 || rv.Attempts[1].Leader == first {
		t.Fatalf("round %+v", rv)
	}
	if b := a.Bid(bids[0]); b.Status != tender.BidRevealed || b.Total != 0 {
		t.Fatalf("bid %+v", b)
	}
	lead := a.ByAddr(rv.Attempts[1].Leader)
	for _, bad := range []tender.Scorecard{
		ledgertest.Scores(3, 4, 1), ledgertest.Scores(3, 4, 1, 6), ledgertest.Scores(3, 4, 1, -1),
		reorder(ledgertest.Scores(3, 4, 1, 4), 1, 2), withReason(ledgertest.Scores(3, 4, 1, 4), 0, "ok"),
	} {
		a.Refused(errTenderScorecardShape, lead, Amount{}, tender.Attest{Round: r, Attempt: 2, Result: bad})
	}
	failed := ledgertest.Failed(External, "unreadable")
	failed.Scores = ledgertest.Scores(1, 1, 1, 1).Scores
	a.Refused(errTenderFailureScored, lead, Amount{}, tender.Attest{Round: r, Attempt: 2, Result: failed})
	a.Refused(errTenderResultClass, lead, Amount{}, tender.Attest{Round: r, Attempt: 2, Result: ledgertest.Failed(Expected, "refused")})
	a.Refused(errTenderNotCheckRound, lead, Amount{}, tender.CheckAttest{Round: r, Attempt: 2, Result: ledgertest.Scorable(true)})
	many := ledgertest.Scores(3, 4, 1, 4)
	many.Calls = make([]Call, tender.MaxCalls+1)
	a.Refused(errTenderResultSize, lead, Amount{}, tender.Attest{Round: r, Attempt: 2, Result: many})
}

// "Each score comes with the receipts of the model calls behind it": a tender
// attestation's receipts must be signed by its sender, as a bounty's are.
func TestTenderAttestReceiptsAreSignedByTheSender(t *testing.T) {
	a := tenderArena(t, nil)
	_, bids := revealed(a, ledgertest.TenderTerms(), "alice")
	r := RoundID(a.Do("stranger", Amount{}, tender.Score{Bid: bids[0]}).Created)
	card := ledgertest.Scores(3, 4, 1, 4)
	card.Calls = []Call{{Provider: "builtin", Model: "lexical", Purpose: "score", Prompt: "<criteria>...", Response: "{}"}}
	a.ScoreAll(r, card) // ledgertest signs each member's receipts; Bare verifies them
	if b := a.Bid(bids[0]); b.Status != tender.BidScored {
		t.Fatalf("bid %+v", b)
	}
	if got := a.s.Judges()[0].Models; len(got) != 1 || got[0] != "builtin/lexical" {
		t.Fatalf("judge models %v", got)
	}
	unsigned := card
	unsigned.Calls = []Call{{Provider: "x", Sig: "0x" + strings.Repeat("00", 65)}}
	for _, body := range []Body{tender.Attest{Round: r, Attempt: 1, Result: unsigned}, tender.CheckAttest{Round: 1, Attempt: 1, Result: tender.CheckResult{Scorable: true, Calls: unsigned.Calls}}} {
		tx := ledgertest.Stamped(a.s.Terms(), &Tx{From: a.Addr("v1"), Nonce: a.s.NextNonce(a.Addr("v1")), Body: body})
		if err := a.Key("v1").SignTx(tx); err != nil {
			t.Fatal(err)
		}
		if err := tx.Verify(); err == nil || !strings.Contains(err.Error(), "call 1") {
			t.Fatalf("%s with a receipt its sender did not sign: %v", body.Kind(), err)
		}
	}
}

// "Broken by the criterion the buyer marked primary at publication, and only then by
// the order the commitments arrived. Never a coin flip and never list order." Three
// bids tie on the total; the later one with the higher primary score ranks first, and
// of the two alike the earlier commitment ranks above the later, whatever order they
// were revealed and scored in.
func TestTenderTiesBreakOnThePrimaryThenCommitOrder(t *testing.T) {
	a := tenderArena(t, nil)
	tid := a.Publish(Ether(100), ledgertest.TenderTerms())
	bids := sealed(a, tid, "alice", "bob", "carol")
	a.Wait(ledgertest.CommitS + 1)
	for _, i := range []int{2, 1, 0} {
		a.Unseal(bids[i], ledgertest.Proposal([]string{"alice", "bob", "carol"}[i]))
	}
	a.ScoreBid(bids[2], ledgertest.Scores(3, 4, 1, 4)) // carol: 23, primary 3
	a.ScoreBid(bids[1], ledgertest.Scores(4, 2, 2, 3)) // bob: 23, primary 4
	a.ScoreBid(bids[0], ledgertest.Scores(3, 4, 1, 4)) // alice: 23, primary 3, committed first
	for i, want := range []int{2, 1, 3} {
		if b := a.Bid(bids[i]); b.Total != 23 || b.Rank != want {
			t.Fatalf("bid %d: total %d rank %d, want 23 rank %d", bids[i], b.Total, b.Rank, want)
		}
	}
	decide(a, tid)
	a.Do("sponsor", Amount{}, tender.Award{Tender: tid})
	if tv := a.Tender(tid); tv.WinningBid != bids[1] || *tv.Winner != a.Addr("bob") || tv.WinningTotal != 23 {
		t.Fatalf("tender %+v", tv)
	}
}

// reorder returns c with rows i and j swapped: the indices out of order.
func reorder(c tender.Scorecard, i, j int) tender.Scorecard {
	c.Scores = append([]tender.CriterionScore{}, c.Scores...)
	c.Scores[i], c.Scores[j] = c.Scores[j], c.Scores[i]
	return c
}

// withReason returns c with row i's reason replaced.
func withReason(c tender.Scorecard, i int, reason string) tender.Scorecard {
	c.Scores = append([]tender.CriterionScore{}, c.Scores...)
	c.Scores[i].Reason = reason
	return c
}
