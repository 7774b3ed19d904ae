package api_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/arena/arena/account"
	"github.com/arena/arena/api"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// TestTheFeeIsQuotedBeforeSending: issue 16, "the API shows the fee a transaction will
// cost before it is sent". POST /v1/fee answers the fee of a transaction, signed or
// not, under the arena's schedule, what its sender can spend and whether admission
// would take it now; nothing is applied.
func TestTheFeeIsQuotedBeforeSending(t *testing.T) {
	f := newFixtureWith(t, func(t *ledger.Terms) { t.FeePerTx, t.FeePerByte = ledger.NewAmount(1000), ledger.NewAmount(2) })
	stranger, err := account.Generate()
	if err != nil {
		t.Fatal(err)
	}
	unsigned := ledgertest.Stamped(f.terms, &ledger.Tx{From: stranger.Address(), Nonce: 1, Body: ledger.Withdraw{}})
	h0, _ := f.heightAndNonce()
	q := quote(t, f, unsigned)
	want := ledger.NewAmount(1000 + 2*uint64(unsigned.Size()))
	if !q.Fee.Eq(want) || q.Size != unsigned.Size() || !q.Spendable.IsZero() || q.Admitted != "[EXPECTED] Wallet balance cannot pay the transaction's fee" {
		t.Errorf("quote for a key holding nothing %+v, want fee %s for %d bytes and the fee refusal", q, want, unsigned.Size())
	}
	_, nonce := f.heightAndNonce()
	funded := f.tx(nonce, ledger.Amount{}, faucet(f.sender.Address()))
	if q := quote(t, f, funded); q.Admitted != "" || q.Spendable.IsZero() {
		t.Errorf("quote for a funded sender %+v, want admitted", q)
	}
	if h, _ := f.heightAndNonce(); h != h0 {
		t.Errorf("a quote moved the height from %d to %d", h0, h)
	}
}

func quote(t *testing.T, f *fixture, tx *ledger.Tx) api.Quote {
	t.Helper()
	resp, err := http.Post(f.srv.URL+"/v1/fee", "application/json", bytes.NewReader(f.encode(tx)))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var q api.Quote
	if resp.StatusCode != http.StatusOK || json.NewDecoder(resp.Body).Decode(&q) != nil {
		t.Fatalf("POST /v1/fee = %d", resp.StatusCode)
	}
	return q
}
