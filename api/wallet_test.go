package api_test

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"strings"
	"testing"

	gethcommon "github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/arena/arena/api"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/tender"
	"github.com/arena/arena/ledger/typed"
)

// typedData posts tx's wire JSON without a signature to POST /v1/typed-data.
func (f *fixture) typedData(tx *ledger.Tx) api.TypedData {
	f.t.Helper()
	resp, err := http.Post(f.srv.URL+"/v1/typed-data", "application/json", bytes.NewReader(f.encode(tx)))
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		f.t.Fatalf("POST /v1/typed-data = %d %s", resp.StatusCode, b)
	}
	var td api.TypedData
	if err := json.Unmarshal(b, &td); err != nil {
		f.t.Fatal(err)
	}
	return td
}

// walletSign signs the digest the node answered as a wallet does: V is 27 or 28.
func (f *fixture) walletSign(td api.TypedData) []byte {
	f.t.Helper()
	h, err := ledger.ParseHash(td.Digest)
	if err != nil {
		f.t.Fatal(err)
	}
	sig, err := f.sender.Sign(h)
	if err != nil {
		f.t.Fatal(err)
	}
	sig[64] += 27
	return sig
}

// walletForm is the JSON a wallet's client posts: the typed data's primary type and
// message, the chain id, the signature and the body beside them.
func walletForm(td api.TypedData, body ledger.Body, chainID any, sig []byte) map[string]any {
	b, _ := json.Marshal(body)
	msg, _ := json.Marshal(td.TypedData["message"])
	var m map[string]any
	_ = json.Unmarshal(msg, &m)
	return map[string]any{
		"primaryType": td.TypedData["primaryType"], "message": m, "body": json.RawMessage(b),
		"signatureChainId": chainID, "signature": "0x" + hex.EncodeToString(sig),
	}
}

// walletTx stamps body as the sender's next transaction for the arena, signed under
// chainID, with edit applied to the envelope first.
func (f *fixture) walletTx(nonce uint64, chainID uint64, body ledger.Body, edit func(*ledger.Tx)) (*ledger.Tx, api.TypedData) {
	tx := &ledger.Tx{From: f.sender.Address(), Nonce: nonce, SigChainID: chainID, Body: body}
	f.terms.Stamp(tx, ledger.NoExpiry)
	if edit != nil {
		edit(tx)
	}
	return tx, f.typedData(tx)
}

func (f *fixture) postJSON(v any) (int, string) {
	f.t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		f.t.Fatal(err)
	}
	st, ans := f.post(b)
	return st, string(ans)
}

// The typed data POST /v1/typed-data answers is what a wallet signs: a signature over
// its digest, by a wallet on any chain, posted as the wallet's form, is applied, and the
// transaction's id is the digest. The arena's keystore's signature (V 0 or 1) over the
// same typed data is taken too.
func TestAWalletSignedTransactionIsApplied(t *testing.T) {
	f := newFixtureWith(t, func(t *ledger.Terms) { t.FeePerTx = ledger.NewAmount(1000) })
	body := ledger.PostTask{Title: "Write a haiku", Spec: strings.Repeat("A haiku about ledgers. ", 40), Rubric: "At most 100 characters.", ClosesInS: 3600}
	_, td := f.walletTx(1, 8453, body, func(tx *ledger.Tx) { tx.Value = ledger.Ether(100) })
	if td.TypedData["primaryType"] != "PostTask" {
		t.Fatalf("primaryType %v, want PostTask", td.TypedData["primaryType"])
	}
	dom := td.TypedData["domain"].(map[string]any)
	wantDomain := map[string]any{"name": "Arena", "version": "1", "chainId": float64(8453),
		"verifyingContract": gethcommon.Address(typed.VerifyingContract(f.terms.GenesisHash())).Hex()}
	if fmt.Sprint(dom) != fmt.Sprint(wantDomain) {
		t.Fatalf("domain %v, want %v", dom, wantDomain)
	}
	msg := td.TypedData["message"].(map[string]any)
	if want := "0x" + hex.EncodeToString(crypto.Keccak256([]byte(body.Spec))); msg["spec"] != want {
		t.Fatalf("message spec %v, want the keccak256 of the spec %s", msg["spec"], want)
	}
	st, ans := f.postJSON(walletForm(td, body, 8453, f.walletSign(td)))
	if st != http.StatusOK {
		t.Fatalf("POST /v1/tx (wallet form) = %d %s", st, ans)
	}
	var rc api.Receipt
	if err := json.Unmarshal([]byte(ans), &rc); err != nil || rc.TxID != td.Digest {
		t.Fatalf("receipt %s, want tx id %s", ans, td.Digest)
	}

	// the keystore's signature of the same typed data, V in {0, 1}, under its own chain id
	tx, td := f.walletTx(2, ledger.KeystoreChainID, ledger.Withdraw{}, nil)
	if err := f.sender.SignTx(tx); err != nil {
		t.Fatal(err)
	}
	if tx.Sig[64] > 1 {
		t.Fatalf("keystore V = %d, want 0 or 1", tx.Sig[64])
	}
	if st, ans := f.postJSON(walletForm(td, ledger.Withdraw{}, "0x1", tx.Sig)); st != http.StatusUnprocessableEntity ||
		!strings.Contains(ans, `"message":"Nothing to withdraw"`) {
		t.Fatalf("keystore-signed withdraw in the wallet form = %d %s, want it applied and refused by the rules", st, ans)
	}
}

