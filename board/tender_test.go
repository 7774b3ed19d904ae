package board

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/tender"
	"github.com/google/go-cmp/cmp"
)

// The claims below are issue 12's board section for the sealed-bid tender (seed 001):
// each tender's terms, windows, criteria, clarifications and bids, the scorecards with
// their agreement, appeals and the winner, and the scorability checks.

// fragment returns the part of page from the first occurrence of open to the end of
// the first close after it.
func fragment(t *testing.T, page []byte, open, close string) []byte {
	t.Helper()
	i := bytes.Index(page, []byte(open))
	if i < 0 {
		t.Fatalf("page has no %q", open)
	}
	j := bytes.Index(page[i:], []byte(close))
	if j < 0 {
		t.Fatalf("page has no %q after %q", close, open)
	}
	return page[i : i+j+len(close)]
}

// matchGolden compares got with testdata/<name>.golden.html (-update rewrites it).
func matchGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden.html")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("differs from %s (-want +got):\n%s", path,
			cmp.Diff(strings.Split(string(want), "\n"), strings.Split(string(got), "\n")))
	}
}

// TestTendersMatchGoldens: STYLE.md, "Golden files for the board": a tender in each
// state (open in its commit window, open and paused in its decision window, awarded,
// declined, abandoned) and the scorability checks render byte for byte as
// testdata/tender-*.golden.html (-update rewrites them).
func TestTendersMatchGoldens(t *testing.T) {
	page := render(t, tendered(t))
	for name, id := range map[string]ledger.TenderID{"commit": tenderCommit, "paused": tenderPaused,
		"awarded": tenderAwarded, "declined": tenderDeclined, "abandoned": tenderAbandoned} {
		t.Run(name, func(t *testing.T) {
			matchGolden(t, "tender-"+name, fragment(t, page, fmt.Sprintf(`<article class="card tender" id="tender-%d"`, id), "</article>"))
		})
	}
	t.Run("checks", func(t *testing.T) {
		matchGolden(t, "tender-checks", fragment(t, page, `<table class="scorability`, "</table>"))
	})
}

// TestATenderShowsItsTermsAndWindows: issue 12, "for each tender its title, buyer,
// budget, fee, phase and state, windows, the criteria with weights and the primary
// mark"; the table of tenders says where each stands.
func TestATenderShowsItsTermsAndWindows(t *testing.T) {
	s := tendered(t)
	t1 := tenderOf(t, &s, tenderCommit)
	checkPage(t, render(t, s),
		In(".sections", HasText("Terms Money Tasks Entries Tenders Leaderboard Judges Award events")),
		In("#tenders > p.muted", HasText("Fees and forfeits go to the treasury "+treasury.String()+", as claimable balance.")),
		In("#tenders table.tenders tbody tr", HasText("#1 Payouts v0 to v1 migration open 100 GEN "+
			"commit window open: bids are sealed and questions taken 3: 2 sealed, 1 withdrawn not awarded yet")),
		In("#tenders table.tenders tbody tr a", HasAttr("href", "#tender-1")),
		In("#tender-1 h3", HasText("Tender #1 Payouts v0 to v1 migration")),
		In("#tender-1 .meta", HasText("open commit window open: bids are sealed and questions taken; published 2026-01-02 01:00:00 UTC by the buyer "+buyer.String())),
		In("#tender-1 .summary", HasText(t1.Summary)),
		In("#tender-1 dl.terms", HasText("Budget 100 GEN Fee, to the treasury 2.5 GEN (2.5% of the budget) Payout to the winner 97.5 GEN "+
			"Entry deposit 2 GEN Appeal bond 5 GEN Bids allowed 8 Forfeited 0 GEN "+
			"Eligibility no prior award: an address that has won a tender may not bid")),
		In("#tender-1 dl.windows", HasText("Commit (now) 2026-01-02 01:00:00 UTC to 2026-01-03 01:00:00 UTC "+
			"Reveal 2026-01-03 01:00:00 UTC to 2026-01-04 01:00:00 UTC Decide 2026-01-04 01:00:00 UTC to 2026-01-05 01:00:00 UTC")),
		In("#tender-1 dl.windows .now time", HasAttr("datetime", "2026-01-02T01:00:00Z")),
		In("#tender-1 table.criteria tbody tr.primary", HasText("1 "+t1.Criteria[0].Text+" primary 3")),
		In("#tender-1 table.criteria caption", HasText("Each bid is scored 0 to 5 on each criterion; its total is the sum of score times weight, at most 30. "+
			"Ties go to the primary criterion, then to the earlier commitment.")),
		In("#tender-1 p.muted a", HasAttr("href", "#check-1")),
		In("#tender-2 table.criteria tbody tr.primary", HasText("2 "+tenderOf(t, &s, tenderPaused).Criteria[1].Text+" primary 3")),
		In("#tender-3 dl.windows", HasText("Commit 2025-12-29 02:00:00 UTC to 2025-12-30 02:00:00 UTC "+
			"Reveal 2025-12-30 02:00:00 UTC to 2025-12-31 02:00:00 UTC Decide 2025-12-31 02:00:00 UTC to 2026-01-01 02:00:00 UTC "+
			"Last scored 2026-01-01 23:30:00 UTC Award allowed from 2026-01-02 00:30:00 UTC")),
	)
}

