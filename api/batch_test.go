package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/account"
	"github.com/arena/arena/api"
	"github.com/arena/arena/api/wire"
	"github.com/arena/arena/ledger"
)

// postBatch sends the transactions' encodings to POST /v1/txs as one JSON array and
// returns the status and the answer.
func (f *fixture) postBatch(bodies ...[]byte) (int, []byte) {
	f.t.Helper()
	return f.postTo("/v1/txs", []byte("["+string(bytes.Join(bodies, []byte(",")))+"]"))
}

// sendBatch sends the transactions' encodings to POST /v1/txs and decodes its 200 answer.
func (f *fixture) sendBatch(bodies ...[]byte) wire.Batch {
	f.t.Helper()
	st, b := f.postBatch(bodies...)
	var out wire.Batch
	if err := json.Unmarshal(b, &out); st != http.StatusOK || err != nil {
		f.t.Fatalf("POST /v1/txs = %d %s (%v), want 200 and a batch", st, b, err)
	}
	return out
}

// A sender's consecutive nonces sent in one batch are applied in turn, each answered
// with the receipt of its durable block, in the order sent.
func TestABatchAppliesASendersNoncesInTurn(t *testing.T) {
	f := newFixture(t)
	const n = 20
	var bodies [][]byte
	for i := range uint64(n) {
		bodies = append(bodies, f.encode(f.tx(1+i, ledger.Amount{}, faucet(f.sender.Address()))))
	}
	out := f.sendBatch(bodies...)
	if len(out.Results) != n {
		t.Fatalf("%d results for %d transactions", len(out.Results), n)
	}
	var last api.Receipt
	for i, r := range out.Results {
		if r.Status != http.StatusOK || r.Error != nil || r.Receipt == nil || !r.Receipt.Outcome.OK() {
			t.Fatalf("transaction %d answered %+v", i, r)
		}
		rc := *r.Receipt
		if i > 0 && (rc.Height < last.Height || rc.Height == last.Height && rc.Index <= last.Index) {
			t.Errorf("transaction %d at %d/%d, not after %d/%d", i, rc.Height, rc.Index, last.Height, last.Index)
		}
		last = rc
		var at api.TxAt
		if st := f.get("/v1/tx/"+rc.TxID, &at); st != http.StatusOK || at.Height != rc.Height || at.Index != rc.Index || at.Tx.Nonce != uint64(1+i) {
			t.Errorf("GET /v1/tx/%s = %d, at %d/%d nonce %d; want %d/%d nonce %d", rc.TxID, st, at.Height, at.Index, at.Tx.Nonce, rc.Height, rc.Index, 1+i)
		}
	}
	if _, next := f.heightAndNonce(); next != n+1 {
		t.Errorf("next nonce %d after the batch, want %d", next, n+1)
	}
}

// Each transaction of a batch is answered with the status and body POST /v1/tx would
// have answered it with, and one's refusal stops none of the others: a forged
// signature (401) applies nothing and the same nonce, signed, follows it; a replay
// (409), a kind the ledger does not know (400) and a value above the wallet (422) apply
// nothing; a withdrawal with nothing owed is recorded and refused by the ledger (422,
// with its receipt).
func TestEachTransactionOfABatchIsAnsweredAsPostTxWould(t *testing.T) {
	f := newFixture(t)
	other, err := account.Generate()
	if err != nil {
		t.Fatal(err)
	}
	first := f.encode(f.tx(1, ledger.Amount{}, faucet(f.sender.Address())))
	second := f.tx(2, ledger.Amount{}, faucet(f.sender.Address()))
	forged := *second
	hash, _ := forged.SigningHash()
	if forged.Sig, err = other.Sign(hash); err != nil {
		t.Fatal(err)
	}
	h0, _ := f.heightAndNonce()
	out := f.sendBatch(
		first,
		f.encode(&forged),
		f.encode(second),
		first,
		rewire(t, f.encode(f.tx(3, ledger.Amount{}, faucet(f.sender.Address()))), func(m map[string]any) { m["kind"] = "bribe" }),
		f.encode(f.tx(3, ledger.Ether(5000), bigTask)),
		f.encode(f.tx(3, ledger.Amount{}, ledger.Withdraw{})),
	)
	type want struct {
		status  int
		msg     string // "" for an acceptance
		receipt bool
	}
	wants := []want{
		{http.StatusOK, "", true},
		{http.StatusUnauthorized, "bad signature: signed by " + other.Address().String() + ", not by sender " + f.sender.Address().String(), false},
		{http.StatusOK, "", true},
		{http.StatusConflict, "Nonce is not the sender's next nonce", false},
		{http.StatusBadRequest, `unknown transaction kind "bribe"`, false},
		{http.StatusUnprocessableEntity, "Wallet balance is below the transaction's value", false},
		{http.StatusUnprocessableEntity, "Nothing to withdraw", true},
	}
	if len(out.Results) != len(wants) {
		t.Fatalf("%d results for %d transactions: %+v", len(out.Results), len(wants), out.Results)
	}
	for i, w := range wants {
		r := out.Results[i]
		if r.Status != w.status || (r.Receipt != nil) != w.receipt {
			t.Errorf("transaction %d answered %d, receipt %v; want %d, receipt %v", i, r.Status, r.Receipt != nil, w.status, w.receipt)
		}
		var msg *api.ErrorDetail
		if w.msg != "" {
			msg = &api.ErrorDetail{Class: "EXPECTED", Message: w.msg}
		}
		if d := cmp.Diff(msg, r.Error); d != "" {
			t.Errorf("transaction %d's error (-want +got):\n%s", i, d)
		}
	}
	if r := out.Results[6].Receipt; r != nil && (r.Outcome.OK() || r.Height <= h0) {
		t.Errorf("the refused withdrawal's receipt %+v, want a refusal in a block after %d", r, h0)
	}
	if _, next := f.heightAndNonce(); next != 4 {
		t.Errorf("next nonce %d, want 4: nonces 1 and 2 applied, 3 recorded as refused", next)
	}
}

