package board

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/round"
	"github.com/arena/arena/ledger/tender"
)

// The tenders below are built by hand, one in each state a tender can be seen in, on
// top of the demo snapshot with a treasury named. The arena's clock is the demo's,
// 2026-01-02 02:00:00 UTC.

var (
	treasury               = addr(0x7e)
	buyer, buyer2          = addr(0xb0), addr(0xb2)
	bidderA, bidderB       = addr(0xa1), addr(0xb1)
	bidderC, bidderD       = addr(0xc1), addr(0xd1)
	asker                  = addr(0xe1)
	demoNow          int64 = 1_767_319_200
)

// The tenders' ids in tendered.
const (
	tenderCommit ledger.TenderID = iota + 1
	tenderPaused
	tenderAwarded
	tenderDeclined
	tenderAbandoned
)

// criteria returns published criteria with these weights, the first primary unless
// primary says otherwise.
func criteria(primary int, weights ...uint64) []tender.CriterionView {
	texts := []string{
		"Names three verifiable references for comparable migrations.",
		"Gives a week-by-week plan with a named owner for each week.",
		"States a fixed price and what it excludes.",
		"Describes how rollback works if the cut-over fails.",
	}
	out := make([]tender.CriterionView, len(weights))
	for i, w := range weights {
		out[i] = tender.CriterionView{Index: i, Text: texts[i%len(texts)], Weight: w, Primary: i == primary}
	}
	return out
}

func textsOf(cs []tender.CriterionView) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Text
	}
	return out
}

// scorecard fills b's scores from one agreed score per criterion, each with the
// agreeing members' scores (leader first), and the totals the ledger would compute.
func scorecard(b *tender.BidView, cs []tender.CriterionView, scores []int, members [][]int) {
	b.Scores, b.Total, b.TotalMax = nil, 0, 0
	for i, s := range scores {
		w := uint64(s) * cs[i].Weight
		b.Scores = append(b.Scores, tender.ScoreView{Criterion: i, Score: s, Weighted: w,
			Reason:  fmt.Sprintf("section %d: %s", i+1, []string{"names no reference", "one thin line", "partly covered", "covered with a gap", "covered", "covered with evidence"}[s]),
			Members: members[i]})
		b.Total += w
		b.TotalMax += cs[i].Weight * tender.ScoreMax
	}
}

// agreeing returns members for n criteria, each the score itself from three members.
func agreeing(scores ...int) [][]int {
	out := make([][]int, len(scores))
	for i, s := range scores {
		out[i] = []int{s, s, s}
	}
	return out
}

func proposal(who string) string {
	return who + " proposes to migrate the payouts endpoint in six weeks, at a fixed price of 40 GEN, with rollback by feature flag."
}

func commitment(n int) string { return fmt.Sprintf("%064x", 0xc0ffee00+n) }

