package ledgertest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/tender"
	"github.com/cockroachdb/datadriven"
)

// score sends score(bid), which opens a scoring round or moves a timed-out attempt on,
// and, given scores, has the committee attest (one scorecard per seat, the leader
// first, or one for every seat: 3/4/1/4, "-" for silence, or a classed failure):
//
//	score bid=1 [from=stranger] [scores=(3/4/1/4)]
func (h *Harness) score(t *testing.T, d *datadriven.TestData) string {
	return h.openScoring(t, d, false)
}

// resolve sends resolve(bid), which opens the rescoring round of the bid's appeal or
// moves a timed-out attempt on, and, given scores, has the committee attest:
//
//	resolve bid=1 [from=stranger] [scores=(4/4/1/4)]
func (h *Harness) resolve(t *testing.T, d *datadriven.TestData) string {
	return h.openScoring(t, d, true)
}

func (h *Harness) openScoring(t *testing.T, d *datadriven.TestData, rescoring bool) string {
	a := argsOf(t, d, "bid", "from", "scores")
	id := ledger.BidID(a.id("bid"))
	var body ledger.Body = tender.Score{Bid: id}
	if rescoring {
		body = tender.Resolve{Bid: id}
	}
	before := h.lastTenderRound(id)
	out := h.send(t, a.str("from", "stranger"), ledger.Amount{}, body)
	if !out.OK() {
		return out.Err
	}
	var b strings.Builder
	rid := ledger.RoundID(out.Created)
	if rid != 0 {
		r := h.tenderRound(rid)
		kind := "round"
		if r.Rescoring {
			kind = "rescoring round"
		}
		fmt.Fprintf(&b, "%s %d opened on bid %d: attempt 1 led by %s\n", kind, r.ID, id, h.name(r.Attempts[0].Leader))
	} else {
		rid = before.ID
		b.WriteString(h.describeTender(rid, len(before.Attempts)))
	}
	if a.has("scores") {
		h.scoreConsensus(t, a, h.tenderRound(rid))
		b.WriteString(h.describeTender(rid, len(h.tenderRound(rid).Attempts)-countNew(h.tenderRound(rid), before)))
	}
	return b.String()
}

// countNew returns how many attempts of r were opened after the view before of it.
func countNew(r, before ledger.TenderRoundView) int {
	if before.ID != r.ID {
		return len(r.Attempts) - 1
	}
	return len(r.Attempts) - len(before.Attempts)
}

// attemptBid has the open attempt of the bid's latest round scored (see score): the
// next attempt after a discard.
//
//	attempt bid=1 scores=(3/4/1/4)
func (h *Harness) attemptBid(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "bid", "scores")
	r := h.lastTenderRound(ledger.BidID(a.id("bid")))
	if r.ID == 0 {
		d.Fatalf(t, "bid %d has no round", a.id("bid"))
	}
	k := len(r.Attempts)
	h.scoreConsensus(t, a, r)
	return h.describeTender(r.ID, k)
}

// scoreConsensus has the committee of scoring round r attest its open attempt with a's
// scores.
func (h *Harness) scoreConsensus(t *testing.T, a args, r ledger.TenderRoundView) {
	a.need("scores")
	vals := perSeat(a, "scores", len(r.Committee))
	h.c.In(t).AttestRound(r.ID, func(seat, attempt int) ledger.Body {
		v := strings.TrimSpace(vals[seat])
		switch {
		case v == "-":
			return nil
		case strings.HasPrefix(v, "["):
			return tender.Attest{Round: r.ID, Attempt: attempt, Result: tender.Scorecard{Error: v}}
		}
		return tender.Attest{Round: r.ID, Attempt: attempt, Result: Scores(ints(a, v)...)}
	})
}

// lastTenderRound returns the bid's latest round, or a zero view when it has none.
func (h *Harness) lastTenderRound(id ledger.BidID) ledger.TenderRoundView {
	bv, ok := h.s.Bid(id)
	if !ok || len(bv.Rounds) == 0 {
		return ledger.TenderRoundView{}
	}
	return h.tenderRound(bv.Rounds[len(bv.Rounds)-1])
}

func (h *Harness) tenderRound(id ledger.RoundID) ledger.TenderRoundView {
	r, _ := h.s.TenderRound(id)
	return r
}

