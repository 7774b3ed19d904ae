package client_test

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
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
	} {
		var ce *client.Error
		if err := tc.call(); !errors.As(err, &ce) || ce.Status != http.StatusNotFound || ce.Message != tc.msg {
			t.Errorf("%s = %v, want a 404 %q", tc.name, err, tc.msg)
		}
	}
}
