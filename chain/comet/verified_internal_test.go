package comet

import (
	"crypto/sha256"
	"testing"

	"github.com/arena/arena/account"
	"github.com/arena/arena/ledger"
)

// signedFaucet returns a signed faucet transaction of k and its encoding.
func signedFaucet(t *testing.T, k *account.Key, nonce uint64) (*ledger.Tx, []byte) {
	t.Helper()
	tx := &ledger.Tx{Chain: "remember-test", From: k.Address(), Nonce: nonce, SigChainID: ledger.KeystoreChainID,
		ValidUntil: ledger.NoExpiry, Body: ledger.Faucet{To: k.Address(), Amount: ledger.Ether(1)}}
	if err := k.SignTx(tx); err != nil {
		t.Fatal(err)
	}
	raw, err := tx.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return tx, raw
}

// A transaction Submit verified is remembered under its encoding, as CheckTx would
// have decoded it, so CheckTx does not recover its signer again; an encoding that does
// not decode to the verified transaction (another transaction's bytes) is not
// remembered, so CheckTx verifies it itself.
func TestSubmitRemembersOnlyTheEncodingItVerified(t *testing.T) {
	k, err := account.Generate()
	if err != nil {
		t.Fatal(err)
	}
	tx, raw := signedFaucet(t, k, 1)
	_, other := signedFaucet(t, k, 2)
	id, err := tx.VerifyID()
	if err != nil {
		t.Fatal(err)
	}
	var a App
	a.remember(raw, tx, id)
	a.remember(other, tx, id)
	got, gotID, ok := a.verified.get(sha256.Sum256(raw))
	if !ok || gotID != id {
		t.Fatalf("the verified encoding: remembered %v with id %x, want id %x", ok, gotID, id)
	}
	if b, err := got.MarshalJSON(); err != nil || string(b) != string(raw) {
		t.Fatalf("remembered %s (%v), want %s", b, err, raw)
	}
	if _, _, ok := a.verified.get(sha256.Sum256(other)); ok {
		t.Fatal("another transaction's encoding was remembered as the verified one")
	}
}
