package api_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/account"
	"github.com/arena/arena/api"
	"github.com/arena/arena/ledger"
)

// TestTenderViewsAreTheLedgersViews: DESIGN.md, "api/ thin over the node". Each tender
// route answers exactly what the ledger's view returns at that height, [] for an empty
// list and a zero record for an address that never bought or bid.
func TestTenderViewsAreTheLedgersViews(t *testing.T) {
	f := newFixture(t)
	a := f.sender.Address()
	var tenders []ledger.TenderView
	var checks []ledger.CheckView
	var buyer ledger.BuyerRecord
	var bidder ledger.BidderRecord
	f.eng.View(func(s *ledger.State) {
		tenders, checks, buyer, bidder = s.Tenders(), s.TenderChecks(), s.Buyer(a), s.Bidder(a)
	})
	check := func(path string, want, got any) {
		t.Helper()
		if st := f.get(path, got); st != http.StatusOK {
			t.Fatalf("GET %s = %d", path, st)
		}
		if d := cmp.Diff(want, got, cmp.AllowUnexported(ledger.Amount{})); d != "" {
			t.Errorf("GET %s (-want +got):\n%s", path, d)
		}
	}
	check("/v1/tenders", &tenders, &[]ledger.TenderView{})
	check("/v1/tender-checks", &checks, &[]ledger.CheckView{})
	check("/v1/buyers/"+a.String(), &buyer, &ledger.BuyerRecord{})
	check("/v1/bidders/"+strings.ToLower(a.String()), &bidder, &ledger.BidderRecord{})
	if buyer.Address != a || bidder.Address != a {
		t.Errorf("records of %s name %s and %s", a, buyer.Address, bidder.Address)
	}
}

// TestMissingAndMalformedTenderIDs: a tender, bid, check or tender round that does not
// exist is a 404, and an id, digest or address that cannot be parsed a 400, each with
// an exact message.
func TestMissingAndMalformedTenderIDs(t *testing.T) {
	f := newFixture(t)
	digest := strings.Repeat("ab", 32)
	tests := []struct {
		path   string
		status int
		msg    string
	}{
		{"/v1/tenders/9", 404, "no tender 9"},
		{"/v1/bids/3", 404, "no bid 3"},
		{"/v1/tender-rounds/4", 404, "no tender round 4"},
		{"/v1/tender-checks/" + digest, 404, "no check of criteria digest " + digest},
		{"/v1/tenders/x", 400, "tender id must be a positive integer"},
		{"/v1/tenders/0", 400, "tender id must be a positive integer"},
		{"/v1/bids/-1", 400, "bid id must be a positive integer"},
		{"/v1/bids/18446744073709551616", 400, "bid id must be a positive integer"},
		{"/v1/tender-rounds/1.5", 400, "round id must be a positive integer"},
		{"/v1/tender-checks/" + strings.ToUpper(digest), 400, "criteria digest must be 64 lowercase hex digits"},
		{"/v1/tender-checks/abc", 400, "criteria digest must be 64 lowercase hex digits"},
		{"/v1/buyers/0x12", 400, `address must be 0x followed by 40 hex digits: "0x12"`},
		{"/v1/bidders/nobody", 400, `address must be 0x followed by 40 hex digits: "nobody"`},
	}
	h0, n0 := f.heightAndNonce()
	for _, tc := range tests {
		var got api.ErrorBody
		st := f.get(tc.path, &got)
		want := api.ErrorBody{Error: api.ErrorDetail{Class: "EXPECTED", Message: tc.msg}}
		if st != tc.status || got != want {
			t.Errorf("GET %s = %d %+v, want %d %+v", tc.path, st, got, tc.status, want)
		}
	}
	if h, n := f.heightAndNonce(); h != h0 || n != n0 {
		t.Errorf("reading moved the height %d -> %d or the nonce %d -> %d", h0, h, n0, n)
	}
}

// TestABountyRoundIsNotATenderRound: GET /v1/tender-rounds/{id} answers tender rounds
// only; a bounty round's id there is not found, as it is found at /v1/rounds/{id}.
func TestABountyRoundIsNotATenderRound(t *testing.T) {
	solver, err := account.Generate()
	if err != nil {
		t.Fatal(err)
	}
	f := newFixtureWith(t, func(t *ledger.Terms) {
		t.Genesis = append(t.Genesis, ledger.Allocation{Address: solver.Address(), Amount: ledger.Ether(10)})
	})
	post := f.tx(1, ledger.Ether(100), ledger.PostTask{Title: "Write a haiku", Spec: "A haiku about ledgers.", Rubric: "At most 100 characters.", ClosesInS: 3600})
	enter := signed(t, solver, 1, ledger.Ether(5), ledger.Submit{Task: 1, Work: "Ledgers never sleep"})
	grade := f.tx(2, ledger.Amount{}, ledger.Grade{Entry: 1})
	for _, tx := range []*ledger.Tx{post, enter, grade} {
		if st, b := f.post(f.encode(tx)); st != http.StatusOK {
			t.Fatalf("POST %s: %d %s", tx.Body.Kind(), st, b)
		}
	}
	var r ledger.RoundView
	if st := f.get("/v1/rounds/1", &r); st != http.StatusOK || r.ID != 1 {
		t.Fatalf("GET /v1/rounds/1 = %d %+v", st, r)
	}
	var got api.ErrorBody
	want := api.ErrorBody{Error: api.ErrorDetail{Class: "EXPECTED", Message: "no tender round 1"}}
	if st := f.get("/v1/tender-rounds/1", &got); st != http.StatusNotFound || got != want {
		t.Errorf("GET /v1/tender-rounds/1 = %d %+v, want 404 %+v", st, got, want)
	}
}

// signed returns a transaction of k's with the given nonce, signed.
func signed(t *testing.T, k *account.Key, nonce uint64, value ledger.Amount, body ledger.Body) *ledger.Tx {
	t.Helper()
	tx := &ledger.Tx{Chain: testChain, From: k.Address(), Nonce: nonce, Value: value, Body: body}
	if err := k.SignTx(tx); err != nil {
		t.Fatal(err)
	}
	return tx
}
