package ledgertest

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/tender"
	"github.com/cockroachdb/datadriven"
)

// seal is what a script's bidder keeps after committing: the salt and the proposal.
type seal struct{ salt, proposal string }

// tenderCommand runs a tender command, or reports false for a command that is not
// one: the verbs a bounty shares (appeal, award, withdraw, attempt, show) are the
// tender's when they name a bid or a tender.
func (h *Harness) tenderCommand(t *testing.T, d *datadriven.TestData) (string, bool) {
	bid, tid := d.HasArg("bid"), d.HasArg("tender")
	switch {
	case d.Cmd == "check":
		return h.tenderCheck(t, d), true
	case d.Cmd == "publish":
		return h.publish(t, d), true
	case d.Cmd == "commit":
		return h.commit(t, d), true
	case d.Cmd == "amend":
		return h.amend(t, d), true
	case d.Cmd == "ask":
		return h.ask(t, d), true
	case d.Cmd == "answer":
		return h.answer(t, d), true
	case d.Cmd == "reveal":
		return h.reveal(t, d), true
	case d.Cmd == "score":
		return h.score(t, d), true
	case d.Cmd == "resolve":
		return h.resolve(t, d), true
	case d.Cmd == "expire":
		return h.settleTender(t, d, "expire"), true
	case d.Cmd == "decline":
		return h.settleTender(t, d, "decline"), true
	case d.Cmd == "award" && tid:
		return h.settleTender(t, d, "award"), true
	case d.Cmd == "appeal" && bid:
		return h.appealBid(t, d), true
	case d.Cmd == "withdraw" && bid:
		return h.withdrawBid(t, d), true
	case d.Cmd == "attempt" && bid:
		return h.attemptBid(t, d), true
	case d.Cmd == "show" && (bid || tid):
		return h.showTender(t, d), true
	}
	return "", false
}

// tenderCheck asks whether criteria can be scored and, given answers, has the
// committee answer (one per seat, the leader first, or one for every seat: yes, no,
// no:0/2 flagging criteria 0 and 2, "-" for silence, or a classed failure):
//
//	check [from=sponsor] [criteria=(a,b,c)] [answers=(yes)]
//
// The criteria default to the seed's four (SeedCriteria).
func (h *Harness) tenderCheck(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "from", "criteria", "answers")
	criteria := Texts(SeedCriteria())
	if a.has("criteria") {
		criteria = a.vals("criteria")
	}
	from := a.str("from", "sponsor")
	out := h.send(t, from, ledger.Amount{}, tender.Check{Criteria: criteria})
	if !out.OK() {
		return out.Err
	}
	var b strings.Builder
	if out.Created == 0 { // a timed-out attempt moved on
		c, _ := h.s.TenderCheck(tender.Digest(criteria))
		r := h.tenderRound(c.Round)
		b.WriteString(h.describeTender(r.ID, len(r.Attempts)-1))
		return b.String() + h.checkLine(c.ID)
	}
	c := h.s.TenderChecks()[out.Created-1]
	r := h.tenderRound(c.Round)
	fmt.Fprintf(&b, "check %d of %d criteria by %s: round %d attempt 1 led by %s\n", c.ID, len(criteria), from, r.ID, h.name(r.Attempts[0].Leader))
	if a.has("answers") {
		h.checkConsensus(t, a, r)
		b.WriteString(h.describeTender(r.ID, 1))
	}
	return b.String() + h.checkLine(c.ID)
}

// checkLine describes a check's state.
func (h *Harness) checkLine(id ledger.CheckID) string {
	c := h.s.TenderChecks()[id-1]
	s := fmt.Sprintf("check %d: %s", c.ID, c.State)
	if len(c.Flagged) > 0 {
		s += fmt.Sprintf(", flagged %v", c.Flagged)
	}
	return s
}

