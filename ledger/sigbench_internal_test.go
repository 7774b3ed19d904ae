package ledger

import (
	"testing"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/arena/arena/ledger/bounty"
)

// oldSigningHash is the transaction hash of the scheme EIP-712 replaced: keccak256 of a
// custom prefix and the JSON without the signature. It is kept here only to measure the
// two against each other.
func oldSigningHash(tx *Tx) [32]byte {
	b, err := tx.unsignedBytes()
	if err != nil {
		panic(err)
	}
	return keccak(append([]byte("\x19Arena Signed Transaction:\n"), b...))
}

// benchTx is a signed submit: the commonest paying transaction.
func benchTx(b *testing.B, old bool) *Tx {
	priv, err := crypto.HexToECDSA("4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318")
	if err != nil {
		b.Fatal(err)
	}
	tx := &Tx{Chain: "bench", Arena: [32]byte{7}, From: Address(crypto.PubkeyToAddress(priv.PublicKey)), Nonce: 12,
		ValidUntil: 1_800_000_000, MaxFee: NewAmount(1000), Value: Ether(5), SigChainID: 1,
		Body: bounty.Submit{Task: 3, Work: "a launch note of modest length, about a hundred bytes of prose for the hash"}}
	h, err := tx.SigningHash()
	if old {
		h = oldSigningHash(tx)
	}
	if err != nil {
		b.Fatal(err)
	}
	if tx.Sig, err = crypto.Sign(h[:], priv); err != nil {
		b.Fatal(err)
	}
	return tx
}

// BenchmarkTxHash measures the hash a transaction's signature covers: EIP-712 typed data
// from the schema table against the prefixed JSON it replaced.
func BenchmarkTxHash(b *testing.B) {
	b.Run("eip712", func(b *testing.B) {
		tx := benchTx(b, false)
		for b.Loop() {
			if _, err := tx.SigningHash(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("prefixed-json", func(b *testing.B) {
		tx := benchTx(b, true)
		for b.Loop() {
			oldSigningHash(tx)
		}
	})
}

// BenchmarkTxVerify measures hashing and recovering the signer, as admission does.
func BenchmarkTxVerify(b *testing.B) {
	b.Run("eip712", func(b *testing.B) {
		tx := benchTx(b, false)
		for b.Loop() {
			if err := tx.Verify(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("prefixed-json", func(b *testing.B) {
		tx := benchTx(b, true)
		for b.Loop() {
			if err := verifySig(oldSigningHash(tx), tx.Sig, tx.From); err != nil {
				b.Fatal(err)
			}
		}
	})
}
