package ledger_test

import (
	"strings"
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/tender"
)

// argument is an appeal's argument about the proposal's text.
const argument = "The proposal names three references in its second paragraph."

// scoredTender returns an arena with a tender whose bids by the named bidders are
// revealed and the first len(cards) scored with cards in order, and the bids.
func scoredTender(t *testing.T, edit func(*Terms), cards []tender.Scorecard, bidders ...string) (*arena, TenderID, []BidID) {
	a := tenderArena(t, edit)
	tid, bids := revealed(a, ledgertest.TenderTerms(), bidders...)
	for i, card := range cards {
		a.ScoreBid(bids[i], card)
	}
	return a, tid, bids
}

// "If the weighted total moves, the appeal is upheld and the bond comes back ... Either
// way the new scorecard replaces the old one and is marked as re-scored, with the
// previous total kept beside it." Upheld only if the total went up (the later rule:
// one-step noise alone must not return a bond). The rescoring is led last by the
// leader of the scorecard appealed, with the argument frozen into its inputs.
func TestTenderAnAppealIsUpheldOnlyIfTheTotalWentUp(t *testing.T) {
	a, _, bids := scoredTender(t, nil, []tender.Scorecard{ledgertest.Scores(3, 4, 1, 4)}, "alice")
	b := bids[0]
	first := a.TenderRound(a.Bid(b).Round).Attempts[0].Leader
	a.Do("alice", ledgertest.TenderTerms().AppealBond, tender.Appeal{Bid: b, Argument: argument})
	r := RoundID(a.Do("stranger", Amount{}, tender.Resolve{Bid: b}).Created)
	rv := a.TenderRound(r)
	if !rv.Rescoring || rv.Argument != argument || rv.Proposal != ledgertest.Proposal("alice") || rv.Attempts[0].Leader == first {
		t.Fatalf("rescoring round %+v", rv)
	}
	a.ScoreAll(r, ledgertest.Scores(5, 4, 1, 4))
	bv := a.Bid(b)
	if bv.Total != 29 || !bv.Rescored || bv.Appeal.Status != tender.AppealUpheld || bv.Appeal.TotalBefore != 23 || bv.Appeal.TotalAfter != 29 || bv.Round != r {
		t.Fatalf("bid %+v appeal %+v", bv, bv.Appeal)
	}
	if got := a.s.Claimable(a.Addr("alice")); !got.Eq(Ether(20)) {
		t.Fatalf("alice is owed %s, want her bond back", got)
	}
	if rec := a.s.Bidder(a.Addr("alice")); rec.Points != 29 || rec.PointsMax != 40 {
		t.Fatalf("alice's record %+v", rec)
	}
	a.Refused(errTenderAppealedTwice, "alice", Ether(20), tender.Appeal{Bid: b, Argument: argument})
}

// A rescoring that does not raise the total rejects the appeal and the bond pays for it:
// forfeited to the treasury. A lower rescore still replaces the scorecard.
func TestTenderAnAppealThatDoesNotRaiseTheTotalIsRejected(t *testing.T) {
	for _, c := range []struct {
		name string
		card tender.Scorecard
		want uint64
	}{{"same total", ledgertest.Scores(3, 3, 2, 4), 23}, {"lower", ledgertest.Scores(2, 4, 1, 4), 20}} {
		t.Run(c.name, func(t *testing.T) {
			a, tid, bids := scoredTender(t, nil, []tender.Scorecard{ledgertest.Scores(3, 4, 1, 4)}, "alice")
			a.Do("alice", Ether(20), tender.Appeal{Bid: bids[0], Argument: argument})
			bv := a.Rescore(bids[0], c.card)
			if bv.Total != c.want || bv.Appeal.Status != tender.AppealRejected || !bv.Rescored {
				t.Fatalf("bid %+v appeal %+v", bv, bv.Appeal)
			}
			if got := a.s.Claimable(a.Addr("treasury")); !got.Eq(Ether(20)) {
				t.Fatalf("the treasury is owed %s, want the bond", got)
			}
			if got := a.s.Claimable(a.Addr("alice")); !got.IsZero() {
				t.Fatalf("alice is owed %s", got)
			}
			if tv := a.Tender(tid); !tv.Forfeited.Eq(Ether(20)) {
				t.Fatalf("tender forfeited %s", tv.Forfeited)
			}
			if rec := a.s.Bidder(a.Addr("alice")); rec.Points != c.want {
				t.Fatalf("alice's points %d, want %d", rec.Points, c.want)
			}
		})
	}
}