// checkConsensus has the committee of scorability round r answer with a's answers.
func (h *Harness) checkConsensus(t *testing.T, a args, r ledger.TenderRoundView) {
	vals := perSeat(a, "answers", len(r.Committee))
	h.c.In(t).AttestRound(r.ID, func(seat, attempt int) ledger.Body {
		v := strings.TrimSpace(vals[seat])
		switch {
		case v == "-":
			return nil
		case v == "yes":
			return tender.CheckAttest{Round: r.ID, Attempt: attempt, Result: Scorable(true)}
		case v == "no":
			return tender.CheckAttest{Round: r.ID, Attempt: attempt, Result: Scorable(false)}
		case strings.HasPrefix(v, "no:"):
			return tender.CheckAttest{Round: r.ID, Attempt: attempt, Result: Scorable(false, ints(a, strings.TrimPrefix(v, "no:"))...)}
		case strings.HasPrefix(v, "["):
			return tender.CheckAttest{Round: r.ID, Attempt: attempt, Result: tender.CheckResult{Error: v}}
		}
		a.d.Fatalf(a.t, "answer %q: want yes, no, no:I/J, - or a classed failure", v)
		return nil
	})
}

// perSeat returns the argument's values, one per seat: a single value is every seat's.
func perSeat(a args, key string, seats int) []string {
	vals := a.vals(key)
	if len(vals) == 1 {
		for len(vals) < seats {
			vals = append(vals, vals[0])
		}
	}
	if len(vals) != seats {
		a.d.Fatalf(a.t, "%s: %d given for a committee of %d", key, len(vals), seats)
	}
	return vals
}

// ints parses "3/4/1/4" into its numbers.
func ints(a args, s string) []int {
	var out []int
	for _, p := range strings.Split(s, "/") {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil {
			a.d.Fatalf(a.t, "%q: want numbers separated by /", s)
		}
		out = append(out, n)
	}
	return out
}

// publish publishes a tender; the budget goes into tender_budget. The criteria default
// to the seed's four, weighted 3, 2, 2, 1, the first primary:
//
//	publish [from=sponsor] budget=100 [weights=(3,2,2,1)] [primary=0] [criteria=(a,b)]
//	        [deposit=5] [bond=20] [fee=500] [commit=1h] [reveal=1h] [decide=24h] [max=8]
//	        [rules=(no_prior_award)]
func (h *Harness) publish(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "from", "budget", "weights", "primary", "criteria", "deposit", "bond", "fee", "commit", "reveal", "decide", "max", "rules")
	p := TenderTerms()
	if a.has("criteria") || a.has("weights") {
		texts := a.vals("criteria")
		if texts == nil {
			texts = Texts(SeedCriteria())
		}
		weights := a.vals("weights")
		p.Criteria = make([]tender.Criterion, len(texts))
		for i, text := range texts {
			w := uint64(1)
			if i < len(weights) {
				n, err := strconv.ParseUint(strings.TrimSpace(weights[i]), 10, 64)
				if err != nil {
					d.Fatalf(t, "weights: %q is not a whole number", weights[i])
				}
				w = n
			}
			p.Criteria[i] = tender.Criterion{Text: text, Weight: w, Primary: i == a.int("primary", 0)}
		}
	}
	p.Deposit, p.AppealBond = a.amount("deposit", p.Deposit), a.amount("bond", p.AppealBond)
	p.FeeBps, p.MaxBids = uint64(a.int("fee", int(p.FeeBps))), a.int("max", p.MaxBids)
	p.CommitS, p.RevealS, p.DecideS = a.seconds("commit", p.CommitS), a.seconds("reveal", p.RevealS), a.seconds("decide", p.DecideS)
	p.Eligibility = a.vals("rules")
	from := a.str("from", "sponsor")
	out := h.send(t, from, a.amount("budget", ledger.Amount{}), p)
	if !out.OK() {
		return out.Err
	}
	tv, _ := h.s.Tender(ledger.TenderID(out.Created))
	var b strings.Builder
	fmt.Fprintf(&b, "tender %d published by %s: budget %s, deposit %s, appeal bond %s, fee %s to the treasury (tender_budget=%s)\n",
		tv.ID, from, gen(tv.Budget), gen(tv.Deposit), gen(tv.AppealBond), gen(tv.Fee), gen(h.s.Arena().Balances.TenderBudget))
	fmt.Fprintf(&b, "commit until %s, reveal until %s, decide until %s\n", clock(tv.CommitCloses), clock(tv.RevealCloses), clock(tv.DecideCloses))
	for _, c := range tv.Criteria {
		mark := ""
		if c.Primary {
			mark = " (primary)"
		}
		fmt.Fprintf(&b, "[%d] x%d %s%s\n", c.Index, c.Weight, c.Text, mark)
	}
	return b.String()
}

