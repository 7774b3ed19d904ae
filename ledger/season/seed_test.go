package season

import (
	"encoding/hex"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"
)

// An anchored seed is keccak256(domain ‖ anchor ‖ id as 8 bytes big-endian), in hex:
// each kind's domain, the anchor and the id all change it.
func TestAnAnchoredSeedHashesDomainAnchorAndID(t *testing.T) {
	anchor := [32]byte{1, 2, 3}
	b := append([]byte("arena learn run"), anchor[:]...)
	b = append(b, 0, 0, 0, 0, 0, 0, 1, 2)
	if got, want := AnchoredSeed("arena learn run", anchor, 258), hex.EncodeToString(crypto.Keccak256(b)); got != want {
		t.Fatalf("seed %s, want %s", got, want)
	}
	seeds := map[string]bool{}
	for _, s := range []string{
		AnchoredSeed("arena learn run", anchor, 258),
		AnchoredSeed("arena challenge run", anchor, 258),
		AnchoredSeed("arena learn run", [32]byte{1, 2, 4}, 258),
		AnchoredSeed("arena learn run", anchor, 259),
	} {
		if len(s) != 64 || seeds[s] {
			t.Fatalf("seed %q is malformed or repeats", s)
		}
		seeds[s] = true
	}
}