// tendered returns the demo with a treasury and five tenders, one in each state, and
// four scorability checks, one with each verdict.
func tendered(t testing.TB) ledger.Snapshot {
	t.Helper()
	s := loadSnapshot(t, "demo")
	s.Arena.Terms.Treasury = &treasury
	cs := [6][]tender.CriterionView{}
	for i := range cs {
		cs[i] = criteria(0, 3, 2, 1)
	}
	cs[tenderPaused] = criteria(1, 2, 3)
	base := func(id ledger.TenderID, title string, published int64) ledger.TenderView {
		c := cs[id]
		return ledger.TenderView{ID: id, Buyer: buyer, Title: title, Summary: "Move every caller of /v0/payouts to /v1 without downtime.",
			Criteria: c, CriteriaDigest: tender.Digest(textsOf(c)), PrimaryIndex: primaryOf(c), Budget: ledger.Ether(100),
			Deposit: ledger.Ether(2), AppealBond: ledger.Ether(5), FeeBps: 250, Fee: ledger.MustAmount("2500000000000000000"),
			Payout: ledger.MustAmount("97500000000000000000"), MaxBids: 8, Eligibility: []string{},
			PublishedAt: published, CommitCloses: published + 86400, RevealCloses: published + 2*86400, DecideCloses: published + 3*86400,
			State: tender.TenderOpen, Forfeited: ledger.Amount{}, Bids: []tender.BidView{}, Questions: []tender.QuestionView{}}
	}
	bid := func(id ledger.BidID, tid ledger.TenderID, who ledger.Address, seq int, at int64, status string) tender.BidView {
		return tender.BidView{ID: id, Tender: tid, Bidder: who, Seq: seq, Commitment: commitment(int(id)), Status: status,
			Deposit: ledger.Ether(2), CommittedAt: at, Scores: []tender.ScoreView{}, Rounds: []round.ID{}}
	}
	reveal := func(b *tender.BidView, who string, at int64) {
		b.Proposal, b.RevealedAt = proposal(who), at
	}

	// 1: the commit window is open: two sealed bids, one amended, and one withdrawn;
	// one question answered and one not.
	t1 := base(tenderCommit, "Payouts v0 to v1 migration", demoNow-3600)
	t1.Phase, t1.Eligibility = "commit", []string{tender.RuleNoPriorAward}
	b1 := bid(1, 1, bidderA, 1, demoNow-3000, tender.BidSealed)
	b1.Amendments, b1.AmendedAt = 2, demoNow-1200
	b2 := bid(2, 1, bidderB, 2, demoNow-2400, tender.BidWithdrawn)
	b2.WithdrawnAt, b2.Outcome = demoNow-1800, tender.OutcomeReturned
	b3 := bid(3, 1, bidderC, 3, demoNow-600, tender.BidSealed)
	t1.Bids = []tender.BidView{b1, b2, b3}
	t1.Questions = []tender.QuestionView{
		{Index: 1, Asker: asker, Text: "Does a reference have to be public, or is a named contact enough?", AskedAt: demoNow - 2000,
			Answer: "A named contact with a way to reach them is enough.", AnsweredAt: demoNow - 1500},
		{Index: 2, Asker: bidderB, Text: "Is the six-week limit a hard one?", AskedAt: demoNow - 900},
	}

	// 2: the decision window is open and award is paused: one bid scored, one revealed
	// and not scored, one scored with an appeal open, one expired unrevealed.
	t2 := base(tenderPaused, "Status page rebuild", demoNow-2*86400-7200)
	t2.Phase, t2.LastScoredAt = "decide", demoNow-5000
	t2.Paused = "An appeal is open on this tender"
	b4 := bid(4, 2, bidderA, 1, t2.PublishedAt+100, tender.BidScored)
	reveal(&b4, "A", t2.CommitCloses+100)
	scorecard(&b4, cs[tenderPaused], []int{4, 3}, [][]int{{4, 4, 5}, {3, 2, 3}})
	b4.ScoredAt, b4.Rank, b4.Round, b4.Rounds = demoNow-6000, 1, 21, []round.ID{21}
	b5 := bid(5, 2, bidderB, 2, t2.PublishedAt+200, tender.BidRevealed)
	reveal(&b5, "B", t2.CommitCloses+200)
	b5.Rounds = []round.ID{22}
	b6 := bid(6, 2, bidderC, 3, t2.PublishedAt+300, tender.BidScored)
	reveal(&b6, "C", t2.CommitCloses+300)
	scorecard(&b6, cs[tenderPaused], []int{2, 2}, [][]int{{2, 3, 2}, {2, 2, 1}})
	b6.ScoredAt, b6.Rank, b6.Round, b6.Rounds = demoNow-5000, 2, 23, []round.ID{23, 25}
	b6.Appeal = &tender.AppealView{Argument: "Section 3 names the on-call owner for every week; the plan score ignores it.",
		Bond: ledger.Ether(5), FiledAt: demoNow - 4000, Status: tender.AppealOpen, TotalBefore: 10, Round: 25}
	b7 := bid(7, 2, bidderD, 4, t2.PublishedAt+400, tender.BidExpired)
	b7.ExpiredAt, b7.Outcome = t2.RevealCloses+10, tender.OutcomeForfeit
	t2.Bids, t2.Forfeited = []tender.BidView{b4, b5, b6, b7}, ledger.Ether(2)

	// 3: awarded: the winner was re-scored on an upheld appeal, the runner-up's appeal
	// was rejected, and one bid expired unrevealed.
	t3 := base(tenderAwarded, "Webhook retry documentation", demoNow-4*86400)
	t3.Phase, t3.State, t3.LastScoredAt, t3.AwardFrom = "closed", tender.TenderAwarded, demoNow-9000, demoNow-9000+tender.AwardWaitS
	t3.Winner, t3.WinningBid, t3.SettledAt = &bidderB, 9, demoNow-3600
	b8 := bid(8, 3, bidderA, 1, t3.PublishedAt+100, tender.BidScored)
	reveal(&b8, "A", t3.CommitCloses+100)
	scorecard(&b8, cs[tenderAwarded], []int{4, 3, 4}, [][]int{{4, 4, 5, 4}, {3, 3, 4}, {4, 4, 3}})
	b8.ScoredAt, b8.Rank, b8.Rescored, b8.Round, b8.Rounds, b8.Outcome = demoNow-9000, 2, true, 33, []round.ID{31, 33}, tender.OutcomeReturned
	b8.Appeal = &tender.AppealView{Argument: "The rollback section is scored as missing but is on page two of the proposal.",
		Bond: ledger.Ether(5), FiledAt: demoNow - 20000, Status: tender.AppealRejected, TotalBefore: 22, TotalAfter: 22, Round: 33, ResolvedAt: demoNow - 9000}
	b9 := bid(9, 3, bidderB, 2, t3.PublishedAt+200, tender.BidScored)
	reveal(&b9, "B", t3.CommitCloses+200)
	scorecard(&b9, cs[tenderAwarded], []int{5, 4, 3}, agreeing(5, 4, 3))
	b9.Scores[0].Members = []int{5, 4, 5}
	b9.ScoredAt, b9.Rank, b9.Rescored, b9.Round, b9.Rounds, b9.Outcome = demoNow-10000, 1, true, 34, []round.ID{32, 34}, tender.OutcomeWon
	b9.Appeal = &tender.AppealView{Argument: "Three references are named in the appendix; the reference score counts one.",
		Bond: ledger.Ether(5), FiledAt: demoNow - 19000, Status: tender.AppealUpheld, TotalBefore: 23, TotalAfter: 26, Round: 34, ResolvedAt: demoNow - 10000}
	b10 := bid(10, 3, bidderC, 3, t3.PublishedAt+300, tender.BidExpired)
	b10.ExpiredAt, b10.Outcome = t3.RevealCloses+5, tender.OutcomeForfeit
	t3.Bids, t3.WinningTotal, t3.Forfeited = []tender.BidView{b8, b9, b10}, b9.Total, ledger.Ether(7)
	t3.Questions = []tender.QuestionView{{Index: 1, Asker: bidderA, Text: "Which retry policies must the documentation cover?", AskedAt: t3.PublishedAt + 500,
		Answer: "Exponential backoff with jitter, and the dead-letter queue.", AnsweredAt: t3.PublishedAt + 900}}

	// 4: declined by the buyer in the decision window, with every bid scored.
	t4 := base(tenderDeclined, "Translation of the onboarding guide", demoNow-3*86400)
	t4.Buyer = buyer2
	t4.Phase, t4.State, t4.SettledAt, t4.LastScoredAt = "settled", tender.TenderDeclined, demoNow-1000, demoNow-20000
	t4.Fee, t4.Payout = ledger.Amount{}, ledger.Amount{} // a tender settled without an award took no fee and paid nothing
	t4.DeclineReason = "Every bid scored below what the budget should buy; the criteria will be republished with a clearer scope."
	b11 := bid(11, 4, bidderA, 1, t4.PublishedAt+100, tender.BidScored)
	reveal(&b11, "A", t4.CommitCloses+100)
	scorecard(&b11, cs[tenderDeclined], []int{1, 2, 0}, [][]int{{1, 1, 2}, {2, 2, 2}, {0, 1, 0}})
	b11.ScoredAt, b11.Rank, b11.Round, b11.Rounds, b11.Outcome = demoNow-20000, 1, 41, []round.ID{41}, tender.OutcomeReturned
	t4.Bids = []tender.BidView{b11}

	// 5: abandoned after the decision window: a revealed bid was never scored, and an
	// appeal on the other was still open.
	t5 := base(tenderAbandoned, "Audit of the settlement ledger", demoNow-5*86400)
	t5.Phase, t5.State, t5.SettledAt = "settled", tender.TenderAbandoned, demoNow-500
	t5.Fee, t5.Payout = ledger.Amount{}, ledger.Amount{}
	b12 := bid(12, 5, bidderA, 1, t5.PublishedAt+100, tender.BidRevealed)
	reveal(&b12, "A", t5.CommitCloses+100)
	b12.Outcome = tender.OutcomeReturned
	b13 := bid(13, 5, bidderB, 2, t5.PublishedAt+200, tender.BidScored)
	reveal(&b13, "B", t5.CommitCloses+200)
	scorecard(&b13, cs[tenderAbandoned], []int{3, 3, 3}, agreeing(3, 3, 3))
	b13.ScoredAt, b13.Rank, b13.Round, b13.Rounds, b13.Outcome = t5.RevealCloses+100, 1, 51, []round.ID{51}, tender.OutcomeReturned
	b13.Appeal = &tender.AppealView{Argument: "The audit scope is stated in full in the second paragraph.",
		Bond: ledger.Ether(5), FiledAt: t5.RevealCloses + 200, Status: tender.AppealLapsed, TotalBefore: 18, ResolvedAt: demoNow - 500}
	t5.Bids = []tender.BidView{b12, b13}

	b9.Salt = "salt of bidder B"
	t3.Bids[1] = b9
	s.Tenders = []ledger.TenderView{t1, t2, t3, t4, t5}
	s.TenderRounds = fixtureRounds(&t3, &b9)
	s.Checks = []ledger.CheckView{
		{ID: 1, Digest: t1.CriteriaDigest, Criteria: textsOf(t1.Criteria), Asker: buyer, State: tender.CheckScorable,
			Flagged: []int{}, Reasons: []string{}, AskedAt: demoNow - 7200, CheckedAt: demoNow - 7000, Round: 11},
		{ID: 2, Digest: tender.Digest([]string{"Is the best.", "Names references."}), Criteria: []string{"Is the best.", "Names references."}, Asker: buyer2,
			State: tender.CheckNotScorable, Flagged: []int{0}, Reasons: []string{"taste, not something a proposal's text can show"},
			AskedAt: demoNow - 6000, CheckedAt: demoNow - 5900, Round: 12},
		{ID: 3, Digest: tender.Digest([]string{"Ships on time."}), Criteria: []string{"Ships on time."}, Asker: buyer2,
			State: tender.CheckFailed, Flagged: []int{}, Reasons: []string{}, AskedAt: demoNow - 5000, CheckedAt: demoNow - 3000, Round: 13},
		{ID: 4, Digest: tender.Digest([]string{"Quotes a price."}), Criteria: []string{"Quotes a price."}, Asker: asker,
			State: tender.CheckRunning, Flagged: []int{}, Reasons: []string{}, AskedAt: demoNow - 100, Round: 14},
	}
	return s
}