// TestEachStateSaysWhatBecameOfTheTender: seed 001, "the buyer awards the best total
// or declines; after the decision window anyone may award, or close a tender that
// cannot be completed": the outcome line of every state, and a paused tender says why.
func TestEachStateSaysWhatBecameOfTheTender(t *testing.T) {
	s := tendered(t)
	checkPage(t, render(t, s),
		In("#tender-1 .outcome", HasText("not awarded yet")),
		In("#tender-2 .outcome", HasText("not awarded yet; paused: An appeal is open on this tender")),
		In("#tender-2 .paused", HasText("Award and decline are paused: An appeal is open on this tender")),
		In("#tender-2 .meta", HasText("open decision window open: the buyer awards or declines; published 2025-12-31 00:00:00 UTC by the buyer "+buyer.String())),
		In("#tender-3 .outcome", HasText("awarded to bid #9 at 26/30, "+bidderB.String()+", 2026-01-02 01:00:00 UTC")),
		In("#tender-3 .outcome a", HasAttr("href", "#bid-9")),
		In("#tender-4 .outcome", HasText("declined by the buyer, 2026-01-02 01:43:20 UTC: the budget and every deposit went back")),
		In("#tender-4 .reason q", HasText(tenderOf(t, &s, tenderDeclined).DeclineReason)),
		In("#tender-5 .outcome", HasText("abandoned, 2026-01-02 01:51:40 UTC: it could not be completed, so the budget went back to the buyer")),
		NotIn("#tender-1 .paused"), NotIn("#tender-3 .paused"),
	)
}

// TestClarificationsAreShownWithTheirTimes: seed 001, "The buyer answers once, and
// everyone reads the same answer with the same timestamp": each question with its
// asker and time, its answer with its time, or "unanswered".
func TestClarificationsAreShownWithTheirTimes(t *testing.T) {
	s := tendered(t)
	q := tenderOf(t, &s, tenderCommit).Questions
	checkPage(t, render(t, s),
		In("#tender-1-q-1 .question", HasText("Asked by "+asker.String()+" at 2026-01-02 01:26:40 UTC: "+q[0].Text)),
		In("#tender-1-q-1 .question q", HasText(q[0].Text)),
		In("#tender-1-q-1 .answer", HasText("Answered at 2026-01-02 01:35:00 UTC: "+q[0].Answer)),
		In("#tender-1-q-1 .answer time", HasAttr("datetime", "2026-01-02T01:35:00Z")),
		In("#tender-1-q-2 .question", HasText("Asked by "+bidderB.String()+" at 2026-01-02 01:45:00 UTC: "+q[1].Text)),
		In("#tender-1-q-2 .answer.unanswered", HasText("unanswered")),
		In("#tender-1-q-2", HasAttr("value", "2")),
		In("#tender-4 p.questions", HasText("No question was asked.")),
	)
}

