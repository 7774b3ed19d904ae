package demo

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/tender"
	"github.com/arena/arena/ocds"
)

// tenderPlan is the demo's sealed-bid tender: the buyer's criteria and each bidder's
// proposal, in commit order. The last bidder never reveals.
var tenderPlan = struct {
	title, summary string
	criteria       []tender.Criterion
	bidders        []string
	proposals      map[string]string
	question       struct{ asker, text, answer string }
	appeal         struct{ bidder, argument string }
}{
	title:   "Webhook delivery dashboard for Tally",
	summary: "Build the dashboard our merchants use to see, filter and replay webhook deliveries.",
	criteria: []tender.Criterion{
		{Text: "A delivery schedule with weekly milestones", Weight: 3, Primary: true},
		{Text: "A fixed price for the whole dashboard", Weight: 2},
		{Text: "Replay of failed webhook deliveries from the dashboard", Weight: 2},
		{Text: "Named references from past dashboard clients", Weight: 1},
	},
	bidders: []string{"alice", "bob", "carol"},
	proposals: map[string]string{
		"alice": "Delivery schedule: 6 weekly milestones, the dashboard live in week 6. A fixed price of 18,000 for the whole " +
			"dashboard. Failed webhook deliveries can be filtered and replayed from the dashboard in one click. " +
			"References: Northwind (dashboard clients since 2022) and Fabrikam.",
		"bob": "We have built many dashboards and will build yours well. The price is fixed once we agree the scope, and " +
			"replay of failed deliveries can be added later if you need it.",
		"carol": "Carol's sealed bid: she never reveals it, so its deposit goes to the treasury when the tender expires.",
	},
	question: struct{ asker, text, answer string }{
		asker: "dave", text: "Must the fixed price include hosting the dashboard?",
		answer: "No: we host it. Price the build and the first month of fixes.",
	},
	appeal: struct{ bidder, argument string }{
		bidder: "bob", argument: "The proposal says the price is fixed, so the fixed-price criterion deserves a higher score.",
	},
}

// salt is a demo bidder's salt: fixed, so that every run of the demo ends in the same
// state. A real bidder's salt is random (arena tender commit draws one).
func salt(who string) string { return "demo-salt-of-" + who }

