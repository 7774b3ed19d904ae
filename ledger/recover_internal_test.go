package ledger

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"
)

// recoverOnBigInts is Recover as it was written on math/big and go-ethereum's own checks,
// kept to hold the byte comparisons to it.
func recoverOnBigInts(hash [32]byte, sig []byte) (Address, error) {
	if len(sig) != 65 {
		return Address{}, fmt.Errorf("%w: want 65 bytes, got %d", ErrBadSignature, len(sig))
	}
	s := make([]byte, 65)
	copy(s, sig)
	switch s[64] {
	case 0, 1:
	case 27, 28:
		s[64] -= 27
	default:
		return Address{}, fmt.Errorf("%w: v must be 0, 1, 27 or 28, got %d", ErrBadSignature, sig[64])
	}
	r := new(big.Int).SetBytes(s[:32])
	ss := new(big.Int).SetBytes(s[32:64])
	if ss.Cmp(new(big.Int).Rsh(crypto.S256().Params().N, 1)) > 0 {
		return Address{}, fmt.Errorf("%w: s is in the upper half of the curve order (high-S)", ErrBadSignature)
	}
	if !crypto.ValidateSignatureValues(s[64], r, ss, true) {
		return Address{}, fmt.Errorf("%w: not a canonical signature", ErrBadSignature)
	}
	pub, err := crypto.SigToPub(hash[:], s)
	if err != nil {
		return Address{}, fmt.Errorf("%w: %v", ErrBadSignature, err)
	}
	return Address(crypto.PubkeyToAddress(*pub)), nil
}

// TestRecoverChecksTheSignatureValuesAsGoEthereumDoes: at the edges of the curve order
// (R and S of 0, 1, half the order, the order less one, the order, above it) and with
// every v, Recover recovers the same address or refuses with the same message as the
// checks on big integers it replaced.
func TestRecoverChecksTheSignatureValuesAsGoEthereumDoes(t *testing.T) {
	priv, err := crypto.HexToECDSA("4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318")
	if err != nil {
		t.Fatal(err)
	}
	hash := [32]byte{1, 2, 3}
	good, err := crypto.Sign(hash[:], priv)
	if err != nil {
		t.Fatal(err)
	}
	n := crypto.S256().Params().N
	half := new(big.Int).Rsh(n, 1)
	word := func(x *big.Int) []byte { return x.FillBytes(make([]byte, 32)) }
	values := [][]byte{
		make([]byte, 32), word(big.NewInt(1)), word(half), word(new(big.Int).Add(half, big.NewInt(1))),
		word(new(big.Int).Sub(n, big.NewInt(1))), word(n), word(new(big.Int).Add(n, big.NewInt(1))),
		word(new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))), good[:32], good[32:64],
	}
	for _, r := range values {
		for _, s := range values {
			for _, v := range []byte{0, 1, 27, 28, 2} {
				sig := append(append(append([]byte{}, r...), s...), v)
				got, gotErr := Recover(hash, sig)
				want, wantErr := recoverOnBigInts(hash, sig)
				if got != want || fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
					t.Errorf("Recover(r %x, s %x, v %d) = %s, %v; want %s, %v", r, s, v, got, gotErr, want, wantErr)
				}
			}
		}
	}
	if a, err := Recover(hash, good); err != nil || a != Address(crypto.PubkeyToAddress(priv.PublicKey)) {
		t.Errorf("Recover(good) = %s, %v; want the signer", a, err)
	}
	if _, err := Recover(hash, good[:64]); err == nil || err.Error() != "bad signature: want 65 bytes, got 64" {
		t.Errorf("Recover(64 bytes) = %v", err)
	}
}
