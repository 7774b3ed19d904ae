package client_test

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/chain"
	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/tender"
	"github.com/arena/arena/ocds"
)

// TestTenderReadersAnswerTheLedgersViews: each tender reader decodes its route's
// answer: [] for empty lists, a zero record for an address that never bought or bid,
// and a typed 404 for a tender, bid, check or round that does not exist.
func TestTenderReadersAnswerTheLedgersViews(t *testing.T) {
	f := newFixture(t, 3)
	ctx := t.Context()
	if v, err := f.c.Tenders(ctx); err != nil || v == nil || len(v) != 0 {
		t.Errorf("Tenders = %v, %v; want []", v, err)
	}
	if v, err := f.c.TenderChecks(ctx); err != nil || v == nil || len(v) != 0 {
		t.Errorf("TenderChecks = %v, %v; want []", v, err)
	}
	a := f.solver.Address()
	if v, err := f.c.Buyer(ctx, a); err != nil || v != (ledger.BuyerRecord{Address: a}) {
		t.Errorf("Buyer = %+v, %v; want a zero record", v, err)
	}
	if v, err := f.c.Bidder(ctx, a); err != nil || v != (ledger.BidderRecord{Address: a}) {
		t.Errorf("Bidder = %+v, %v; want a zero record", v, err)
	}
	digest := strings.Repeat("0", 64)
	for _, tc := range []struct {
		name string
		call func() error
		msg  string
	}{
		{"Tender", func() error { _, err := f.c.Tender(ctx, 7); return err }, "no tender 7"},
		{"Bid", func() error { _, err := f.c.Bid(ctx, 8); return err }, "no bid 8"},
		{"TenderRound", func() error { _, err := f.c.TenderRound(ctx, 9); return err }, "no tender round 9"},
		{"TenderCheck", func() error { _, err := f.c.TenderCheck(ctx, digest); return err }, "no check of criteria digest " + digest},
		{"WaitCheck", func() error { _, err := f.c.WaitCheck(ctx, digest, nil); return err }, "no check of criteria digest " + digest},
		{"WaitTenderRound", func() error { _, err := f.c.WaitTenderRound(ctx, 9, nil); return err }, "no tender round 9"},
		{"TenderOCDS", func() error { _, err := f.c.TenderOCDS(ctx, 7); return err }, "no tender 7"},
		{"TenderOCDSRecord", func() error { _, err := f.c.TenderOCDSRecord(ctx, 7); return err }, "no tender 7"},
	} {
		var ce *client.Error
		if err := tc.call(); !errors.As(err, &ce) || ce.Status != http.StatusNotFound || ce.Message != tc.msg {
			t.Errorf("%s = %v, want a 404 %q", tc.name, err, tc.msg)
		}
	}
}

