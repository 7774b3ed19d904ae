package account

import (
	"encoding/hex"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"
)

// FuzzFromHex: FromHex never panics, and a key it accepts round-trips through the hex
// of its own scalar to the same address.
func FuzzFromHex(f *testing.F) {
	for _, s := range []string{"4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318", "0x00", "",
		"0x0000000000000000000000000000000000000000000000000000000000000000",
		"fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		k, err := FromHex(s)
		if err != nil {
			return
		}
		again, err := FromHex(hex.EncodeToString(crypto.FromECDSA(k.priv)))
		if err != nil || again.Address() != k.Address() {
			t.Fatalf("FromHex(%q) = %s; its own hex gives %v, %v", s, k.Address(), again, err)
		}
	})
}
