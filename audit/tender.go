package audit

import (
	"fmt"
	"slices"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/tender"
)

// Tender re-derives tender id from snap alone: every revealed bid's commitment against
// its published salt and proposal, every scorecard in force against the attestations of
// the round that kept it (the leader's scores, a quorum within one step of them, the
// receipts), every weighted total from the agreed scores and the published weights, the
// ranking (total, then the primary criterion, then commit order), each appeal's fate,
// and, once settled, the winner, the fee, the payout and what became of each deposit.
func Tender(snap *ledger.Snapshot, id ledger.TenderID) (*Report, error) {
	t, ok := tenderOf(snap, id)
	if !ok {
		return nil, fmt.Errorf("no tender %d in the snapshot", id)
	}
	r := &Report{Subject: fmt.Sprintf("tender %d (%d bids, %s)", id, len(t.Bids), t.State), Number: "the tender's totals or award"}
	weights := make([]uint64, len(t.Criteria))
	for i, c := range t.Criteria {
		weights[i] = c.Weight
	}
	r.check("criteria digest", t.CriteriaDigest, tender.Digest(texts(t.Criteria)), "sha256 of the normalised criteria, order kept")
	r.check("scorability", tender.CheckScorable, verdictOf(snap, t.CriteriaDigest), "the agreed verdict on the digest, before publication")
	var scored []ledger.BidView
	for _, b := range t.Bids {
		name := fmt.Sprintf("bid %d", b.ID)
		if b.Proposal != "" {
			r.check(name+" commitment", b.Commitment, tender.Commitment(b.Salt, b.Bidder.String(), b.Proposal),
				"sha256(salt, bidder, proposal) against the sealed commitment")
		}
		if b.Status != tender.BidScored {
			continue
		}
		scored = append(scored, b)
		r.scorecard(snap, t, b, weights)
	}
	r.ranking(scored, t.PrimaryIndex)
	for _, b := range t.Bids {
		if b.Appeal != nil {
			r.appeal(b)
		}
	}
	r.settlement(t, scored)
	return r, nil
}

// scorecard checks bid b's scorecard in force: it is the kept leader's, a quorum of the
// committee scored within one step of it on every criterion, its receipts are the
// leader's, and its total is the agreed scores times the weights.
func (r *Report) scorecard(snap *ledger.Snapshot, t ledger.TenderView, b ledger.BidView, weights []uint64) {
	name := fmt.Sprintf("bid %d", b.ID)
	scores := make([]int, len(b.Scores))
	for i, s := range b.Scores {
		scores[i] = s.Score
	}
	r.check(name+" total", b.Total, tender.Total(scores, weights), "sum of agreed score times published weight")
	r.check(name+" total max", b.TotalMax, tender.Total(fives(len(weights)), weights), "every criterion at 5")
	rv, ok := tenderRoundOf(snap, b.Round)
	if !ok {
		r.fail(name+" round", fmt.Sprintf("the snapshot lacks round %d", b.Round))
		return
	}
	a, leader, ok := keptAttempt(rv)
	if !ok || leader.Scorecard == nil {
		r.fail(name+" round", fmt.Sprintf("round %d kept no scorecard", rv.ID))
		return
	}
	r.check(name+" leader scores", fmt.Sprint(scores), fmt.Sprint(cardScores(*leader.Scorecard)), "the scorecard in force is the leader's")
	agreed := 0
	for _, x := range a.Attestations {
		if !x.Late && x.Scorecard != nil && withinOneStep(*x.Scorecard, *leader.Scorecard) {
			agreed++
		}
	}
	q := snap.Arena.Terms.QuorumSize()
	r.Steps = append(r.Steps, Step{
		Name: name + " quorum", Want: fmt.Sprintf("at least %d", q), Got: fmt.Sprint(agreed), OK: agreed >= q,
		Note: "members, leader included, whose every score is within one step of the leader's",
	})
	r.callReceipts(snap.Arena.Terms.GenesisHash(), name+" ", leader.Validator, leader.Scorecard.Calls)
}

// ranking re-derives the rank of every scored bid.
func (r *Report) ranking(scored []ledger.BidView, primary int) {
	order := slices.Clone(scored)
	slices.SortStableFunc(order, func(a, b ledger.BidView) int {
		return tender.Standing{Total: a.Total, Primary: primaryScore(a, primary), Seq: a.Seq}.Compare(
			tender.Standing{Total: b.Total, Primary: primaryScore(b, primary), Seq: b.Seq})
	})
	for i, b := range order {
		r.check(fmt.Sprintf("bid %d rank", b.ID), b.Rank, i+1, "total, then the primary criterion, then commit order")
	}
}

// appeal checks an appeal's fate against the totals before and after its rescoring.
func (r *Report) appeal(b ledger.BidView) {
	ap := b.Appeal
	switch ap.Status {
	case tender.AppealUpheld, tender.AppealRejected:
		want := tender.AppealRejected
		if ap.TotalAfter > ap.TotalBefore {
			want = tender.AppealUpheld
		}
		r.check(fmt.Sprintf("bid %d appeal", b.ID), ap.Status, want,
			fmt.Sprintf("total %d before, %d after: upheld only if it went up", ap.TotalBefore, ap.TotalAfter))
		r.check(fmt.Sprintf("bid %d rescored total", b.ID), b.Total, ap.TotalAfter, "the new scorecard replaces the old")
	}
}