// A body that is not a JSON array of 1 to wire.MaxBatch transactions is refused whole,
// with the exact message, and nothing in it is applied.
func TestABatchOfTheWrongShapeIsRefusedWhole(t *testing.T) {
	f := newFixture(t)
	good := f.encode(f.tx(1, ledger.Amount{}, faucet(f.sender.Address())))
	many := make([][]byte, wire.MaxBatch+1)
	for i := range many {
		many[i] = good
	}
	shape := fmt.Sprintf("The body must be a JSON array of 1 to %d signed transactions, each as POST /v1/tx takes it", wire.MaxBatch)
	tests := []struct {
		name   string
		body   []byte
		status int
		msg    string
	}{
		{"an object", good, http.StatusBadRequest, shape},
		{"an empty array", []byte(`[]`), http.StatusBadRequest, shape},
		{"cut short", []byte("[" + string(good)), http.StatusBadRequest, shape},
		{"one too many", []byte("[" + string(bytes.Join(many, []byte(","))) + "]"), http.StatusRequestEntityTooLarge,
			fmt.Sprintf("A batch holds at most %d transactions; this one holds %d", wire.MaxBatch, wire.MaxBatch+1)},
		{"over the size limit", []byte(`["` + strings.Repeat("a", wire.MaxBatch*64<<10) + `"]`), http.StatusRequestEntityTooLarge,
			fmt.Sprintf("transaction too large: body over %d bytes", wire.MaxBatch*64<<10)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, b := f.postTo("/v1/txs", tc.body)
			refusedWith(t, "/v1/txs", st, b, tc.status, tc.msg)
			if h, n := f.heightAndNonce(); h != 0 || n != 1 {
				t.Errorf("after the refusal height %d nonce %d, want nothing applied", h, n)
			}
		})
	}
}

// Each transaction of a batch counts against the client's rate limit: those past what
// the client has left are answered 429 each and not sent, those before it are applied,
// and the client's next request is refused whole until its bucket refills.
func TestABatchPastTheClientsLimitIsAnsweredTransactionByTransaction(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	f := newFixture(t, func(c *api.Config) {
		c.TxLimit = api.Limit{Rate: 1, Burst: 3}
		c.Now = func() time.Time { return now } // the bucket never refills
	})
	var bodies [][]byte
	for i := range uint64(5) {
		bodies = append(bodies, f.encode(f.tx(1+i, ledger.Amount{}, faucet(f.sender.Address()))))
	}
	out := f.sendBatch(bodies...)
	limited := &api.ErrorDetail{Class: "TRANSIENT", Message: "Too many transactions from this client; try again after Retry-After seconds"}
	for i, r := range out.Results {
		switch {
		case i < 3 && (r.Status != http.StatusOK || r.Receipt == nil || r.Error != nil):
			t.Errorf("transaction %d within the limit answered %+v", i, r)
		case i >= 3 && (r.Status != http.StatusTooManyRequests || r.Receipt != nil || !cmp.Equal(limited, r.Error)):
			t.Errorf("transaction %d past the limit answered %d %+v, want 429 %+v", i, r.Status, r.Error, limited)
		}
	}
	if _, next := f.heightAndNonce(); next != 4 {
		t.Errorf("next nonce %d, want 4: three applied", next)
	}
	if st, b := f.postBatch(bodies[3:]...); st != http.StatusTooManyRequests {
		t.Errorf("the next batch with the bucket empty = %d %s, want 429", st, b)
	}
}