// tenderStory runs the tender from the scorability check to the award, as the buyer
// ("sponsor"), three bidders and a stranger would.
func (d *driver) tenderStory(ctx context.Context, _ *arena) error {
	p := tenderPlan
	texts := make([]string, len(p.criteria))
	for i, c := range p.criteria {
		texts[i] = c.Text
	}
	// A round of a long run after the first finds these criteria checked already, and a
	// verdict is never asked for twice.
	if _, err := d.c.TenderCheck(ctx, tender.Digest(texts)); err != nil {
		if _, err := d.send(ctx, "sponsor", ledger.Amount{}, tender.Check{Criteria: texts}); err != nil {
			return err
		}
	}
	chk, err := d.waitSnap(ctx, "the criteria's scorability check", func(s ledger.Snapshot) bool {
		for _, c := range s.Checks {
			if c.Digest == tender.Digest(texts) && c.State != tender.CheckRunning {
				return true
			}
		}
		return false
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(d.out, "\ntender criteria checked: %s\n", checkState(chk, tender.Digest(texts)))
	deposit, bond := ledger.Ether(2), ledger.Ether(5)
	out, err := d.send(ctx, "sponsor", ledger.Ether(300), tender.Publish{
		Title: p.title, Summary: p.summary, Criteria: p.criteria, Deposit: deposit, AppealBond: bond, FeeBps: 250,
		CommitS: 3600, RevealS: 3600, DecideS: 86400, MaxBids: 8,
	})
	if err != nil {
		return err
	}
	d.tender = ledger.TenderID(out.Created)
	fmt.Fprintf(d.out, "tender %d published: %q, budget 300 %s, fee 2.5%%\n", d.tender, p.title, d.terms.Symbol)
	if _, err := d.send(ctx, p.question.asker, ledger.Amount{}, tender.Ask{Tender: d.tender, Question: p.question.text}); err != nil {
		return err
	}
	if _, err := d.send(ctx, "sponsor", ledger.Amount{}, tender.Answer{Tender: d.tender, Question: 1, Reply: p.question.answer}); err != nil {
		return err
	}
	fmt.Fprintf(d.out, "  %s asked a question; the buyer answered it in public\n", p.question.asker)
	d.bids = map[string]ledger.BidID{}
	for _, b := range p.bidders {
		c := tender.Commitment(salt(b), d.senders[b].Address().String(), p.proposals[b])
		out, err := d.send(ctx, b, deposit, tender.Commit{Tender: d.tender, Commitment: c})
		if err != nil {
			return err
		}
		d.bids[b] = ledger.BidID(out.Created)
		fmt.Fprintf(d.out, "  bid %d: %s seals a proposal\n", out.Created, b)
	}
	if err := d.advanceBy(ctx, 3601, "the commit window closed, reveals open"); err != nil {
		return err
	}
	for _, b := range p.bidders[:2] {
		if _, err := d.send(ctx, b, ledger.Amount{}, tender.Reveal{Bid: d.bids[b], Salt: salt(b), Proposal: p.proposals[b]}); err != nil {
			return err
		}
		if _, err := d.send(ctx, b, ledger.Amount{}, tender.Score{Bid: d.bids[b]}); err != nil {
			return err
		}
	}
	if err := d.waitBids(ctx, "both revealed bids scored", func(b ledger.BidView) bool { return b.Status == tender.BidScored }); err != nil {
		return err
	}
	ap := p.appeal
	if _, err := d.send(ctx, ap.bidder, bond, tender.Appeal{Bid: d.bids[ap.bidder], Argument: ap.argument}); err != nil {
		return err
	}
	if _, err := d.send(ctx, "dave", ledger.Amount{}, tender.Resolve{Bid: d.bids[ap.bidder]}); err != nil {
		return err
	}
	fmt.Fprintf(d.out, "  %s appeals bid %d's scorecard; dave resolves it\n", ap.bidder, d.bids[ap.bidder])
	if err := d.waitBids(ctx, "the appeal resolved", func(b ledger.BidView) bool {
		return b.Appeal == nil || b.Appeal.Status != tender.AppealOpen
	}); err != nil {
		return err
	}
	if err := d.advanceBy(ctx, 3600+tender.AwardWaitS, "the reveal window and the appeal wait closed"); err != nil {
		return err
	}
	if _, err := d.send(ctx, "dave", ledger.Amount{}, tender.Expire{Tender: d.tender}); err != nil {
		return err
	}
	fmt.Fprintf(d.out, "  dave expires the unrevealed bid %d: its deposit goes to the treasury\n", d.bids["carol"])
	out, err = d.send(ctx, "sponsor", ledger.Amount{}, tender.Award{Tender: d.tender})
	if err != nil {
		return err
	}
	for _, e := range out.Events {
		if e.Type == "award" && e.Address != nil {
			fmt.Fprintf(d.out, "tender %d awarded to bid %d (%s), paying %s %s\n", d.tender, e.Bid, d.names[*e.Address], units(*e.Amount), d.terms.Symbol)
		}
	}
	return nil
}

// advanceBy moves the dev clock on by secs.
func (d *driver) advanceBy(ctx context.Context, secs int64, why string) error {
	if _, err := d.send(ctx, "sponsor", ledger.Amount{}, ledger.Advance{Seconds: secs}); err != nil {
		return err
	}
	fmt.Fprintf(d.out, "dev advance %ds: %s\n", secs, why)
	return nil
}

// waitBids waits until every revealed bid of the demo's tender satisfies done.
func (d *driver) waitBids(ctx context.Context, what string, done func(ledger.BidView) bool) error {
	_, err := d.waitSnap(ctx, what, func(s ledger.Snapshot) bool {
		t, ok := tenderIn(s, d.tender)
		if !ok {
			return false
		}
		for _, b := range t.Bids {
			if b.Status != tender.BidSealed && !done(b) {
				return false
			}
		}
		return true
	})
	return err
}

// waitSnap polls the snapshot until cond holds, for at most a minute.
func (d *driver) waitSnap(ctx context.Context, what string, cond func(ledger.Snapshot) bool) (ledger.Snapshot, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	for {
		s, err := d.c.Snapshot(ctx)
		if err == nil && cond(s) {
			return s, nil
		}
		select {
		case <-ctx.Done():
			return ledger.Snapshot{}, fmt.Errorf("waiting for %s: %w", what, ctx.Err())
		case <-time.After(50 * time.Millisecond):
		}
	}
}

func tenderIn(s ledger.Snapshot, id ledger.TenderID) (ledger.TenderView, bool) {
	for _, t := range s.Tenders {
		if t.ID == id {
			return t, true
		}
	}
	return ledger.TenderView{}, false
}

func checkState(s ledger.Snapshot, digest string) string {
	for _, c := range s.Checks {
		if c.Digest == digest {
			return c.State
		}
	}
	return "unknown"
}

// tenderStories reads the tender's claims off the final snapshot: the unrevealed bid
// expired and forfeited its deposit, the appeal was settled by the rescoring, and the
// award went to the best weighted total.
func (d *driver) tenderStories(s ledger.Snapshot) []Story {
	t, ok := tenderIn(s, d.tender)
	if !ok {
		return []Story{{Name: "sealed tender", Detail: "the tender is not in the snapshot"}}
	}
	var carol, alice, bob ledger.BidView
	for _, b := range t.Bids {
		switch b.ID {
		case d.bids["carol"]:
			carol = b
		case d.bids["alice"]:
			alice = b
		case d.bids["bob"]:
			bob = b
		}
	}
	exp := Story{Name: "tender: an unrevealed bid expires and forfeits its deposit",
		Held:   carol.Status == tender.BidExpired && carol.Outcome == tender.OutcomeForfeit,
		Detail: fmt.Sprintf("bid %d is %s, outcome %s", carol.ID, carol.Status, carol.Outcome)}
	app := Story{Name: "tender: an appeal is settled by a rescoring", Detail: "bob's bid has no appeal"}
	if bob.Appeal != nil {
		app.Held = bob.Rescored && (bob.Appeal.Status == tender.AppealUpheld || bob.Appeal.Status == tender.AppealRejected)
		app.Detail = fmt.Sprintf("bid %d appeal %s: total %d before, %d after", bob.ID, bob.Appeal.Status, bob.Appeal.TotalBefore, bob.Total)
	}
	win := Story{Name: "tender: the award goes to the best weighted total",
		Held:   t.State == tender.TenderAwarded && t.WinningBid == alice.ID && alice.Total > bob.Total,
		Detail: fmt.Sprintf("tender %s to bid %d; totals %d (alice) and %d (bob)", t.State, t.WinningBid, alice.Total, bob.Total)}
	return []Story{exp, app, win, ocdsStory(s, t, alice.ID)}
}

// ocdsStory reads the tender as OCDS off the snapshot: a release per event from its
// publication to its award, whose compiled release says it is complete and names the
// winning bid.
func ocdsStory(s ledger.Snapshot, t ledger.TenderView, winner ledger.BidID) Story {
	st := Story{Name: "tender: its OCDS record compiles to the award of the best bid"}
	src, ok := ocds.FromSnapshot(&s, t.ID)
	if !ok {
		st.Detail = "the tender is not in the snapshot"
		return st
	}
	rs := ocds.Releases(src)
	c, err := ocds.Compile(rs)
	if err != nil {
		st.Detail = err.Error()
		return st
	}
	status, _ := c["tender"].(map[string]any)["status"].(string)
	awards, _ := c["awards"].([]any)
	related := ""
	if len(awards) == 1 {
		related, _ = awards[0].(map[string]any)["relatedBid"].(string)
	}
	st.Held = rs[0].Tag[0] == "tender" && rs[len(rs)-1].Tag[0] == "award" && status == "complete" && related == strconv.FormatUint(uint64(winner), 10)
	st.Detail = fmt.Sprintf("%s: %d releases, from %s to %s; compiled status %s, award to bid %s", rs[0].OCID, len(rs), rs[0].Tag[0], rs[len(rs)-1].Tag[0], status, related)
	return st
}
