package ledger

import (
	"errors"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"
)

// TestVerifyIDIsVerifyAndTheID: VerifyID checks exactly what Verify checks and returns
// the transaction's id, its SigningHash, whenever it can be computed, even beside a bad
// signature; a transaction without an id gets the zero id and Verify's refusal.
func TestVerifyIDIsVerifyAndTheID(t *testing.T) {
	priv, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	tx := &Tx{Chain: "verify", Arena: [32]byte{7}, From: Address(crypto.PubkeyToAddress(priv.PublicKey)), Nonce: 1,
		ValidUntil: 1_800_000_000, MaxFee: NewAmount(1000), SigChainID: 1, Body: Faucet{To: Address{1}, Amount: NewAmount(5)}}
	h, err := tx.SigningHash()
	if err != nil {
		t.Fatal(err)
	}
	if tx.Sig, err = crypto.Sign(h[:], priv); err != nil {
		t.Fatal(err)
	}
	if id, err := tx.VerifyID(); err != nil || id != h {
		t.Errorf("VerifyID(signed) = %x, %v; want %x, nil", id, err, h)
	}

	forged := *tx
	forged.Nonce = 2
	want, _ := forged.SigningHash()
	id, err := forged.VerifyID()
	if !errors.Is(err, ErrBadSignature) || err.Error() != forged.Verify().Error() || id != want {
		t.Errorf("VerifyID(forged) = %x, %v; want %x and Verify's %v", id, err, want, forged.Verify())
	}

	bodiless := *tx
	bodiless.Body = nil
	id, err = bodiless.VerifyID()
	if wantErr := "malformed transaction: no body of a known kind"; id != [32]byte{} || err == nil || err.Error() != wantErr {
		t.Errorf("VerifyID(no body) = %x, %v; want the zero id and %q", id, err, wantErr)
	}
}
