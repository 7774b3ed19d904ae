package ledgertest

import (
	"fmt"
	"strings"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/tender"
)

// The windows TenderTerms gives a tender, in seconds.
const (
	CommitS = 3600
	RevealS = 3600
	DecideS = 24 * 3600
)

// SeedCriteria returns the seed's four criteria, weighted 3, 2, 2 and 1, the first
// primary.
func SeedCriteria() []tender.Criterion {
	return []tender.Criterion{
		{Text: "Names three delivery references with contactable clients", Weight: 3, Primary: true},
		{Text: "Gives a week-by-week delivery plan", Weight: 2},
		{Text: "States a fixed price with what it excludes", Weight: 2},
		{Text: "Names the team and each member's role", Weight: 1},
	}
}

// Texts returns the texts of criteria, in order: what a scorability check is asked.
func Texts(cs []tender.Criterion) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Text
	}
	return out
}

// TenderTerms returns a publication of the seed's criteria with a 5 GEN deposit, a 20
// GEN appeal bond, a 5% fee, at most eight bids and the windows CommitS, RevealS and
// DecideS. The caller may change any of it.
func TenderTerms() tender.Publish {
	return tender.Publish{
		Title: "Payments integration", Summary: "Integrate the payouts API with our ledger.", Criteria: SeedCriteria(),
		Deposit: ledger.Ether(5), AppealBond: ledger.Ether(20), FeeBps: 500,
		CommitS: CommitS, RevealS: RevealS, DecideS: DecideS, MaxBids: 8,
	}
}

// Salt returns the salt the named bidder seals its bids with.
func Salt(bidder string) string { return "salt of " + bidder }

// Proposal returns a proposal by the named bidder, long enough to be revealed.
func Proposal(bidder string) string {
	return "Proposal by " + bidder + ": three references, a weekly plan, a fixed price and a named team."
}

// Scores returns the scorecard an honest validator sends for the given scores, one
// per criterion in order, each with a reason.
func Scores(scores ...int) tender.Scorecard {
	c := tender.Scorecard{Scores: make([]tender.CriterionScore, len(scores))}
	for i, v := range scores {
		c.Scores[i] = tender.CriterionScore{Criterion: i, Score: v, Reason: fmt.Sprintf("the proposal reads %d here", v)}
	}
	return c
}

// Scorable returns the scorability verdict an honest validator sends: scorable, or
// not with the given criteria flagged.
func Scorable(ok bool, flagged ...int) tender.CheckResult {
	r := tender.CheckResult{Scorable: ok, Flagged: flagged, Reasons: make([]string, len(flagged))}
	for i := range flagged {
		r.Reasons[i] = "needs more than the proposal's text"
	}
	return r
}

// Failed returns the scorecard a validator sends when scoring failed as "[CLASS] msg".
func Failed(class ledger.Class, msg string) tender.Scorecard {
	return tender.Scorecard{Error: ledger.NewError(class, msg).Error()}
}

// TenderRound returns tender round id, failing the test if there is none.
func (c *Contest) TenderRound(id ledger.RoundID) ledger.TenderRoundView {
	c.t.Helper()
	var r ledger.TenderRoundView
	var ok bool
	c.View(func(s *ledger.State) { r, ok = s.TenderRound(id) })
	if !ok || len(r.Attempts) == 0 {
		c.t.Fatalf("no tender round %d", id)
	}
	return r
}

// AttestRound has the committee of tender round id attest its current attempt: the
// leader first with body(0), then the others in committee order with body(1),
// body(2)..., stopping when the attempt closes. A nil body leaves that seat silent.
func (c *Contest) AttestRound(id ledger.RoundID, body func(seat, attempt int) ledger.Body) {
	c.t.Helper()
	r := c.TenderRound(id)
	at := r.Attempts[len(r.Attempts)-1]
	for i, m := range seats(r.Committee, at.Leader) {
		cur := c.TenderRound(id)
		if last := cur.Attempts[len(cur.Attempts)-1]; last.Attempt != at.Attempt || last.State != ledger.AttemptOpen {
			return
		}
		if b := body(i, at.Attempt); b != nil {
			c.Do(c.ByAddr(m), ledger.Amount{}, b)
		}
	}
}

// ScoreAll has the committee of scoring round id score its current attempt: the
// leader with leader, the others with others in turn (or leader's if none).
func (c *Contest) ScoreAll(id ledger.RoundID, leader tender.Scorecard, others ...tender.Scorecard) {
	c.t.Helper()
	c.AttestRound(id, func(seat, attempt int) ledger.Body {
		card := leader
		if seat > 0 && len(others) > 0 {
			card = others[(seat-1)%len(others)]
		}
		return tender.Attest{Round: id, Attempt: attempt, Result: card}
	})
}