// "Only the bidder": an appeal is the bidder's own, on a scored bid, once, with exactly
// the bond and an argument of 20 to 600 characters, and the grading fee beside it,
// while the tender is unsettled; its resolution is anyone's.
func TestTenderAppealRefusals(t *testing.T) {
	a := tenderArena(t, func(t *Terms) { t.GradingFee = Ether(1) })
	tid, bids := revealed(a, ledgertest.TenderTerms(), "alice", "bob")
	a.ScoreBid(bids[0], ledgertest.Scores(3, 4, 1, 4))
	ok := tender.Appeal{Bid: bids[0], Argument: argument}
	a.Refused(errTenderNoBid, "alice", Ether(20), tender.Appeal{Bid: 9, Argument: argument})
	a.Refused(errTenderAppealOwn, "bob", Ether(20), ok)
	a.Refused(errTenderNotScored, "bob", Ether(20), tender.Appeal{Bid: bids[1], Argument: argument})
	a.Refused(errTenderAppealBond, "alice", Ether(5), ok)
	a.Refused(errTenderArgument, "alice", Ether(20), tender.Appeal{Bid: bids[0], Argument: "score me higher"})
	a.Refused(errTenderArgument, "alice", Ether(20), tender.Appeal{Bid: bids[0], Argument: strings.Repeat("a", tender.MaxArgumentLen+1)})
	a.Refused(errTenderNoOpenAppeal, "stranger", Amount{}, tender.Resolve{Bid: bids[0]})
	a.Do("alice", Ether(20), ok)
	if bal := a.s.Arena().Balances; !bal.TenderDeposits.Eq(Ether(5 + 5 + 20)) {
		t.Fatalf("deposit pool %s, want two deposits and the bond", bal.TenderDeposits)
	}
	a.Refused(errTenderAppealedTwice, "alice", Ether(20), ok)
	r := RoundID(a.Do("bob", Amount{}, tender.Resolve{Bid: bids[0]}).Created)
	a.Refused(errTenderAttemptOpen, "stranger", Amount{}, tender.Resolve{Bid: bids[0]})
	a.Refused(errTenderNotWaiting, "stranger", Amount{}, tender.Score{Bid: bids[0]})
	a.Wait(timeout + 1)
	out := a.Do("stranger", Amount{}, tender.Resolve{Bid: bids[0]}) // moves the timed-out attempt on
	if rv := a.TenderRound(r); len(rv.Attempts) != 2 || out.Created != 0 {
		t.Fatalf("resolve after the deadline: %+v, round %+v", out, rv)
	}
	a.ScoreBid(bids[1], ledgertest.Scores(1, 1, 1, 1))
	a.ScoreAll(r, ledgertest.Scores(3, 4, 1, 4))
	a.Wait(ledgertest.RevealS + tender.AwardWaitS)
	a.Do("sponsor", Amount{}, tender.Award{Tender: tid})
	a.Refused(errTenderSettled, "bob", Ether(20), tender.Appeal{Bid: bids[1], Argument: argument})
}