// fixtureRounds returns the rounds behind bid 9's scorecards and check 2's verdict:
// bid 9's first scoring rotated once, its first leader's attempt timing out with one
// member failing and one late; its rescoring settled at once; check 2 settled flagging
// its first criterion.
func fixtureRounds(t *ledger.TenderView, b *tender.BidView) []ledger.TenderRoundView {
	v := judges4
	card := func(scores ...int) *tender.Scorecard {
		c := &tender.Scorecard{Calls: []ledger.Call{}}
		for i, x := range scores {
			c.Scores = append(c.Scores, tender.CriterionScore{Criterion: i, Score: x, Reason: "section " + fmt.Sprint(i+1)})
		}
		return c
	}
	calls := []ledger.Call{{Provider: "openai-compatible", Model: "qwen2.5-14b-instruct", Purpose: "score",
		PromptSHA: strings.Repeat("ab", 32), ResponseSHA: strings.Repeat("cd", 32)}}
	kept := card(5, 4, 3)
	kept.Calls = calls
	opened := b.RevealedAt + 600
	return []ledger.TenderRoundView{
		{ID: 12, Kind: tender.CheckKind, Check: 2, Criteria: []string{"Is the best.", "Names references."}, State: round.Settled,
			OpenedAt: demoNow - 6000, Committee: v[:3], Attempts: []tender.AttemptView{{Attempt: 1, Leader: v[0], OpenedAt: demoNow - 6000,
				Deadline: demoNow - 5400, State: round.AttemptSettled, Attestations: []tender.AttestationView{
					{Validator: v[0], Height: 40, Check: &tender.CheckResult{Flagged: []int{0}, Reasons: []string{"taste"}, Calls: calls}, Agrees: true},
					{Validator: v[1], Height: 41, Check: &tender.CheckResult{Flagged: []int{0}, Reasons: []string{"opinion"}}, Agrees: true},
					{Validator: v[2], Height: 42, Check: &tender.CheckResult{Scorable: true}},
				}}}},
		{ID: 32, Kind: tender.Kind, Tender: t.ID, Bid: b.ID, Criteria: textsOf(t.Criteria), State: round.Settled, OpenedAt: opened,
			Committee: v, Attempts: []tender.AttemptView{
				{Attempt: 1, Leader: v[1], OpenedAt: opened, Deadline: opened + 600, State: round.AttemptTimedOut, Attestations: []tender.AttestationView{
					{Validator: v[1], Height: 50, Scorecard: card(4, 4, 3), Agrees: true},
					{Validator: v[2], Height: 51, Scorecard: &tender.Scorecard{Error: "[LLM_ERROR] score was outside 0..5"}},
				}},
				{Attempt: 2, Leader: v[2], OpenedAt: opened + 600, Deadline: opened + 1200, State: round.AttemptSettled, Attestations: []tender.AttestationView{
					{Validator: v[2], Height: 52, Scorecard: card(4, 4, 3), Agrees: true},
					{Validator: v[0], Height: 53, Scorecard: card(4, 3, 3), Agrees: true},
					{Validator: v[3], Height: 54, Scorecard: card(5, 4, 2), Agrees: true},
					{Validator: v[1], Height: 55, Scorecard: card(1, 1, 1), Late: true},
				}},
			}},
		{ID: 34, Kind: tender.Kind, Tender: t.ID, Bid: b.ID, Rescoring: true, Criteria: textsOf(t.Criteria), Argument: b.Appeal.Argument,
			State: round.Settled, OpenedAt: b.Appeal.FiledAt + 60, Committee: v, Attempts: []tender.AttemptView{
				{Attempt: 1, Leader: v[0], OpenedAt: b.Appeal.FiledAt + 60, Deadline: b.Appeal.FiledAt + 660, State: round.AttemptSettled,
					Attestations: []tender.AttestationView{
						{Validator: v[0], Height: 60, Scorecard: kept, Agrees: true},
						{Validator: v[1], Height: 61, Scorecard: card(4, 4, 3), Agrees: true},
						{Validator: v[3], Height: 62, Scorecard: card(5, 4, 3), Agrees: true},
					}},
			}},
	}
}