// CheckAll has the committee of scorability round id answer its current attempt.
func (c *Contest) CheckAll(id ledger.RoundID, leader tender.CheckResult, others ...tender.CheckResult) {
	c.t.Helper()
	c.AttestRound(id, func(seat, attempt int) ledger.Body {
		res := leader
		if seat > 0 && len(others) > 0 {
			res = others[(seat-1)%len(others)]
		}
		return tender.CheckAttest{Round: id, Attempt: attempt, Result: res}
	})
}

// Checked has "sponsor" check criteria and the committee agree on res; it returns the
// check as it ended.
func (c *Contest) Checked(criteria []string, res tender.CheckResult) ledger.CheckView {
	c.t.Helper()
	id := ledger.CheckID(c.Do("sponsor", ledger.Amount{}, tender.Check{Criteria: criteria}).Created)
	var v ledger.CheckView
	c.View(func(s *ledger.State) { v = s.TenderChecks()[id-1] })
	c.CheckAll(v.Round, res)
	c.View(func(s *ledger.State) { v = s.TenderChecks()[id-1] })
	return v
}

// Publish has "sponsor" publish p with budget, first having its criteria checked
// scorable if they have no verdict yet, and returns the tender.
func (c *Contest) Publish(budget ledger.Amount, p tender.Publish) ledger.TenderID {
	c.t.Helper()
	var known bool
	c.View(func(s *ledger.State) { _, known = s.TenderCheck(tender.Digest(Texts(p.Criteria))) })
	if !known {
		c.Checked(Texts(p.Criteria), Scorable(true))
	}
	return ledger.TenderID(c.Do("sponsor", budget, p).Created)
}

// Seal has the named bidder commit to proposal on tender t with its deposit and
// Salt(bidder), and returns the bid.
func (c *Contest) Seal(t ledger.TenderID, bidder, proposal string) ledger.BidID {
	c.t.Helper()
	tv := c.Tender(t)
	commit := tender.Commitment(Salt(bidder), strings.ToLower(c.Addr(bidder).String()), proposal)
	return ledger.BidID(c.Do(bidder, tv.Deposit, tender.Commit{Tender: t, Commitment: commit}).Created)
}

// Unseal has the bid's bidder reveal proposal with its salt.
func (c *Contest) Unseal(b ledger.BidID, proposal string) {
	c.t.Helper()
	c.Do(c.ByAddr(c.Bid(b).Bidder), ledger.Amount{}, tender.Reveal{Bid: b, Salt: Salt(c.ByAddr(c.Bid(b).Bidder)), Proposal: proposal})
}

// ScoreBid has "stranger" open a scoring round on b, has the committee agree on card,
// and returns the bid.
func (c *Contest) ScoreBid(b ledger.BidID, card tender.Scorecard) ledger.BidView {
	c.t.Helper()
	out := c.Do("stranger", ledger.Amount{}, tender.Score{Bid: b})
	c.ScoreAll(ledger.RoundID(out.Created), card)
	bv := c.Bid(b)
	if bv.Status != tender.BidScored || bv.Round != ledger.RoundID(out.Created) {
		c.t.Fatalf("bid %d: round %d kept no scorecard (status %s)", b, out.Created, bv.Status)
	}
	return bv
}

// Rescore has "stranger" resolve b's open appeal, has the committee agree on card,
// and returns the bid.
func (c *Contest) Rescore(b ledger.BidID, card tender.Scorecard) ledger.BidView {
	c.t.Helper()
	out := c.Do("stranger", ledger.Amount{}, tender.Resolve{Bid: b})
	c.ScoreAll(ledger.RoundID(out.Created), card)
	return c.Bid(b)
}

// Tender returns tender t, failing the test if there is none.
func (c *Contest) Tender(t ledger.TenderID) ledger.TenderView {
	c.t.Helper()
	var v ledger.TenderView
	var ok bool
	c.View(func(s *ledger.State) { v, ok = s.Tender(t) })
	if !ok {
		c.t.Fatalf("no tender %d", t)
	}
	return v
}

// Bid returns bid b, failing the test if there is none.
func (c *Contest) Bid(b ledger.BidID) ledger.BidView {
	c.t.Helper()
	var v ledger.BidView
	var ok bool
	c.View(func(s *ledger.State) { v, ok = s.Bid(b) })
	if !ok {
		c.t.Fatalf("no bid %d", b)
	}
	return v
}
