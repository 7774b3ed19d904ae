package receipt

import (
	"errors"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"
)

// A signed receipt recovers its signer, with v as 27/28 or as 0/1.
func TestSignAndRecoverRoundTrip(t *testing.T) {
	key := testKey(t)
	want := crypto.PubkeyToAddress(key.PublicKey)
	sig, err := Sign(chain, sample(), key)
	if err != nil {
		t.Fatal(err)
	}
	if len(sig) != 65 || (sig[64] != 27 && sig[64] != 28) {
		t.Fatalf("signature of %d bytes, v %d", len(sig), sig[64])
	}
	for _, v := range []byte{sig[64], sig[64] - 27} {
		s := append([]byte(nil), sig...)
		s[64] = v
		got, err := Recover(chain, sample(), s)
		if err != nil || got != want {
			t.Fatalf("v %d: Recover = %v, %v; want %v", v, got, err, want)
		}
	}
}

// A tampered receipt recovers another address, so the operator's signature no longer
// covers it; so does the right receipt in another arena or
// under another signature chain id.
func TestATamperedReceiptRecoversAnotherAddress(t *testing.T) {
	key := testKey(t)
	operator := crypto.PubkeyToAddress(key.PublicKey)
	sig, err := Sign(chain, sample(), key)
	if err != nil {
		t.Fatal(err)
	}
	r := sample()
	r.Move = 0 // the move changed after the bets closed
	got, err := Recover(chain, r, sig)
	if err == nil && got == operator {
		t.Fatal("a tampered receipt recovers the operator")
	}
	got, err = Recover(otherArena, sample(), sig)
	if err == nil && got == operator {
		t.Fatal("the receipt recovers the operator in another arena")
	}
	r = sample()
	r.ChainID = 8453
	got, err = Recover(chain, r, sig)
	if err == nil && got == operator {
		t.Fatal("the receipt recovers the operator under another signature chain id")
	}
}

// Recover refuses a signature of the wrong length, a bad v, and a high s.
func TestRecoverRefusesMalformedSignatures(t *testing.T) {
	key := testKey(t)
	sig, err := Sign(chain, sample(), key)
	if err != nil {
		t.Fatal(err)
	}
	highS := append([]byte(nil), sig...)
	// s' = n - s signs the same digest with the other v: a second signature, refused.
	n := crypto.S256().Params().N
	s := new(big.Int).SetBytes(sig[32:64])
	new(big.Int).Sub(n, s).FillBytes(highS[32:64])
	highS[64] = 27 + (28 - sig[64])
	for name, bad := range map[string][]byte{
		"empty":  nil,
		"short":  sig[:64],
		"long":   append(append([]byte(nil), sig...), 0),
		"v 2":    withV(sig, 2),
		"v 26":   withV(sig, 26),
		"v 29":   withV(sig, 29),
		"high s": highS,
		"zero r": append(make([]byte, 32), sig[32:]...),
	} {
		if _, err := Recover(chain, sample(), bad); !errors.Is(err, ErrSignature) {
			t.Errorf("%s: err = %v, want ErrSignature", name, err)
		}
	}
}

// withV returns a copy of sig with v set.
func withV(sig []byte, v byte) []byte {
	s := append([]byte(nil), sig...)
	s[64] = v
	return s
}