// TestAScoredBidShowsItsScorecard: seed 001, "the contract multiplies each by the
// buyer's published weight and adds them up": each criterion's score and reason, its
// weighted score, the total of the most it could be, the rank, and the agreement as the
// kept score then each agreeing member's, leader first.
func TestAScoredBidShowsItsScorecard(t *testing.T) {
	s := tendered(t)
	b4 := bidOf(t, &s, 4)
	doc := checkPage(t, render(t, s),
		In("#bid-4 h5", HasText("Bid #4 scored")),
		In("#bid-4 .total dd", HasText("17/25")),
		In("#bid-4 .rank dd", HasText("1")),
		In("#bid-4 table.scorecard tbody tr", HasText("1. "+tenderOf(t, &s, tenderPaused).Criteria[0].Text+" 4/5 ×2 8 4 · 4 4 5 "+b4.Scores[0].Reason)),
		In("#bid-4 table.scorecard td.agreement", HasText("4 · 4 4 5")),
		In("#bid-4 table.scorecard td.reason q", HasText(b4.Scores[0].Reason)),
		In("#bid-4 table.scorecard caption", HasText("Scorecard from round 21. Agreement is the kept score, then each agreeing member's score, leader first; each lay within one step of the leader's.")),
		In("#bid-4 .rounds", HasText("Scoring rounds: 21; the scorecard in force is round 21's.")),
		In("#bid-4 details.proposal pre", HasText(b4.Proposal)),
		In("#bid-4 details.proposal summary", HasText(fmt.Sprintf("Proposal (%d characters)", len(b4.Proposal)))),
		In("#tender-2 table.ranking tbody tr", HasText("1 bid #4 "+bidderA.String()+" 17/25 3")),
	)
	rows := all(doc, "#bid-4 table.scorecard tbody tr")
	if len(rows) != 2 {
		t.Fatalf("bid 4's scorecard has %d rows, want one per criterion (2)", len(rows))
	}
	if got, want := textOf(rows[1]), "2. "+tenderOf(t, &s, tenderPaused).Criteria[1].Text+" primary 3/5 ×3 9 3 · 3 2 3 "+b4.Scores[1].Reason; got != want {
		t.Errorf("second row = %q, want %q", got, want)
	}
	if n := len(all(doc, "#tender-2 table.ranking tbody tr")); n != 2 {
		t.Errorf("tender 2 ranks %d bids, want the 2 scored", n)
	}
}

// TestTheWinnerIsMarked: the awarded tender's winning bid is marked in its ranking and
// on its card, and no other bid is.
func TestTheWinnerIsMarked(t *testing.T) {
	doc := checkPage(t, render(t, tendered(t)),
		In("#bid-9", HasAttr("class", "bid won")),
		In("#bid-9 h5", HasText("Bid #9 scored won winner re-scored")),
		In("#tender-3 table.ranking tbody tr.won", HasText("1 winner bid #9 "+bidderB.String()+" 26/30 5")),
		In("#bid-8 h5", HasText("Bid #8 scored returned re-scored")),
	)
	if n := len(all(doc, ".badge.winner")); n != 2 {
		t.Errorf("%d winner marks, want 2 (the ranking row and the bid)", n)
	}
}

// TestARescoredBidKeepsThePreviousTotal: seed 001, "the new scorecard replaces the old
// one and is marked as re-scored, with the previous total kept beside it"; and each
// appeal's status says what it meant.
func TestARescoredBidKeepsThePreviousTotal(t *testing.T) {
	s := tendered(t)
	checkPage(t, render(t, s),
		In("#bid-9 .total dd", HasText("26/30re-scored on appeal; was 23/30")),
		In("#bid-9 .appeal", HasText("appeal upheld filed 2026-01-01 20:43:20 UTC with a bond of 5 GEN, resolved 2026-01-01 23:13:20 UTC: "+
			"upheld: the total 23 rose to 26, so the bond went back to the bidder")),
		In("#bid-9 .argument q", HasText(bidOf(t, &s, 9).Appeal.Argument)),
		In("#bid-8 .total dd", HasText("22/30re-scored on appeal; was 22/30")),
		In("#bid-8 .appeal", HasText("appeal rejected filed 2026-01-01 20:26:40 UTC with a bond of 5 GEN, resolved 2026-01-01 23:30:00 UTC: "+
			"rejected: the total 22 did not rise (now 22), so the bond was forfeited to the treasury")),
		In("#bid-6 .appeal", HasText("appeal open filed 2026-01-02 00:53:20 UTC with a bond of 5 GEN: open: rescoring in round 25; award and decline wait for it")),
		In("#bid-6 .total dd", HasText("10/25")),
		In("#bid-13 .appeal", HasText("appeal lapsed filed 2025-12-30 02:03:20 UTC with a bond of 5 GEN, resolved 2026-01-02 01:51:40 UTC: "+
			"lapsed: the rescoring ended without a scorecard; the bond and fee went back and the scorecard stands")),
	)
	for status, want := range map[string]string{
		tender.AppealLapsed: "lapsed: the rescoring ended without a scorecard; the bond and fee went back and the scorecard stands",
		tender.AppealOpen:   "open: anyone may resolve it with a rescoring round; award and decline wait for it",
	} {
		s := tendered(t)
		a := bidOf(t, &s, 6).Appeal
		a.Status = status
		if status == tender.AppealOpen {
			a.Round = 0
		}
		checkPage(t, render(t, s), In("#bid-6 .appeal", HasText("appeal "+status+" filed 2026-01-02 00:53:20 UTC with a bond of 5 GEN: "+want)))
	}
}

