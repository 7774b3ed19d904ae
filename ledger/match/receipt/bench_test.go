package receipt

import (
	"testing"
)

// BenchmarkDigest measures one receipt's EIP-712 digest, which the ledger computes for
// both agents' receipts in every reveal.
func BenchmarkDigest(b *testing.B) {
	r := sample()
	for b.Loop() {
		if _, err := Digest(chain, r); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRecover measures digest plus signer recovery, the reveal's per-receipt check.
func BenchmarkRecover(b *testing.B) {
	key := testKey(b)
	r := sample()
	sig, err := Sign(chain, r, key)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Recover(chain, r, sig); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCommitment measures one commitment, recomputed per agent in every reveal.
func BenchmarkCommitment(b *testing.B) {
	for b.Loop() {
		Commitment(1, 2, 1, 3, [32]byte{1}, [32]byte{2})
	}
}