// settlement checks a settled tender's winner, fee, payout and each deposit's fate. A
// tender declined or abandoned paid neither fee nor payout: its view shows both as 0,
// and any other figure is a mismatch. A bid sealed and never revealed is a bidder's
// cheat the ledger catches by forfeiting its deposit.
func (r *Report) settlement(t ledger.TenderView, scored []ledger.BidView) {
	switch t.State {
	case tender.TenderDeclined, tender.TenderAbandoned:
		r.check("fee", t.Fee, ledger.Amount{}, "no award: nothing to the treasury")
		r.check("payout", t.Payout, ledger.Amount{}, "no award: the budget went back to the buyer")
	default:
		fee := tender.Fee(t.Budget, t.FeeBps)
		payout, under := t.Budget.Sub(fee)
		if under {
			r.fail("payout", "the fee exceeds the budget")
			return
		}
		r.check("fee", t.Fee, fee, fmt.Sprintf("budget %s times %d basis points, rounded down", t.Budget, t.FeeBps))
		r.check("payout", t.Payout, payout, "budget minus fee")
	}
	var win *ledger.BidView
	for i := range scored {
		if scored[i].Rank == 1 {
			win = &scored[i]
		}
	}
	switch t.State {
	case tender.TenderAwarded:
		r.check("complete", "every revealed bid scored, no appeal open", completeness(t), "an award never goes around an unscored bid or an open appeal")
		if win == nil {
			r.fail("winner", "an awarded tender with no scored bid")
			return
		}
		r.check("winner", t.WinningBid, win.ID, "the bid ranked first")
		r.check("winning total", t.WinningTotal, win.Total, "")
	case tender.TenderDeclined, tender.TenderAbandoned:
		r.check("winner", t.WinningBid, ledger.BidID(0), "no award: the budget went back to the buyer")
	default:
		return
	}
	for _, b := range t.Bids {
		if r.check(fmt.Sprintf("bid %d deposit", b.ID), b.Outcome, outcomeOfBid(t, b), "") && b.Outcome == tender.OutcomeForfeit {
			r.caught(nil, fmt.Sprintf("bid %d was sealed and never revealed; its deposit of %s is forfeited to the treasury", b.ID, b.Deposit.Units()))
		}
	}
}

// outcomeOfBid is what became of bid b's deposit when tender t settled.
func outcomeOfBid(t ledger.TenderView, b ledger.BidView) string {
	switch {
	case b.Status == tender.BidExpired:
		return tender.OutcomeForfeit
	case t.State == tender.TenderAwarded && b.ID == t.WinningBid:
		return tender.OutcomeWon
	}
	return tender.OutcomeReturned
}

func keptAttempt(rv ledger.TenderRoundView) (tender.AttemptView, tender.AttestationView, bool) {
	for _, a := range rv.Attempts {
		if a.State != ledger.AttemptSettled {
			continue
		}
		for _, x := range a.Attestations {
			if x.Validator == a.Leader {
				return a, x, true
			}
		}
	}
	return tender.AttemptView{}, tender.AttestationView{}, false
}

// withinOneStep reports whether a member's scorecard agrees with the leader's scored
// one: it scored too, the same criteria in the same order, each within one step. It
// is tender.Scorecard.Agrees re-derived, for a scored leader (the only one a
// scorecard in force has).
func withinOneStep(mine, leader tender.Scorecard) bool {
	if mine.Error != "" || leader.Error != "" || len(mine.Scores) != len(leader.Scores) {
		return false
	}
	for i := range mine.Scores {
		if mine.Scores[i].Criterion != leader.Scores[i].Criterion {
			return false
		}
		if d := mine.Scores[i].Score - leader.Scores[i].Score; d > 1 || d < -1 {
			return false
		}
	}
	return true
}

func cardScores(c tender.Scorecard) []int {
	out := make([]int, len(c.Scores))
	for i, s := range c.Scores {
		out[i] = s.Score
	}
	return out
}

func primaryScore(b ledger.BidView, primary int) int {
	if primary < 0 || primary >= len(b.Scores) {
		return 0
	}
	return b.Scores[primary].Score
}

func fives(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = tender.ScoreMax
	}
	return out
}

func texts(cs []tender.CriterionView) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Text
	}
	return out
}

func tenderOf(snap *ledger.Snapshot, id ledger.TenderID) (ledger.TenderView, bool) {
	for _, t := range snap.Tenders {
		if t.ID == id {
			return t, true
		}
	}
	return ledger.TenderView{}, false
}

func tenderRoundOf(snap *ledger.Snapshot, id ledger.RoundID) (ledger.TenderRoundView, bool) {
	for _, rv := range snap.TenderRounds {
		if rv.ID == id {
			return rv, true
		}
	}
	return ledger.TenderRoundView{}, false
}

// verdictOf returns the agreed scorability verdict on digest d, or "none".
func verdictOf(snap *ledger.Snapshot, d string) string {
	for _, c := range snap.Checks {
		if c.Digest == d && (c.State == tender.CheckScorable || c.State == tender.CheckNotScorable) {
			return c.State
		}
	}
	return "none"
}

// completeness says what kept a settled tender from being complete, if anything.
func completeness(t ledger.TenderView) string {
	for _, b := range t.Bids {
		switch {
		case b.Status == tender.BidRevealed:
			return fmt.Sprintf("bid %d revealed and never scored", b.ID)
		case b.Appeal != nil && b.Appeal.Status == tender.AppealOpen:
			return fmt.Sprintf("bid %d has an open appeal", b.ID)
		}
	}
	return "every revealed bid scored, no appeal open"
}