// "The award is held while the appeal is open. A tender that paid out during a live
// scoring appeal would make the appeal meaningless", and (the later rule) the award
// waits AwardWaitS after the last scoring, a rescoring included, so that the bidder
// can read its scorecard and appeal.
func TestTenderTheAwardWaitsForAppealsAndAfterTheLastScoring(t *testing.T) {
	a, tid, bids := scoredTender(t, nil, []tender.Scorecard{ledgertest.Scores(3, 4, 1, 4)}, "alice", "bob")
	a.Wait(ledgertest.RevealS + 1)
	award := tender.Award{Tender: tid}
	a.ScoreBid(bids[1], ledgertest.Scores(5, 4, 4, 3)) // scoring has no deadline
	a.Refused(errTenderAwardWait, "sponsor", Amount{}, award)
	if tv := a.Tender(tid); tv.Paused != errTenderAwardWait.Msg || tv.AwardFrom != tv.LastScoredAt+tender.AwardWaitS {
		t.Fatalf("tender paused %q, award from %d", tv.Paused, tv.AwardFrom)
	}
	a.Do("alice", Ether(20), tender.Appeal{Bid: bids[0], Argument: argument})
	a.Wait(tender.AwardWaitS)
	a.Refused(errTenderAppealOpen, "sponsor", Amount{}, award)
	a.Refused(errTenderAppealOpen, "sponsor", Amount{}, tender.Decline{Tender: tid, Reason: "no"})
	a.Rescore(bids[0], ledgertest.Scores(5, 5, 4, 4))
	a.Refused(errTenderAwardWait, "sponsor", Amount{}, award)
	a.Wait(tender.AwardWaitS - 1)
	a.Refused(errTenderAwardWait, "sponsor", Amount{}, award)
	a.Wait(1)
	a.Do("sponsor", Amount{}, award)
	if tv := a.Tender(tid); tv.WinningBid != bids[0] || tv.WinningTotal != 37 {
		t.Fatalf("the upheld appeal did not win: %+v", tv)
	}
	if got := a.s.Claimable(a.Addr("alice")); !got.Eq(Ether(95 + 5 + 20)) {
		t.Fatalf("alice is owed %s, want the payout, her deposit and her bond", got)
	}
}

// An appeal holds value for at most the attempts of one rescoring: a rescoring that
// cannot settle lets the appeal lapse, the scorecard appealed stands, and the bond and
// grading fee come back.
func TestTenderAnAppealWhoseRescoringCannotSettleLapses(t *testing.T) {
	a, _, bids := scoredTender(t, func(t *Terms) { t.GradingFee = Ether(1) }, []tender.Scorecard{ledgertest.Scores(3, 4, 1, 4)}, "alice")
	a.Do("alice", Ether(20), tender.Appeal{Bid: bids[0], Argument: argument})
	before := a.s.Claimable(a.Addr("alice"))
	r := RoundID(a.Do("stranger", Amount{}, tender.Resolve{Bid: bids[0]}).Created)
	for range attempts {
		a.ScoreAll(r, ledgertest.Failed(LLMError, "score was outside 0..5"))
	}
	bv := a.Bid(bids[0])
	if bv.Appeal.Status != tender.AppealLapsed || bv.Total != 23 || bv.Rescored || bv.Round == r {
		t.Fatalf("bid %+v appeal %+v", bv, bv.Appeal)
	}
	if got, _ := a.s.Claimable(a.Addr("alice")).Sub(before); !got.Eq(Ether(21)) {
		t.Fatalf("alice got %s back, want the bond and the fee", got)
	}
	a.Refused(errTenderNoOpenAppeal, "stranger", Amount{}, tender.Resolve{Bid: bids[0]})
}

// The later rule against a free option: "expire is refused while an appeal is open".
// A losing bidder who appeals after the decision window cannot close the tender and
// cancel the award: closing is refused whether or not anyone has resolved the appeal,
// anyone may resolve it, and once it is resolved anyone awards the winner.
func TestTenderAnAppealCannotCancelTheAward(t *testing.T) {
	a, tid, bids := scoredTender(t, func(t *Terms) { t.GradingFee = Ether(1) },
		[]tender.Scorecard{ledgertest.Scores(3, 4, 1, 4), ledgertest.Scores(5, 4, 4, 3)}, "alice", "bob")
	p := ledgertest.TenderTerms()
	a.Wait(p.RevealS + p.DecideS + 1)
	a.Do("alice", Ether(20), tender.Appeal{Bid: bids[0], Argument: argument})
	a.Refused(errTenderAppealOpen, "alice", Amount{}, tender.Expire{Tender: tid})
	a.Refused(errTenderAppealOpen, "stranger", Amount{}, tender.Award{Tender: tid})
	r := RoundID(a.Do("bob", Amount{}, tender.Resolve{Bid: bids[0]}).Created)
	a.Refused(errTenderAppealOpen, "alice", Amount{}, tender.Expire{Tender: tid})
	a.ScoreAll(r, ledgertest.Scores(3, 4, 1, 4))
	if bv := a.Bid(bids[0]); bv.Appeal.Status != tender.AppealRejected {
		t.Fatalf("appeal %+v", bv.Appeal)
	}
	a.Refused(errTenderComplete, "alice", Amount{}, tender.Expire{Tender: tid})
	a.Wait(tender.AwardWaitS)
	a.Do("stranger", Amount{}, tender.Award{Tender: tid})
	if tv := a.Tender(tid); tv.State != tender.TenderAwarded || tv.WinningBid != bids[1] {
		t.Fatalf("tender %s won by bid %d, want bob's bid %d", tv.State, tv.WinningBid, bids[1])
	}
}