// describeTender describes tender round id's attempts from attempt k on, then how the
// round ended for its bid, appeal or check.
func (h *Harness) describeTender(id ledger.RoundID, k int) string {
	r := h.tenderRound(id)
	var b strings.Builder
	for _, at := range r.Attempts[max(k, 1)-1:] {
		fmt.Fprintf(&b, "round %d attempt %d led by %s: %s\n", r.ID, at.Attempt, h.name(at.Leader), h.tenderAttempt(r, at))
	}
	switch {
	case r.State == ledger.RoundExhausted:
		fmt.Fprintf(&b, "round %d exhausted after %d attempts\n", r.ID, len(r.Attempts))
	case r.State != ledger.RoundSettled || r.Kind != tender.Kind:
	case r.Rescoring:
		bv, _ := h.s.Bid(r.Bid)
		if ap := bv.Appeal; ap.Status != tender.AppealOpen {
			fmt.Fprintf(&b, "appeal %s: total %d -> %d\n", ap.Status, ap.TotalBefore, ap.TotalAfter)
		}
	default:
		bv, _ := h.s.Bid(r.Bid)
		if bv.Round == r.ID {
			fmt.Fprintf(&b, "bid %d scored: total %d of %d\n", bv.ID, bv.Total, bv.TotalMax)
		} else {
			fmt.Fprintf(&b, "bid %d stays %s\n", bv.ID, bv.Status)
		}
	}
	if r.State != ledger.RoundOpen && r.Kind == tender.Kind {
		b.WriteString("(" + h.tenderBalances() + ")\n")
	}
	return b.String()
}

// tenderAttempt describes one attempt: its state and what each member attested.
func (h *Harness) tenderAttempt(r ledger.TenderRoundView, at tender.AttemptView) string {
	agree := 0
	parts := make([]string, len(at.Attestations))
	for i, x := range at.Attestations {
		if x.Agrees {
			agree++
		}
		parts[i] = h.name(x.Validator) + "=" + tenderToken(x)
	}
	if len(parts) == 0 {
		return at.State
	}
	return fmt.Sprintf("%s, agree %d/%d (%s)", at.State, agree, len(r.Committee), strings.Join(parts, " "))
}

// tenderToken is what a member attested, as compared.
func tenderToken(x tender.AttestationView) string {
	switch {
	case x.Scorecard != nil && x.Scorecard.Error != "":
		return fmt.Sprintf("%q", x.Scorecard.Error)
	case x.Scorecard != nil:
		s := make([]string, len(x.Scorecard.Scores))
		for i, c := range x.Scorecard.Scores {
			s[i] = fmt.Sprint(c.Score)
		}
		return strings.Join(s, "/")
	case x.Check.Error != "":
		return fmt.Sprintf("%q", x.Check.Error)
	case x.Check.Scorable:
		return "yes"
	}
	return fmt.Sprintf("no%v", x.Check.Flagged)
}

// showTender prints a tender with its bids, or one bid with its scorecard:
//
//	show tender=1
//	show bid=2
func (h *Harness) showTender(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "tender", "bid")
	if a.has("bid") {
		bv, ok := h.s.Bid(ledger.BidID(a.id("bid")))
		if !ok {
			d.Fatalf(t, "no bid %d", a.id("bid"))
		}
		return h.bidLines(bv)
	}
	tv, ok := h.s.Tender(ledger.TenderID(a.id("tender")))
	if !ok {
		d.Fatalf(t, "no tender %d", a.id("tender"))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "tender %d by %s: %s, phase %s", tv.ID, h.name(tv.Buyer), tv.State, tv.Phase)
	if tv.Paused != "" {
		fmt.Fprintf(&b, ", paused: %s", tv.Paused)
	}
	if tv.AwardFrom != 0 {
		fmt.Fprintf(&b, ", award from %s", clock(tv.AwardFrom))
	}
	if !tv.Forfeited.IsZero() {
		fmt.Fprintf(&b, ", forfeited %s", gen(tv.Forfeited))
	}
	b.WriteString("\n")
	for _, q := range tv.Questions {
		fmt.Fprintf(&b, "question %d by %s at %s: %s\n", q.Index, h.name(q.Asker), clock(q.AskedAt), q.Text)
		if q.AnsweredAt != 0 {
			fmt.Fprintf(&b, "  answered at %s: %s\n", clock(q.AnsweredAt), q.Answer)
		}
	}
	for _, bv := range tv.Bids {
		b.WriteString(h.bidLines(bv))
	}
	return b.String()
}

// bidLines describes one bid: its state, then its scorecard and appeal if any.
func (h *Harness) bidLines(bv ledger.BidView) string {
	var b strings.Builder
	fmt.Fprintf(&b, "bid %d (seq %d) by %s: %s", bv.ID, bv.Seq, h.name(bv.Bidder), bv.Status)
	if bv.Outcome != "" {
		fmt.Fprintf(&b, ", %s", bv.Outcome)
	}
	if bv.Status == tender.BidScored {
		fmt.Fprintf(&b, ", total %d of %d, rank %d", bv.Total, bv.TotalMax, bv.Rank)
		if bv.Rescored {
			b.WriteString(", re-scored")
		}
	}
	b.WriteString("\n")
	for _, s := range bv.Scores {
		fmt.Fprintf(&b, "  [%d] %d x weight = %d, members %v\n", s.Criterion, s.Score, s.Weighted, s.Members)
	}
	if ap := bv.Appeal; ap != nil {
		fmt.Fprintf(&b, "  appeal %s: total before %d", ap.Status, ap.TotalBefore)
		if ap.ResolvedAt != 0 && ap.Status != tender.AppealLapsed {
			fmt.Fprintf(&b, ", after %d", ap.TotalAfter)
		}
		b.WriteString("\n")
	}
	return b.String()
}
