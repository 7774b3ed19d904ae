package api_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/account"
	"github.com/arena/arena/api"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/tender"
	"github.com/arena/arena/ocds"
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
		{"/v1/tenders/9/ocds", 404, "no tender 9"},
		{"/v1/tenders/9/ocds/record", 404, "no tender 9"},
		{"/v1/tenders/x/ocds", 400, "tender id must be a positive integer"},
		{"/v1/tenders/0/ocds/record", 400, "tender id must be a positive integer"},
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
	enter := signed(t, f.terms, solver, 1, ledger.Ether(5), ledger.Submit{Task: 1, Work: "Ledgers never sleep"})
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

// signed returns a transaction of k's with the given nonce, stamped for the arena founded on terms, signed.
func signed(t *testing.T, terms ledger.Terms, k *account.Key, nonce uint64, value ledger.Amount, body ledger.Body) *ledger.Tx {
	t.Helper()
	tx := ledgertest.Stamped(terms, &ledger.Tx{From: k.Address(), Nonce: nonce, Value: value, Body: body})
	if err := k.SignTx(tx); err != nil {
		t.Fatal(err)
	}
	return tx
}

// TestTenderTransactionsGoThroughTheTxRoute: every tender transaction is posted to POST
// /v1/tx like any other: it decodes (never a 400), and the ledger applies or refuses it
// with the receipt beside the error. A refusal naming an id that does not exist has its
// exact message and moves nothing but the sender's nonce. The stream carries the
// tender's events, and a scorability round is served as a tender round, not as a bounty
// round.
func TestTenderTransactionsGoThroughTheTxRoute(t *testing.T) {
	treasury := ledger.MustAddress("0x00000000000000000000000000000000000000d0")
	f := newFixtureWith(t, func(t *ledger.Terms) { t.Treasury = &treasury })
	events := f.openEvents(t, "", "")
	commitment := strings.Repeat("ab", 32)
	tests := []struct {
		body  ledger.Body
		value ledger.Amount
		msg   string // "" when applied
	}{
		{tender.Check{Criteria: []string{"The plan names its milestones."}}, ledger.Amount{}, ""},
		{tender.CheckAttest{Round: 1, Attempt: 1, Result: tender.CheckResult{Scorable: true, Flagged: []int{}, Reasons: []string{}}}, ledger.Amount{}, "Sender is not on this round's committee"},
		{tender.Publish{Title: "A survey", Criteria: []tender.Criterion{{Text: "The plan names its milestones.", Weight: 1, Primary: true}},
			CommitS: 60, RevealS: 60, DecideS: 60, MaxBids: 2}, ledger.Ether(10), "These criteria have not passed the scorability check"},
		{tender.Commit{Tender: 9, Commitment: commitment}, ledger.Amount{}, "No such tender"},
		{tender.Amend{Bid: 9, Commitment: commitment}, ledger.Amount{}, "No such bid"},
		{tender.Withdraw{Bid: 9}, ledger.Amount{}, "No such bid"},
		{tender.Ask{Tender: 9, Question: "When is the site open?"}, ledger.Amount{}, "No such tender"},
		{tender.Answer{Tender: 9, Question: 1, Reply: "Always."}, ledger.Amount{}, "No such tender"},
		{tender.Reveal{Bid: 9, Salt: "0123456789", Proposal: strings.Repeat("a proposal ", 5)}, ledger.Amount{}, "No such bid"},
		{tender.Score{Bid: 9}, ledger.Amount{}, "No such bid"},
		{tender.Attest{Round: 9, Attempt: 1}, ledger.Amount{}, "No such round"},
		{tender.Appeal{Bid: 9, Argument: "The milestones are named in section two."}, ledger.Amount{}, "No such bid"},
		{tender.Resolve{Bid: 9}, ledger.Amount{}, "No such bid"},
		{tender.Expire{Tender: 9}, ledger.Amount{}, "No such tender"},
		{tender.Award{Tender: 9}, ledger.Amount{}, "No such tender"},
		{tender.Decline{Tender: 9, Reason: "none fit"}, ledger.Amount{}, "No such tender"},
	}
	for i, tc := range tests {
		var before, after ledger.Amount
		f.eng.View(func(s *ledger.State) { before = s.Balance(f.sender.Address()) })
		st, b := f.post(f.encode(f.tx(uint64(i+1), tc.value, tc.body)))
		f.eng.View(func(s *ledger.State) { after = s.Balance(f.sender.Address()) })
		if tc.msg == "" {
			if st != http.StatusOK {
				t.Errorf("POST %s = %d %s, want 200", tc.body.Kind(), st, b)
			}
			continue
		}
		var eb api.ErrorBody
		want := api.ErrorDetail{Class: "EXPECTED", Message: tc.msg}
		if err := json.Unmarshal(b, &eb); err != nil || st != http.StatusUnprocessableEntity || eb.Error != want || eb.Receipt == nil {
			t.Errorf("POST %s = %d %s, want 422 %+v with its receipt", tc.body.Kind(), st, b, want)
		}
		if !after.Eq(before) {
			t.Errorf("refused %s moved the sender's wallet from %s to %s", tc.body.Kind(), before, after)
		}
	}
	if _, n := f.heightAndNonce(); n != uint64(len(tests)+1) {
		t.Errorf("next nonce %d, want %d: every transaction, refused or not, moves it", n, len(tests)+1)
	}

	opened := false
	for _, b := range events.blocks(t, 1) {
		for _, e := range b.Events() {
			opened = opened || e.Type == "check_opened" && e.Round == 1
		}
	}
	if !opened {
		t.Error("the stream's first block carries no check_opened event for round 1")
	}
	var rv ledger.TenderRoundView
	if st := f.get("/v1/tender-rounds/1", &rv); st != http.StatusOK || rv.Kind != tender.CheckKind || rv.Check != 1 || rv.State != ledger.RoundOpen {
		t.Errorf("GET /v1/tender-rounds/1 = %d %+v, want the open scorability round of check 1", st, rv)
	}
	var eb api.ErrorBody
	if st := f.get("/v1/rounds/1", &eb); st != http.StatusNotFound || eb.Error.Message != "no round 1" {
		t.Errorf("GET /v1/rounds/1 = %d %+v, want 404: a tender round is not a bounty round", st, eb)
	}
}