func primaryOf(cs []tender.CriterionView) int {
	for _, c := range cs {
		if c.Primary {
			return c.Index
		}
	}
	return 0
}

// tenderOf returns tender id of s, for editing before a render.
func tenderOf(t testing.TB, s *ledger.Snapshot, id ledger.TenderID) *ledger.TenderView {
	t.Helper()
	for i := range s.Tenders {
		if s.Tenders[i].ID == id {
			return &s.Tenders[i]
		}
	}
	t.Fatalf("no tender %d in the snapshot", id)
	return nil
}

// bidOf returns bid id of s, for editing before a render.
func bidOf(t testing.TB, s *ledger.Snapshot, id ledger.BidID) *ledger.BidView {
	t.Helper()
	for i := range s.Tenders {
		for j := range s.Tenders[i].Bids {
			if b := &s.Tenders[i].Bids[j]; b.ID == id {
				return b
			}
		}
	}
	t.Fatalf("no bid %d in the snapshot", id)
	return nil
}

// fullTender returns a tender at every limit: tender.MaxBids bids, each revealed with a
// proposal of tender.MaxProposalLen characters and scored on tender.CriteriaMax
// criteria of tender.MaxCriterionLen characters by five members with reasons of
// tender.MaxReasonLen characters, each appealed at the longest and re-scored, each of
// its two rounds with five members attesting and receipts for the kept leader's
// tender.MaxCalls calls; and tender.MaxQuestions questions of the longest, answered at
// the longest. It returns the tender and its rounds, numbered from firstRound.
func fullTender(id ledger.TenderID, firstBid ledger.BidID, firstRound ledger.RoundID) (ledger.TenderView, []ledger.TenderRoundView) {
	cs := make([]tender.CriterionView, tender.CriteriaMax)
	weights := make([]uint64, tender.CriteriaMax)
	for i := range cs {
		cs[i] = tender.CriterionView{Index: i, Text: fill(fmt.Sprintf("Criterion %d: ", i+1), tender.MaxCriterionLen),
			Weight: uint64(i%tender.WeightMax + 1), Primary: i == 0}
		weights[i] = cs[i].Weight
	}
	tv := ledger.TenderView{ID: id, Buyer: buyer, Title: fill("A tender at every limit: ", tender.MaxTitleLen),
		Summary: fill("Summary: ", tender.MaxSummaryLen), Criteria: cs, CriteriaDigest: tender.Digest(textsOf(cs)),
		Budget: ledger.Ether(1000), Deposit: ledger.Ether(1), AppealBond: ledger.Ether(3), FeeBps: tender.MaxFeeBps,
		Fee: ledger.Ether(100), Payout: ledger.Ether(900), MaxBids: tender.MaxBids, Eligibility: []string{},
		PublishedAt: demoNow - 3*86400, CommitCloses: demoNow - 2*86400, RevealCloses: demoNow - 86400, DecideCloses: demoNow + 86400,
		Phase: "decide", State: tender.TenderOpen, LastScoredAt: demoNow - 100, AwardFrom: demoNow - 100 + tender.AwardWaitS}
	var rounds []ledger.TenderRoundView
	for i := range tender.MaxBids {
		b := tender.BidView{ID: firstBid + ledger.BidID(i), Tender: id, Bidder: addr(byte(i)), Seq: i + 1,
			Commitment: commitment(1000 + i), Status: tender.BidScored, Proposal: fill(fmt.Sprintf("Proposal %d. ", i+1), tender.MaxProposalLen),
			Deposit: ledger.Ether(1), CommittedAt: tv.PublishedAt + int64(i), RevealedAt: tv.CommitCloses + int64(i),
			ScoredAt: demoNow - 100, Rank: i + 1, Rescored: true, Round: firstRound + round.ID(2*i+1), Rounds: []round.ID{firstRound + round.ID(2*i), firstRound + round.ID(2*i+1)},
			Salt: fill("salt ", tender.MaxSaltLen)}
		for j := range cs {
			s := (i + j) % (tender.ScoreMax + 1)
			b.Scores = append(b.Scores, tender.ScoreView{Criterion: j, Score: s, Weighted: uint64(s) * weights[j],
				Reason: fill(fmt.Sprintf("Reason %d.%d: ", i+1, j+1), tender.MaxReasonLen), Members: []int{s, s, max(0, s-1), s, min(5, s+1)}})
			b.Total += uint64(s) * weights[j]
			b.TotalMax += weights[j] * tender.ScoreMax
		}
		b.Appeal = &tender.AppealView{Argument: fill("Argument: ", tender.MaxArgumentLen), Bond: ledger.Ether(3), FiledAt: demoNow - 1000,
			Status: tender.AppealRejected, TotalBefore: b.Total, TotalAfter: b.Total, Round: b.Round, ResolvedAt: demoNow - 100}
		tv.Bids = append(tv.Bids, b)
		for k, id := range b.Rounds {
			rounds = append(rounds, fullRound(id, &tv, &b, k == 1))
		}
	}
	for i := range tender.MaxQuestions {
		tv.Questions = append(tv.Questions, tender.QuestionView{Index: i + 1, Asker: addr(byte(i)),
			Text: fill(fmt.Sprintf("Question %d? ", i+1), tender.MaxQuestionLen), AskedAt: tv.PublishedAt + int64(i),
			Answer: fill(fmt.Sprintf("Answer %d. ", i+1), tender.MaxAnswerLen), AnsweredAt: tv.PublishedAt + 1000 + int64(i)})
	}
	return tv, rounds
}

