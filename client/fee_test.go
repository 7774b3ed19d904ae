package client_test

import (
	"net/http/httptest"
	"path/filepath"
	"testing"

	"github.com/arena/arena/account"
	"github.com/arena/arena/api"
	"github.com/arena/arena/chain/solo"
	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
)

// TestAQuoteIsWhatTheLedgerCharges: issue 16, "CLI and API show the fee a transaction
// will cost before it is sent". Sender.Quote signs the next transaction without sending
// it (the nonce does not move) and names its fee from the founding terms; sent, the
// transaction pays exactly that fee.
func TestAQuoteIsWhatTheLedgerCharges(t *testing.T) {
	key, err := account.Generate()
	if err != nil {
		t.Fatal(err)
	}
	terms := ledger.Terms{
		Chain: "client-fee-test", Name: "Client fee test", Symbol: "ARN",
		EntryBond: ledger.Ether(5), AppealBond: ledger.Ether(20), AppealWindowS: 3600, GradingWindowS: 86400,
		Validators: []ledger.Address{key.Address()}, Attempts: 3, RoundTimeoutS: 60, DevMode: true,
		FeePerTx: ledger.NewAmount(1000), FeePerByte: ledger.NewAmount(7),
		Genesis: []ledger.Allocation{{Address: key.Address(), Amount: ledger.Ether(1)}},
	}
	eng, err := solo.Open(solo.Config{Path: filepath.Join(t.TempDir(), "arena.db")}, &terms)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	srv := httptest.NewServer(api.New(api.Config{Chain: eng}))
	t.Cleanup(srv.Close)
	c := client.New(srv.URL, srv.Client())
	q, err := c.Sender(key).Quote(t.Context(), ledger.Amount{}, ledger.Faucet{To: key.Address(), Amount: ledger.NewAmount(1)})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := ledger.NewAmount(1000).Add(ledger.NewAmount(7 * uint64(q.Tx.Size())))
	if !q.Fee.Eq(want) || q.Symbol != "ARN" || q.Tx.Nonce != 1 {
		t.Fatalf("quote: fee %s %s, nonce %d; want %s ARN (1000 + 7 a byte of %d), nonce 1", q.Fee, q.Symbol, q.Tx.Nonce, want, q.Tx.Size())
	}
	if acc, err := c.Account(t.Context(), key.Address()); err != nil || acc.NextNonce != 1 {
		t.Fatalf("after the quote the next nonce is %d (%v), want 1: nothing was sent", acc.NextNonce, err)
	}
	if _, err := c.SendTx(t.Context(), q.Tx); err != nil {
		t.Fatal(err)
	}
	acc, err := c.Account(t.Context(), key.Address())
	if err != nil {
		t.Fatal(err)
	}
	if !acc.FeesPaid.Eq(q.Fee) {
		t.Errorf("fees paid %s, quoted %s", acc.FeesPaid, q.Fee)
	}
}
