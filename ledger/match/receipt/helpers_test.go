package receipt

import (
	"crypto/ecdsa"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"
)

// chain is the genesis hash of the arena the tests' receipts are signed for.
var chain = [32]byte(crypto.Keccak256Hash([]byte("arena-test-1")))

// otherArena is another arena's genesis hash.
var otherArena = [32]byte(crypto.Keccak256Hash([]byte("arena-other")))

// sample is a receipt with every field set.
func sample() Receipt {
	return Receipt{
		Match:        42,
		Turn:         3,
		Agent:        1,
		PromptHash:   crypto.Keccak256Hash([]byte("the prompt")),
		ResponseHash: crypto.Keccak256Hash([]byte(`{"move":"charge"}`)),
		Move:         2,
		StartedAt:    1_700_000_000_000,
		FinishedAt:   1_700_000_001_250,
		ChainID:      1,
	}
}

// testKey returns a fixed key: the operator's in these tests.
func testKey(t testing.TB) *ecdsa.PrivateKey {
	t.Helper()
	k, err := crypto.HexToECDSA("4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318")
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// digest returns r's digest on chain, failing on an error.
func digest(t *testing.T, r Receipt) [32]byte {
	t.Helper()
	d, err := Digest(chain, r)
	if err != nil {
		t.Fatal(err)
	}
	return d
}