// commit seals a bid with the tender's deposit, keeping the salt and proposal for
// reveal; they default to Salt(from) and Proposal(from):
//
//	commit tender=1 from=alice [proposal=(...)] [salt=...] [deposit=5]
func (h *Harness) commit(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "tender", "from", "proposal", "salt", "deposit")
	a.need("from")
	from := a.str("from", "")
	tid := ledger.TenderID(a.id("tender"))
	s := seal{salt: a.str("salt", Salt(from)), proposal: a.str("proposal", Proposal(from))}
	deposit := a.amount("deposit", ledger.Amount{})
	if tv, ok := h.s.Tender(tid); ok && !a.has("deposit") {
		deposit = tv.Deposit
	}
	out := h.send(t, from, deposit, tender.Commit{Tender: tid, Commitment: tender.Commitment(s.salt, h.c.Addr(from).String(), s.proposal)})
	if !out.OK() {
		return out.Err
	}
	h.seals[ledger.BidID(out.Created)] = s
	bv, _ := h.s.Bid(ledger.BidID(out.Created))
	return fmt.Sprintf("bid %d on tender %d by %s sealed at %s: deposit %s (tender_deposits=%s)",
		bv.ID, tid, from, clock(bv.CommittedAt), gen(bv.Deposit), gen(h.s.Arena().Balances.TenderDeposits))
}

// amend replaces a sealed bid's commitment with one to a new proposal:
//
//	amend bid=1 proposal=(...) [salt=...] [from=bidder]
func (h *Harness) amend(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "bid", "proposal", "salt", "from")
	id := ledger.BidID(a.id("bid"))
	from := h.bidder(t, a, id)
	s := seal{salt: a.str("salt", h.seals[id].salt), proposal: a.str("proposal", h.seals[id].proposal)}
	out := h.send(t, from, ledger.Amount{}, tender.Amend{Bid: id, Commitment: tender.Commitment(s.salt, h.c.Addr(from).String(), s.proposal)})
	if !out.OK() {
		return out.Err
	}
	h.seals[id] = s
	bv, _ := h.s.Bid(id)
	return fmt.Sprintf("bid %d amended by %s at %s: %d amendment(s), deposit %s untouched", id, from, clock(bv.AmendedAt), bv.Amendments, gen(bv.Deposit))
}

// bidder returns from=, or the name of the bid's bidder.
func (h *Harness) bidder(t *testing.T, a args, id ledger.BidID) string {
	if a.has("from") {
		return a.str("from", "")
	}
	bv, ok := h.s.Bid(id)
	if !ok {
		a.d.Fatalf(t, "no bid %d: name from=", id)
	}
	return h.name(bv.Bidder)
}

// withdrawBid withdraws a sealed bid; its deposit and grading fee are owed back:
//
//	withdraw bid=1 [from=bidder]
func (h *Harness) withdrawBid(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "bid", "from")
	id := ledger.BidID(a.id("bid"))
	from := h.bidder(t, a, id)
	out := h.send(t, from, ledger.Amount{}, tender.Withdraw{Bid: id})
	if !out.OK() {
		return out.Err
	}
	return fmt.Sprintf("bid %d withdrawn by %s: %s owed back (tender_deposits=%s)", id, from, gen(*out.Events[0].Amount), gen(h.s.Arena().Balances.TenderDeposits))
}

// ask puts a public question:
//
//	ask tender=1 from=stranger question=(...)
func (h *Harness) ask(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "tender", "from", "question")
	from := a.str("from", "stranger")
	out := h.send(t, from, ledger.Amount{}, tender.Ask{Tender: ledger.TenderID(a.id("tender")), Question: a.str("question", "")})
	if !out.OK() {
		return out.Err
	}
	return fmt.Sprintf("question %d on tender %d by %s at %s", out.Created, a.id("tender"), from, clock(h.s.Now()))
}

// answer records the buyer's one answer:
//
//	answer tender=1 question=1 reply=(...) [from=sponsor]
func (h *Harness) answer(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "tender", "question", "reply", "from")
	from := a.str("from", "sponsor")
	out := h.send(t, from, ledger.Amount{}, tender.Answer{Tender: ledger.TenderID(a.id("tender")), Question: a.int("question", 0), Reply: a.str("reply", "")})
	if !out.OK() {
		return out.Err
	}
	return fmt.Sprintf("question %d answered by %s at %s", a.int("question", 0), from, clock(h.s.Now()))
}