// A pause is never a lock: an appeal whose rescoring is stalled blocks closing only
// until its round runs out of attempts, which anyone moves on; the appeal then lapses
// with its bond and fee back, and a tender that cannot be completed closes.
func TestTenderAStalledRescoringLapsesAndTheTenderCloses(t *testing.T) {
	a, tid, bids := scoredTender(t, func(t *Terms) { t.GradingFee = Ether(1) }, []tender.Scorecard{ledgertest.Scores(3, 4, 1, 4)}, "alice", "bob")
	p := ledgertest.TenderTerms()
	a.Wait(p.RevealS + p.DecideS)
	a.Do("alice", Ether(20), tender.Appeal{Bid: bids[0], Argument: argument})
	r := RoundID(a.Do("stranger", Amount{}, tender.Resolve{Bid: bids[0]}).Created)
	before := a.s.Claimable(a.Addr("alice"))
	for range attempts {
		a.Refused(errTenderAppealOpen, "stranger", Amount{}, tender.Expire{Tender: tid})
		a.Wait(timeout + 1)
		a.Do("stranger", Amount{}, tender.Resolve{Bid: bids[0]}) // moves the timed-out attempt on
	}
	if bv := a.Bid(bids[0]); bv.Appeal.Status != tender.AppealLapsed || a.TenderRound(r).State != RoundExhausted {
		t.Fatalf("appeal %s, round %s", bv.Appeal.Status, a.TenderRound(r).State)
	}
	if got, _ := a.s.Claimable(a.Addr("alice")).Sub(before); !got.Eq(Ether(20 + 1)) {
		t.Fatalf("alice got %s back, want her bond and fee", got)
	}
	a.Do("stranger", Amount{}, tender.Expire{Tender: tid}) // bob's bid was never scored
	if tv := a.Tender(tid); tv.State != tender.TenderAbandoned {
		t.Fatalf("tender %s, want abandoned", tv.State)
	}
	if got := a.s.Claimable(a.Addr("sponsor")); !got.Eq(Ether(100)) {
		t.Fatalf("the buyer is owed %s, want the budget", got)
	}
}

// An agreed failure on a rescoring (every member met the same [EXTERNAL] failure) writes
// no scorecard and lets the appeal lapse at once, its bond and fee back: a failure is
// never a finding, and never a reason to keep an appeal, and the award, waiting.
func TestTenderAnAgreedFailureOnARescoringLapsesTheAppeal(t *testing.T) {
	a, _, bids := scoredTender(t, func(t *Terms) { t.GradingFee = Ether(1) }, []tender.Scorecard{ledgertest.Scores(3, 4, 1, 4)}, "alice")
	a.Do("alice", Ether(20), tender.Appeal{Bid: bids[0], Argument: argument})
	before := a.s.Claimable(a.Addr("alice"))
	r := RoundID(a.Do("stranger", Amount{}, tender.Resolve{Bid: bids[0]}).Created)
	a.ScoreAll(r, ledgertest.Failed(External, "Model provider refused the request"))
	bv := a.Bid(bids[0])
	if bv.Appeal.Status != tender.AppealLapsed || bv.Total != 23 || bv.Rescored {
		t.Fatalf("bid %+v appeal %+v", bv, bv.Appeal)
	}
	if got, _ := a.s.Claimable(a.Addr("alice")).Sub(before); !got.Eq(Ether(21)) {
		t.Fatalf("alice got %s back, want the bond and the fee", got)
	}
}