// TestATenderRunsThroughTheClient: issue 12, the tender kind's surface. A tender is
// driven end to end through the client, the one validator attesting by hand: check,
// publish, commit, reveal, score, award. Each reader answers the ledger's view as it
// then stands, and the waits follow the rounds to their verdicts.
func TestATenderRunsThroughTheClient(t *testing.T) {
	f := newFixture(t, 3)
	ctx := t.Context()
	criteria := []string{"The plan names its milestones.", "The budget is itemised."}
	send := func(s *client.Sender, value ledger.Amount, b ledger.Body) chain.Receipt {
		t.Helper()
		rc, err := s.Send(ctx, value, b)
		if err != nil {
			t.Fatalf("%s: %v", b.Kind(), err)
		}
		return rc
	}
	send(f.sponsor, ledger.Amount{}, tender.Check{Criteria: criteria})
	digest := tender.Digest(criteria)
	cv, err := f.c.TenderCheck(ctx, digest)
	if err != nil || cv.State != tender.CheckRunning {
		t.Fatalf("TenderCheck after check = %+v, %v; want checking", cv, err)
	}
	send(f.validator, ledger.Amount{}, tender.CheckAttest{Round: cv.Round, Attempt: 1, Result: tender.CheckResult{Scorable: true, Flagged: []int{}, Reasons: []string{}}})
	if cv, err = f.c.WaitCheck(ctx, digest, nil); err != nil || cv.State != tender.CheckScorable {
		t.Fatalf("WaitCheck = %+v, %v; want scorable", cv, err)
	}

	pub := tender.Publish{Title: "A field survey", Criteria: []tender.Criterion{{Text: criteria[0], Weight: 3, Primary: true}, {Text: criteria[1], Weight: 2}},
		Deposit: ledger.Ether(1), AppealBond: ledger.Ether(2), FeeBps: 100, CommitS: 600, RevealS: 600, DecideS: 7200, MaxBids: 4}
	id := ledger.TenderID(send(f.sponsor, ledger.Ether(100), pub).Outcome.Created)
	proposal := "We survey the field in three milestones and itemise every cost in the attached table."
	salt := "0123456789abcdef"
	bid := ledger.BidID(send(f.solver, ledger.Ether(1), tender.Commit{Tender: id,
		Commitment: tender.Commitment(salt, strings.ToLower(f.solver.Address().String()), proposal)}).Outcome.Created)
	send(f.sponsor, ledger.Amount{}, ledger.Advance{Seconds: 601})
	send(f.solver, ledger.Amount{}, tender.Reveal{Bid: bid, Salt: salt, Proposal: proposal})
	round := ledger.RoundID(send(f.solver, ledger.Amount{}, tender.Score{Bid: bid}).Outcome.Created)
	card := tender.Scorecard{Scores: []tender.CriterionScore{{Criterion: 0, Score: 4, Reason: "three milestones named"}, {Criterion: 1, Score: 3, Reason: "a cost table is promised"}}}
	send(f.validator, ledger.Amount{}, tender.Attest{Round: round, Attempt: 1, Result: card})
	var seen []client.Progress
	rv, err := f.c.WaitTenderRound(ctx, round, func(p client.Progress) { seen = append(seen, p) })
	if err != nil || rv.State != ledger.RoundSettled || rv.Bid != bid || rv.Proposal != proposal {
		t.Fatalf("WaitTenderRound = %+v, %v; want settled on bid %d", rv, err, bid)
	}
	if last := seen[len(seen)-1]; last.Attested != 1 || last.Agreeing != 1 || last.Committee != 1 || last.State != ledger.RoundSettled {
		t.Errorf("last progress %+v, want 1 of 1 attested and agreeing, settled", last)
	}

	bv, err := f.c.Bid(ctx, bid)
	if err != nil || bv.Status != tender.BidScored || bv.Total != 4*3+3*2 || bv.Rank != 1 {
		t.Fatalf("Bid = %+v, %v; want scored at total 18, rank 1", bv, err)
	}
	send(f.sponsor, ledger.Amount{}, ledger.Advance{Seconds: tender.AwardWaitS + 1})
	send(f.sponsor, ledger.Amount{}, tender.Award{Tender: id})
	var want ledger.TenderView
	var buyer ledger.BuyerRecord
	var bidder ledger.BidderRecord
	f.eng.View(func(s *ledger.State) {
		want, _ = s.Tender(id)
		buyer, bidder = s.Buyer(f.sponsor.Address()), s.Bidder(f.solver.Address())
	})
	got, err := f.c.Tender(ctx, id)
	if err != nil || !cmp.Equal(want, got, cmp.Comparer(ledger.Amount.Eq)) || got.State != tender.TenderAwarded || got.WinningBid != bid {
		t.Errorf("Tender = %+v, %v; want the ledger's view, awarded to bid %d", got, err, bid)
	}
	if v, err := f.c.Buyer(ctx, f.sponsor.Address()); err != nil || !cmp.Equal(buyer, v, cmp.Comparer(ledger.Amount.Eq)) || v.Awarded != 1 {
		t.Errorf("Buyer = %+v, %v; want %+v", v, err, buyer)
	}
	if v, err := f.c.Bidder(ctx, f.solver.Address()); err != nil || !cmp.Equal(bidder, v, cmp.Comparer(ledger.Amount.Eq)) || v.Won != 1 {
		t.Errorf("Bidder = %+v, %v; want %+v", v, err, bidder)
	}
	if v, err := f.c.Tenders(ctx); err != nil || len(v) != 1 || v[0].ID != id {
		t.Errorf("Tenders = %+v, %v; want tender %d", v, err, id)
	}
	if v, err := f.c.TenderChecks(ctx); err != nil || len(v) != 1 || v[0].Digest != digest {
		t.Errorf("TenderChecks = %+v, %v; want the one check", v, err)
	}
	checkOCDS(t, f, id)
}

// checkOCDS: the tender's OCDS packages through the client are the ones package ocds
// computes from the ledger's views, named by the node's URL; the award is the last
// release and the compiled release says the tender is complete.
func checkOCDS(t *testing.T, f *fixture, id ledger.TenderID) {
	t.Helper()
	var src ocds.Source
	f.eng.View(func(s *ledger.State) { src, _ = ocds.FromState(s, id) })
	pkg, err := f.c.TenderOCDS(t.Context(), id)
	if err != nil {
		t.Fatalf("TenderOCDS: %v", err)
	}
	if d := cmp.Diff(ocds.Package(src, f.url), pkg); d != "" {
		t.Errorf("TenderOCDS (-want +got):\n%s", d)
	}
	if last := pkg.Releases[len(pkg.Releases)-1]; last.Tag[0] != "award" || last.Awards[0].RelatedBid == "" {
		t.Errorf("last release %+v, want the award", last)
	}
	rec, err := f.c.TenderOCDSRecord(t.Context(), id)
	if err != nil {
		t.Fatalf("TenderOCDSRecord: %v", err)
	}
	if c := rec.Records[0].CompiledRelease; c["tender"].(map[string]any)["status"] != "complete" || rec.URI != f.url+"/v1/tenders/1/ocds/record" {
		t.Errorf("record %s, compiled tender %v; want the record of a complete tender", rec.URI, c["tender"])
	}
}