// reveal opens a sealed bid with the salt and proposal its commit kept, or others:
//
//	reveal bid=1 [from=bidder] [proposal=(...)] [salt=...]
func (h *Harness) reveal(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "bid", "from", "proposal", "salt")
	id := ledger.BidID(a.id("bid"))
	from := h.bidder(t, a, id)
	out := h.send(t, from, ledger.Amount{}, tender.Reveal{Bid: id, Salt: a.str("salt", h.seals[id].salt), Proposal: a.str("proposal", h.seals[id].proposal)})
	if !out.OK() {
		return out.Err
	}
	bv, _ := h.s.Bid(id)
	return fmt.Sprintf("bid %d revealed by %s at %s: %d characters", id, from, clock(bv.RevealedAt), len([]rune(bv.Proposal)))
}

// appealBid files the bidder's appeal with the tender's bond:
//
//	appeal bid=1 [from=bidder] [argument=(...)] [bond=20]
func (h *Harness) appealBid(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "bid", "from", "argument", "bond")
	id := ledger.BidID(a.id("bid"))
	from := h.bidder(t, a, id)
	bond := a.amount("bond", ledger.Amount{})
	if bv, ok := h.s.Bid(id); ok && !a.has("bond") {
		tv, _ := h.s.Tender(bv.Tender)
		bond = tv.AppealBond
	}
	out := h.send(t, from, bond, tender.Appeal{Bid: id, Argument: a.str("argument", "The proposal names three references in its second paragraph.")})
	if !out.OK() {
		return out.Err
	}
	bv, _ := h.s.Bid(id)
	return fmt.Sprintf("appeal by %s on bid %d at %s: total before %d, bond %s (tender_deposits=%s)",
		from, id, clock(h.s.Now()), bv.Appeal.TotalBefore, gen(bv.Appeal.Bond), gen(h.s.Arena().Balances.TenderDeposits))
}

// settleTender sends expire, award or decline and describes what settled:
//
//	expire tender=1 [from=stranger]
//	award tender=1 [from=sponsor]
//	decline tender=1 reason=(...) [from=sponsor]
func (h *Harness) settleTender(t *testing.T, d *datadriven.TestData, verb string) string {
	a := argsOf(t, d, "tender", "from", "reason")
	id := ledger.TenderID(a.id("tender"))
	var body ledger.Body
	from := a.str("from", "sponsor")
	switch verb {
	case "expire":
		from, body = a.str("from", "stranger"), tender.Expire{Tender: id}
	case "award":
		body = tender.Award{Tender: id}
	default:
		body = tender.Decline{Tender: id, Reason: a.str("reason", "")}
	}
	out := h.send(t, from, ledger.Amount{}, body)
	if !out.OK() {
		return out.Err
	}
	var b strings.Builder
	for _, ev := range out.Events {
		switch ev.Type {
		case "bids_expired":
			fmt.Fprintf(&b, "%s bid(s) expired: %s forfeited to the treasury\n", strings.Fields(ev.Note)[0], gen(*ev.Amount))
		case "award":
			fmt.Fprintf(&b, "tender %d awarded to bid %d by %s at total %d: %s to %s\n", id, ev.Bid, h.name(*ev.Address), ev.Score, gen(*ev.Amount), h.name(*ev.Address))
		case "tender_declined", "tender_abandoned":
			fmt.Fprintf(&b, "tender %d %s: budget %s back to %s\n", id, strings.TrimPrefix(ev.Type, "tender_"), gen(*ev.Amount), h.name(*ev.Address))
		case "appeal_resolved":
			fmt.Fprintf(&b, "appeal on bid %d %s: %s back to %s\n", ev.Bid, ev.Note, gen(*ev.Amount), h.name(*ev.Address))
		}
	}
	tv, _ := h.s.Tender(id)
	if tv.State != tender.TenderOpen {
		for _, bv := range tv.Bids {
			fmt.Fprintf(&b, "bid %d by %s: %s, %s\n", bv.ID, h.name(bv.Bidder), bv.Status, bv.Outcome)
		}
	}
	return b.String() + h.tenderBalances()
}

// tenderBalances prints the tender's pools and the claimable total.
func (h *Harness) tenderBalances() string {
	bal := h.s.Arena().Balances
	return fmt.Sprintf("tender_budget=%s tender_deposits=%s tender_grading_fees=%s claimable_total=%s",
		gen(bal.TenderBudget), gen(bal.TenderDeposits), gen(bal.TenderGradingFees), gen(bal.ClaimableTotal))
}