// TestATenderTransactionIsQuoted: POST /v1/fee quotes a tender transaction as any
// other: the fee under the schedule for its size, with nothing applied.
func TestATenderTransactionIsQuoted(t *testing.T) {
	treasury := ledger.MustAddress("0x00000000000000000000000000000000000000d0")
	f := newFixtureWith(t, func(t *ledger.Terms) {
		t.Treasury, t.FeePerTx, t.FeePerByte = &treasury, ledger.NewAmount(1000), ledger.NewAmount(2)
	})
	h0, _ := f.heightAndNonce()
	tx := f.tx(1, ledger.Ether(1), tender.Commit{Tender: 1, Commitment: strings.Repeat("ab", 32)})
	q := quote(t, f, tx)
	if want := ledger.NewAmount(1000 + 2*uint64(tx.Size())); !q.Fee.Eq(want) || q.Size != tx.Size() || q.Admitted != "" {
		t.Errorf("quote %+v, want fee %s for %d bytes, admitted", q, want, tx.Size())
	}
	if h, _ := f.heightAndNonce(); h != h0 {
		t.Errorf("a quote moved the height from %d to %d", h0, h)
	}
}

// TestTheArenaOCDSExtensionIsServed: the extension every OCDS package lists is served
// where the package says, with its schema patch beside it, byte for byte as package
// ocds holds them.
func TestTheArenaOCDSExtensionIsServed(t *testing.T) {
	f := newFixture(t)
	for path, want := range map[string][]byte{ocds.ExtensionPath: ocds.Extension, ocds.SchemaPath: ocds.ReleaseSchema} {
		resp, err := http.Get(f.srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK || !bytes.Equal(got, want) || resp.Header.Get("Content-Type") != "application/json" {
			t.Errorf("GET %s = %d %q, %v; want the embedded document", path, resp.StatusCode, resp.Header.Get("Content-Type"), err)
		}
	}
}
