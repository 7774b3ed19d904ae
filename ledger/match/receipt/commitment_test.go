package receipt

import (
	"bytes"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"
)

// The commitment is keccak256 of abi.encode(uint256, uint256, uint256, uint8, bytes32,
// bytes32): six 32-byte words, the integers left-padded, built here by hand.
func TestCommitmentIsKeccakOfABIEncode(t *testing.T) {
	receiptHash := crypto.Keccak256Hash([]byte("receipt"))
	salt := crypto.Keccak256Hash([]byte("salt"))
	word := func(v uint64) []byte { return new(big.Int).SetUint64(v).FillBytes(make([]byte, 32)) }
	enc := bytes.Join([][]byte{word(1<<63 + 5), word(17), word(1), word(3), receiptHash[:], salt[:]}, nil)
	if len(enc) != 192 {
		t.Fatalf("hand encoding is %d bytes", len(enc))
	}
	want := crypto.Keccak256Hash(enc)
	if got := Commitment(1<<63+5, 17, 1, 3, receiptHash, salt); got != want {
		t.Fatalf("Commitment = %x, want %x", got, want)
	}
}

// Each input changes the commitment.
func TestEveryInputChangesTheCommitment(t *testing.T) {
	rh, salt := [32]byte{1}, [32]byte{2}
	base := Commitment(1, 1, 0, 0, rh, salt)
	for name, c := range map[string][32]byte{
		"match":   Commitment(2, 1, 0, 0, rh, salt),
		"turn":    Commitment(1, 2, 0, 0, rh, salt),
		"agent":   Commitment(1, 1, 1, 0, rh, salt),
		"move":    Commitment(1, 1, 0, 1, rh, salt),
		"receipt": Commitment(1, 1, 0, 0, [32]byte{3}, salt),
		"salt":    Commitment(1, 1, 0, 0, rh, [32]byte{3}),
	} {
		if c == base {
			t.Errorf("changing the %s left the commitment as it was", name)
		}
	}
}