// TestBidsThatNeverScoredSaySo: a sealed bid is a commitment, a withdrawn or expired
// one never opened, and a revealed one waits for its scorecard; none shows a score.
func TestBidsThatNeverScoredSaySo(t *testing.T) {
	s := tendered(t)
	checkPage(t, render(t, s),
		In("#bid-1 .meta", HasText("#1 on the tender, committed 2026-01-02 01:10:00 UTC by "+bidderA.String()+
			", deposit 2 GEN; amended 2 times, last at 2026-01-02 01:40:00 UTC")),
		In("#bid-1 .commitment code", HasText(commitment(1))),
		In("#bid-1 .status", HasText("sealed: a commitment until it is revealed; the proposal shows once revealed")),
		In("#bid-2 .status", HasText("withdrawn while sealed: the deposit was owed back and the proposal was never revealed")),
		In("#bid-2 .meta", HasText("#2 on the tender, committed 2026-01-02 01:20:00 UTC by "+bidderB.String()+", deposit 2 GEN; withdrawn 2026-01-02 01:30:00 UTC")),
		In("#bid-7 .status", HasText("expired unrevealed: the deposit was forfeited to the treasury and the proposal was never revealed")),
		In("#bid-7 h5", HasText("Bid #7 expired forfeited")),
		In("#bid-5 .status", HasText("revealed, not scored yet: no scoring round has settled a scorecard")),
		In("#bid-5 details.proposal pre", HasText(bidOf(t, &s, 5).Proposal)),
		In("#bid-12 .status", HasText("revealed, not scored yet: no scoring round has opened")),
		NotIn("#bid-1 table.scorecard, #bid-2 table.scorecard, #bid-5 table.scorecard, #bid-7 table.scorecard, #bid-12 table.scorecard"),
		NotIn("#bid-1 dl.score, #bid-5 dl.score, #bid-7 dl.score"),
	)
}

// TestASealedBidNeverShowsAProposal: seed 001, "nobody can see a rival's number before
// the window closes": a bid that was never revealed (sealed, withdrawn or expired)
// shows only its commitment. Were its view to carry a proposal or scores, neither
// reaches any part of the page, markup or data.
func TestASealedBidNeverShowsAProposal(t *testing.T) {
	for _, status := range []string{tender.BidSealed, tender.BidWithdrawn, tender.BidExpired} {
		t.Run(status, func(t *testing.T) {
			s := tendered(t)
			b := bidOf(t, &s, 1)
			b.Status = status
			b.Proposal, b.Salt = "SECRET-PROPOSAL: our price is 17 GEN", "SECRET-SALT"
			scorecard(b, tenderOf(t, &s, tenderCommit).Criteria, []int{5, 5, 5}, agreeing(5, 5, 5))
			b.Scores[0].Reason = "SECRET-REASON from the proposal"
			page := render(t, s)
			for _, secret := range []string{"SECRET-PROPOSAL", "SECRET-SALT", "SECRET-REASON", "our price is 17"} {
				if bytes.Contains(page, []byte(secret)) {
					t.Errorf("a %s bid's page contains %q", status, secret)
				}
			}
			checkPage(t, page,
				In("#bid-1 .commitment code", HasText(commitment(1))),
				NotIn("#bid-1 details.proposal, #bid-1 pre, #bid-1 table.scorecard, #bid-1 dl.score"))
		})
	}
}