// Every refusal of a wallet's transaction is [EXPECTED] with its exact message, applies
// nothing and leaves the nonce where it was.
func TestWalletRefusalsApplyNothing(t *testing.T) {
	f := newFixtureWith(t, func(t *ledger.Terms) { t.FeePerTx = ledger.NewAmount(1000) })
	award := tender.Award{Tender: 1}
	_, awardTD := f.walletTx(1, 1, award, nil)
	expireDigest, _ := ledger.ParseHash(f.typedDataOf(tender.Expire{Tender: 1}).Digest)
	awardSig := f.walletSign(awardTD)
	asExpire := walletForm(awardTD, tender.Expire{Tender: 1}, 1, awardSig)
	asExpire["primaryType"] = "TenderExpire"
	signer, err := ledger.Recover(expireDigest, awardSig)
	if err != nil {
		t.Fatal(err)
	}

	good := func(edit func(*ledger.Tx)) (api.TypedData, map[string]any) {
		_, td := f.walletTx(1, 1, ledger.Withdraw{}, edit)
		return td, walletForm(td, ledger.Withdraw{}, 1, f.walletSign(td))
	}
	otherArena, _ := good(func(tx *ledger.Tx) { tx.Arena[0] ^= 1 })
	_, expired := good(func(tx *ledger.Tx) { tx.ValidUntil = 1 })
	_, cheap := good(func(tx *ledger.Tx) { tx.MaxFee = ledger.NewAmount(999) })
	wtd, w := good(nil)
	clone := func(edit func(map[string]any)) map[string]any {
		b, _ := json.Marshal(w)
		var m map[string]any
		_ = json.Unmarshal(b, &m)
		edit(m)
		return m
	}
	highS := func() string {
		sig := f.walletSign(wtd)
		n := crypto.S256().Params().N
		s := new(big.Int).Sub(n, new(big.Int).SetBytes(sig[32:64]))
		s.FillBytes(sig[32:64])
		sig[64] = 27 + (28 - sig[64])
		return "0x" + hex.EncodeToString(sig)
	}()
	faucet := ledger.Faucet{To: f.sender.Address(), Amount: ledger.NewAmount(5)}
	_, ftd := f.walletTx(1, 1, faucet, nil)
	bodyNotMessage := walletForm(ftd, ledger.Faucet{To: f.sender.Address(), Amount: ledger.NewAmount(6)}, 1, f.walletSign(ftd))
	account := f.sender.Address().String()
	badCase := account[:2] + flipCase(account[2:])
	primary, types, _ := ledger.SchemaTable().Schema(ledger.KindWithdraw)
	types[primary][3].Type = "uint256"

	tests := []struct {
		name   string
		form   map[string]any
		status int
		msg    string
	}{
		{"another arena's signature", walletForm(otherArena, ledger.Withdraw{}, 1, f.walletSign(otherArena)), 422,
			"Transaction is for another arena"},
		{"another primary type with identical fields", asExpire, 401,
			fmt.Sprintf("bad signature: signed by %s, not by sender %s", signer, f.sender.Address())},
		{"expired bound", expired, 422, "Transaction expired: the arena's clock is past its validUntil"},
		{"fee above the sender's maximum", cheap, 422, "The fee schedule asks more than the transaction's maxFee"},
		{"high-S", clone(func(m map[string]any) { m["signature"] = highS }), 401,
			"bad signature: s is in the upper half of the curve order (high-S)"},
		{"v out of range", clone(func(m map[string]any) { m["signature"] = m["signature"].(string)[:130] + "1d" }), 401,
			"bad signature: v must be 0, 1, 27 or 28, got 29"},
		{"types differing from the schema", clone(func(m map[string]any) { m["types"] = types }), 400,
			"malformed transaction: typed data: types differ from the arena's schema for Withdraw"},
		{"a field added to the message", clone(func(m map[string]any) { m["message"].(map[string]any)["memo"] = "x" }), 400,
			`malformed transaction: typed data: message field "memo" is not in type Withdraw`},
		{"a missing field", clone(func(m map[string]any) { delete(m["message"].(map[string]any), "validUntil") }), 400,
			`malformed transaction: typed data: message lacks field "validUntil"`},
		{"a body that is not its message", bodyNotMessage, 400,
			`malformed transaction: typed data: message field "amount" does not match the transaction`},
		{"malformed typed data", clone(func(m map[string]any) { m["message"] = "withdraw" }), 400,
			"malformed transaction: typed data: message must be a JSON object"},
		{"an unknown primary type", clone(func(m map[string]any) { m["primaryType"] = "Steal" }), 400,
			`unknown transaction kind: no transaction kind has the primary type "Steal"`},
		{"a wrong-length signature", clone(func(m map[string]any) { m["signature"] = m["signature"].(string)[:128] }), 400,
			"malformed transaction: signature must be 0x followed by 130 hex digits"},
		{"chain id zero", clone(func(m map[string]any) { m["signatureChainId"] = 0 }), 400,
			"malformed transaction: typed data: signatureChainId must be 1 to 18446744073709551615"},
		{"chain id over 2^64", clone(func(m map[string]any) { m["signatureChainId"] = "18446744073709551616" }), 400,
			"malformed transaction: typed data: signatureChainId must be 1 to 18446744073709551615"},
		{"an address in the wrong checksum case", clone(func(m map[string]any) { m["message"].(map[string]any)["account"] = badCase }), 400,
			`malformed transaction: typed data: message field "account" is not in its EIP-55 checksum case`},
		{"an unknown envelope field", clone(func(m map[string]any) { m["gas"] = 1 }), 400,
			`malformed transaction: json: unknown field "gas"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h0, n0 := f.heightAndNonce()
			st, ans := f.postJSON(tt.form)
			want := fmt.Sprintf(`{"error":{"class":"EXPECTED","message":%q}}`, tt.msg)
			if st != tt.status || strings.TrimSpace(ans) != want {
				t.Fatalf("POST /v1/tx = %d %s, want %d %s", st, ans, tt.status, want)
			}
			if h, n := f.heightAndNonce(); h != h0 || n != n0 {
				t.Fatalf("height %d nonce %d after the refusal, want %d %d", h, n, h0, n0)
			}
		})
	}

	// the good form is applied once; its replay is refused by the nonce
	if st, ans := f.postJSON(w); st != http.StatusUnprocessableEntity || !strings.Contains(ans, "Nothing to withdraw") {
		t.Fatalf("the good form = %d %s, want applied and refused by the rules", st, ans)
	}
	if st, ans := f.postJSON(w); st != http.StatusConflict || strings.TrimSpace(ans) != `{"error":{"class":"EXPECTED","message":"Nonce is not the sender's next nonce"}}` {
		t.Fatalf("its replay = %d %s, want 409 and the nonce's refusal", st, ans)
	}
}

// typedDataOf returns the typed data of body as the sender's next transaction, chain 1.
func (f *fixture) typedDataOf(body ledger.Body) api.TypedData {
	_, td := f.walletTx(1, 1, body, nil)
	return td
}

func flipCase(s string) string {
	b := []byte(s)
	for i, c := range b {
		switch {
		case c >= 'a' && c <= 'f':
			b[i] = c - 32
			return string(b)
		case c >= 'A' && c <= 'F':
			b[i] = c + 32
			return string(b)
		}
	}
	return s
}