// fullRound returns a settled scoring round of b with five members agreeing.
func fullRound(id ledger.RoundID, t *ledger.TenderView, b *tender.BidView, rescoring bool) ledger.TenderRoundView {
	members := []ledger.Address{addr(1), addr(2), addr(3), addr(4), addr(5)}
	calls := make([]ledger.Call, tender.MaxCalls)
	for i := range calls {
		calls[i] = ledger.Call{Provider: "openai-compatible", Model: "qwen2.5-14b-instruct", Purpose: "score",
			PromptSHA: fmt.Sprintf("%064x", uint64(id)<<8|uint64(i)), ResponseSHA: fmt.Sprintf("%064x", uint64(id)<<16|uint64(i))}
	}
	r := ledger.TenderRoundView{ID: id, Kind: tender.Kind, Tender: t.ID, Bid: b.ID, Rescoring: rescoring, Criteria: textsOf(t.Criteria),
		State: round.Settled, OpenedAt: b.RevealedAt + 60, Committee: members}
	a := tender.AttemptView{Attempt: 1, Leader: members[0], OpenedAt: r.OpenedAt, Deadline: r.OpenedAt + 600, State: round.AttemptSettled}
	for k, m := range members {
		c := &tender.Scorecard{Calls: []ledger.Call{}}
		for _, sc := range b.Scores {
			c.Scores = append(c.Scores, tender.CriterionScore{Criterion: sc.Criterion, Score: sc.Members[k], Reason: sc.Reason})
		}
		if k == 0 {
			c.Calls = calls
		}
		a.Attestations = append(a.Attestations, tender.AttestationView{Validator: m, Height: uint64(id)*10 + uint64(k), Scorecard: c, Agrees: true})
	}
	r.Attempts = []tender.AttemptView{a}
	return r
}

// fill returns prefix followed by words up to exactly n characters.
func fill(prefix string, n int) string {
	var b strings.Builder
	b.WriteString(prefix)
	for b.Len() < n {
		b.WriteString("lorem ipsum dolor sit amet ")
	}
	return b.String()[:n]
}