// TestScorabilityChecksShowTheirVerdict: seed 001, criteria are checked before anyone
// bids: each check with its verdict, the criteria it read and those it flagged, why.
func TestScorabilityChecksShowTheirVerdict(t *testing.T) {
	s := tendered(t)
	doc := checkPage(t, render(t, s),
		In("#check-1 .verdict", HasText("scorable every criterion can be scored from a proposal's text")),
		In("#check-1 td[data-label=Asked]", HasText("by "+buyer.String()+" at 2026-01-02 00:00:00 UTC; checked at 2026-01-02 00:03:20 UTC")),
		In("#check-1 code.hash", HasText(tenderOf(t, &s, tenderCommit).CriteriaDigest)),
		In("#check-2 .verdict", HasText("not_scorable 1 criterion flagged")),
		In("#check-2 ol.checked li.flagged", HasText("Is the best. flagged: taste, not something a proposal's text can show")),
		In("#check-2 td[data-label=Check]", HasText("#2, round 12")),
		In("#check-3 .verdict", HasText("failed the round ran out of attempts; the fee went back and these criteria may be checked again")),
		In("#check-4 .verdict", HasText("checking round 14 is open")),
		In("#check-4 td[data-label=Asked]", HasText("by "+asker.String()+" at 2026-01-02 01:58:20 UTC")),
	)
	if n := len(all(doc, "#check-2 ol.checked li")); n != 2 {
		t.Errorf("check 2 lists %d criteria, want 2", n)
	}
	if n := len(all(doc, "#check-2 li.flagged")); n != 1 {
		t.Errorf("check 2 flags %d criteria, want 1", n)
	}
}

// TestNoTreasuryNoTenders: the terms decide whether an arena runs tenders; one that
// names no treasury says so, in the ledger's own words, and lists none.
func TestNoTreasuryNoTenders(t *testing.T) {
	checkPage(t, render(t, loadSnapshot(t, "demo")),
		In("#tenders .status", HasText("This arena names no treasury, so it runs no tenders.")),
		NotIn("#tenders table"), NotIn("#tenders article"))
	s := loadSnapshot(t, "demo")
	s.Arena.Terms.Treasury = &treasury
	checkPage(t, render(t, s),
		In("#tenders p.none", HasText("No tender has been published yet.")),
		NotIn("#tenders .status"), NotIn("#tenders table"))
}

