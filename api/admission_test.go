package api_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/arena/arena/account"
	"github.com/arena/arena/api"
	"github.com/arena/arena/ledger"
)

// rewire decodes the wire JSON of tx, lets edit change fields, and re-encodes it.
func rewire(t *testing.T, b []byte, edit func(m map[string]any)) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	edit(m)
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// bigTask is a task to post with a prize, the transaction's value, above the wallet.
var bigTask = ledger.PostTask{Title: "t", Spec: "s", Rubric: "r", ClosesInS: 60}

// TestAdmissionRefusalsApplyNothing: DESIGN.md, "a nonce per sender refuses replays" and
// "verify at admission". Each malformed, mis-signed, replayed, gapped, unknown, badly
// valued, unfunded or oversized transaction is refused with its class and exact
// message, the height and the sender's nonce do not move, and a good transaction after
// them all is applied. A wrong nonce (a replay or a gap) is a conflict with the
// sender's state, 409, where an unfunded value is a refusal, 422.
func TestAdmissionRefusalsApplyNothing(t *testing.T) {
	f := newFixture(t)
	first := f.encode(f.tx(1, ledger.Amount{}, faucet(f.sender.Address())))
	if st, b := f.post(first); st != http.StatusOK {
		t.Fatalf("first tx: status %d: %s", st, b)
	}
	h0, n0 := f.heightAndNonce()
	other, err := account.Generate()
	if err != nil {
		t.Fatal(err)
	}
	next := f.tx(2, ledger.Amount{}, faucet(f.sender.Address()))
	forged := *next
	hash, _ := forged.SigningHash()
	if forged.Sig, err = other.Sign(hash); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		body   []byte
		status int
		msg    string
	}{
		{"malformed JSON", []byte(`{"chain":`), http.StatusBadRequest,
			"malformed transaction: unexpected EOF"},
		{"wrong signature", f.encode(&forged), http.StatusUnauthorized,
			"bad signature: signed by " + other.Address().String() + ", not by sender " + f.sender.Address().String()},
		{"replayed nonce", first, http.StatusConflict,
			"Nonce is not the sender's next nonce"},
		{"nonce gap", f.encode(f.tx(7, ledger.Amount{}, faucet(f.sender.Address()))), http.StatusConflict,
			"Nonce is not the sender's next nonce"},
		{"value above the wallet", f.encode(f.tx(2, ledger.Ether(5000), bigTask)), http.StatusUnprocessableEntity,
			"Wallet balance is below the transaction's value"},
		{"unknown kind", rewire(t, f.encode(next), func(m map[string]any) { m["kind"] = "bribe" }), http.StatusBadRequest,
			`unknown transaction kind "bribe"`},
		{"value not a decimal string", rewire(t, f.encode(next), func(m map[string]any) { m["value"] = "1e18" }), http.StatusBadRequest,
			`malformed transaction: amount must be a decimal string of at most 78 digits without leading zeros: "1e18"`},
		{"value a JSON number", rewire(t, f.encode(next), func(m map[string]any) { m["value"] = 5 }), http.StatusBadRequest,
			`malformed transaction: amount must be a decimal string of at most 78 digits without leading zeros: got 5`},
		{"oversized body", []byte(`{"chain":"` + strings.Repeat("a", 70<<10) + `"}`), http.StatusRequestEntityTooLarge,
			"transaction too large: body over 65536 bytes"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, b := f.post(tc.body)
			refusedWith(t, "/v1/tx", st, b, tc.status, tc.msg)
			if h, n := f.heightAndNonce(); h != h0 || n != n0 {
				t.Errorf("after the refusal height %d nonce %d, want %d and %d unchanged", h, n, h0, n0)
			}
		})
	}
	st, b := f.post(f.encode(next))
	var rc api.Receipt
	if err := json.Unmarshal(b, &rc); st != http.StatusOK || err != nil || !rc.Outcome.OK() {
		t.Fatalf("good tx after the refusals: %d %s", st, b)
	}
	if h, n := f.heightAndNonce(); h != rc.Height || h <= h0 || n != n0+1 {
		t.Errorf("after the good tx height %d nonce %d, want height %d > %d and nonce %d", h, n, rc.Height, h0, n0+1)
	}
}

// TestLedgerRefusalIsRecordedWithItsReceipt: DESIGN.md, "every refusal has an exact
// message". A transaction the ledger refuses answers 422 with the class, the exact
// message and the receipt; it is in a block and its nonce is spent.
func TestLedgerRefusalIsRecordedWithItsReceipt(t *testing.T) {
	f := newFixture(t)
	st, b := f.post(f.encode(f.tx(1, ledger.Amount{}, ledger.Withdraw{})))
	var got api.ErrorBody
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatalf("answer %s: %v", b, err)
	}
	if st != http.StatusUnprocessableEntity || got.Error != (api.ErrorDetail{Class: "EXPECTED", Message: "Nothing to withdraw"}) {
		t.Errorf("withdraw with nothing owed = %d %s, want 422 [EXPECTED] Nothing to withdraw", st, b)
	}
	if got.Receipt == nil || got.Receipt.Outcome.Err != "[EXPECTED] Nothing to withdraw" || got.Receipt.Height == 0 {
		t.Fatalf("receipt = %+v, want the refusal recorded in a block", got.Receipt)
	}
	if h, n := f.heightAndNonce(); h != got.Receipt.Height || n != 2 {
		t.Errorf("height %d nonce %d, want %d and 2: a ledger refusal spends the nonce", h, n, got.Receipt.Height)
	}
}

// TestRefusalBodiesAreExact pins that a refusal's JSON carries the class word and the
// message and nothing else.
func TestRefusalBodiesAreExact(t *testing.T) {
	f := newFixture(t)
	_, b := f.post([]byte(`[]`))
	want := `{"error":{"class":"EXPECTED","message":"malformed transaction: json: cannot unmarshal array into Go value of type ledger.wireTx"}}`
	if got := string(bytes.TrimSpace(b)); got != want {
		t.Errorf("POST [] answered\n%s\nwant\n%s", got, want)
	}
}

// TestAClosedNodeAnswersUnavailable: a transaction sent to a node whose engine has shut
// down is a [TRANSIENT] 503 the client may retry, not an internal error.
func TestAClosedNodeAnswersUnavailable(t *testing.T) {
	f := newFixture(t)
	if err := f.eng.Close(); err != nil {
		t.Fatal(err)
	}
	st, b := f.post(f.encode(f.tx(1, ledger.Amount{}, ledger.Withdraw{})))
	var got api.ErrorBody
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatalf("answer %s: %v", b, err)
	}
	want := api.ErrorDetail{Class: "TRANSIENT", Message: "The node is shutting down"}
	if st != http.StatusServiceUnavailable || got.Error != want {
		t.Errorf("POST /v1/tx to a closed node = %d %s, want 503 %+v", st, b, want)
	}
}