// TestFeeRatesReadAsPercentages: basis points are shown as the percentage they are.
func TestFeeRatesReadAsPercentages(t *testing.T) {
	for n, want := range map[uint64]string{0: "0%", 5: "0.05%", 50: "0.5%", 250: "2.5%", 1000: "10%", 1234: "12.34%"} {
		if got := bps(n); got != want {
			t.Errorf("bps(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestTenderAwardsAreAwardEvents: an award event names its contest and its winner, a
// task's entry or a tender's bid, each a link to it.
func TestTenderAwardsAreAwardEvents(t *testing.T) {
	s := tendered(t)
	payout := ledger.MustAmount("97500000000000000000")
	s.Events = append(s.Events, ledger.Event{Type: "award", Height: 60, Tender: 3, Bid: 9, Address: &bidderB, Amount: &payout, Note: "tender"})
	doc := checkPage(t, render(t, s))
	rows := all(doc, "#events tbody tr")
	if got, want := textOf(rows[len(rows)-1]), "60 award tender #3 bid #9 "+bidderB.String()+" 97.5 GEN tender"; got != want {
		t.Errorf("tender award event = %q, want %q", got, want)
	}
	checkPage(t, render(t, s), In("#events a[href=#tender-3]"), In("#events a[href=#bid-9]"))
}

// TestTenderRoundsShowEveryAttestation: DESIGN.md, "the ledger records who agreed: the
// board shows it": each bid's scoring rounds and each check's round, every attempt with
// its leader and what each member attested, a failure and a late attestation marked,
// and the kept leader's receipts.
func TestTenderRoundsShowEveryAttestation(t *testing.T) {
	s := tendered(t)
	v := judges4
	doc := checkPage(t, render(t, s),
		In("#bid-9 details.history summary", HasText("Scoring rounds, attestations and receipts (2 rounds)")),
		In("#round-32 h6", HasText("Round 32, scoring: settled")),
		In("#round-32 ol.attempts > li", HasText("Attempt 1: timed_out, leader "+v[1].String()+", opened 2025-12-30 02:13:20 UTC, deadline 2025-12-30 02:23:20 UTC "+
			v[1].String()+" at height 50: scores 4 4 3 (agrees with the leader) "+
			v[2].String()+" at height 51: [LLM_ERROR] score was outside 0..5 (differs from the leader)")),
		In("#round-32 .late", HasText("late: on the record, not tallied")),
		In("#round-34 h6", HasText("Round 34, rescoring on appeal: settled")),
		In("#round-34 ul.calls li", HasText("score openai-compatible / qwen2.5-14b-instruct (no fallback) prompt_sha256 "+strings.Repeat("ab", 32)+
			" response_sha256 "+strings.Repeat("cd", 32))),
		In("#bid-9 .commitment", HasText("Commitment "+commitment(9)+", opened with the salt salt of bidder B")),
		In("#check-2 td[data-label=Check] a", HasAttr("href", "#round-12")),
		In("#round-12 h4", HasText("Round 12, scorability check: settled")),
		In("#round-12 ul.atts li", HasText(v[0].String()+" at height 40: not scorable, flags criteria 1 (agrees with the leader)")),
		In("#check-1 td[data-label=Check]", HasText("#1, round 11")),
		NotIn("#check-1 td[data-label=Check] a"),
		NotIn("#bid-8 details.history"),
	)
	if n := len(all(doc, "#round-32 ol.attempts > li")); n != 2 {
		t.Errorf("round 32 lists %d attempts, want 2", n)
	}
	if n := len(all(doc, "#round-12 ul.atts li")); n != 3 {
		t.Errorf("round 12 lists %d attestations, want 3", n)
	}
}

// TestTheMoneyIdentityCountsTenderPools: DESIGN.md, "the sum of every pool plus
// claimable equals paid in minus paid out": the tender's budgets, deposits and grading
// fees are pools like the others, named in the identity when they hold something, and
// the treasury is among the terms.
func TestTheMoneyIdentityCountsTenderPools(t *testing.T) {
	s := tendered(t)
	b := &s.Arena.Balances
	b.TenderBudget, b.TenderDeposits, b.TenderGradingFees = ledger.Ether(100), ledger.Ether(6), ledger.Ether(1)
	b.PaidIn = ledger.Ether(607)
	s.Arena.Counts.Tenders, s.Arena.Counts.Bids = 5, 13
	doc := checkPage(t, render(t, s),
		In("#money dl.terms", HasText("Prize escrow 250 GEN Bond escrow 20 GEN Slash pool 25 GEN Tender budgets 100 GEN "+
			"Tender deposits and bonds 6 GEN Tender grading fees 1 GEN Claimable 0 GEN Paid in 607 GEN Paid out 205 GEN")),
		In(".invariant.ok", HasText("The invariant holds: prize escrow + bond escrow + slash pool + tender budgets + tender deposits and bonds + "+
			"tender grading fees + claimable = paid in \u2212 paid out, in GEN: 250 + 20 + 25 + 100 + 6 + 1 + 0 = 607 \u2212 205")),
		In("#terms dl.terms", HasText("Chain arena-demo-1 Currency GEN Entry bond 5 GEN Appeal bond 20 GEN Appeal window 6 h Validators 5 "+
			"Committee per round 5 Quorum, leader included 3 Attempts per round 3 Attempt timeout 10 min "+
			"Tender treasury "+treasury.String()+" EVM registry none Dev mode off")),
	)
	if counts := all(doc, "#money dl.terms"); len(counts) != 2 || textOf(counts[1]) !=
		"Tasks 3 Open 2 Awarded 1 Voided 0 Entries 6 Solvers 2 Grading rounds 7 Tenders 5 Tender bids 13" {
		t.Errorf("counts do not show the tenders and their bids")
	}
	b.TenderDeposits = ledger.Ether(5)
	checkPage(t, render(t, s), In(".invariant.bad code", HasText("250 + 20 + 25 + 100 + 5 + 1 + 0 \u2260 607 \u2212 205")))
}

// TestTheLivePageLinksEachTenderToItsOCDS: on the page a node serves live, each tender
// links to its OCDS release and record packages on that node; the published page, a
// file with no node behind it, has no such link.
func TestTheLivePageLinksEachTenderToItsOCDS(t *testing.T) {
	s := tendered(t)
	live := render(t, s, WithApp())
	for _, tv := range s.Tenders {
		card := fragment(t, live, fmt.Sprintf(`<article class="card tender" id="tender-%d"`, tv.ID), "</article>")
		want := fmt.Sprintf(`<p class="ocds">As Open Contracting data (OCDS 1.1): <a href="/v1/tenders/%d/ocds">release package</a>, <a href="/v1/tenders/%d/ocds/record">record package</a></p>`, tv.ID, tv.ID)
		if !bytes.Contains(card, []byte(want)) {
			t.Errorf("tender %d on the live page has no %s", tv.ID, want)
		}
	}
	if static := render(t, s); bytes.Contains(static, []byte(`class="ocds"`)) {
		t.Error("the published page links to OCDS documents no node serves")
	}
}
