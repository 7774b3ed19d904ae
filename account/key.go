// Package account holds secp256k1 keys for the arena's senders and validators, and a
// keystore of them on disk in Ethereum's keystore v3 format.
package account

import (
	"crypto/ecdsa"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/typed"
)

// Key is a secp256k1 private key and its address. The private key never leaves the
// value except through the keystore's encryption. Keys are incomparable, so two copies
// of a secret are never compared with ==. A Key is safe for concurrent use.
type Key struct {
	_    [0]func() // incomparable
	priv *ecdsa.PrivateKey
	addr ledger.Address
}

// ErrKeyHex reports a private key that is not 32 bytes of hex.
var ErrKeyHex = errors.New("private key must be 64 hex digits, optionally 0x-prefixed")

// Generate returns a fresh key from the operating system's random source.
func Generate() (*Key, error) {
	p, err := crypto.GenerateKey()
	if err != nil {
		return nil, fmt.Errorf("generate key: %w", err)
	}
	return fromECDSA(p), nil
}

// FromHex returns the key whose 32-byte private scalar s spells in hex, with or without
// a 0x prefix.
func FromHex(s string) (*Key, error) {
	s = strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(s), "0x"), "0X")
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != 32 {
		return nil, ErrKeyHex
	}
	p, err := crypto.ToECDSA(b)
	if err != nil {
		return nil, fmt.Errorf("parse private key: %w", err)
	}
	return fromECDSA(p), nil
}

func fromECDSA(p *ecdsa.PrivateKey) *Key {
	return &Key{priv: p, addr: ledger.Address(crypto.PubkeyToAddress(p.PublicKey))}
}

// Address returns the key's Ethereum-style address.
func (k *Key) Address() ledger.Address { return k.addr }

// String returns the address only; the secret is never formatted.
func (k *Key) String() string { return "key " + k.addr.String() }

// LogValue logs the address only.
func (k *Key) LogValue() slog.Value { return slog.StringValue(k.addr.String()) }

// Sign returns the 65-byte signature [R || S || V] of hash, with V in {0, 1} and S in
// the lower half of the curve order, as ledger.Recover requires.
func (k *Key) Sign(hash [32]byte) ([]byte, error) {
	sig, err := crypto.Sign(hash[:], k.priv)
	if err != nil {
		return nil, fmt.Errorf("sign: %w", err)
	}
	return sig, nil
}

// SignTx sets tx.From to the key's address if it is zero and signs tx's SigningHash into
// tx.Sig. It refuses a tx whose From names another address.
func (k *Key) SignTx(tx *ledger.Tx) error {
	if tx.From.IsZero() {
		tx.From = k.addr
	}
	if tx.From != k.addr {
		return fmt.Errorf("sign tx: sender %s is not this key's address %s", tx.From, k.addr)
	}
	h, err := tx.SigningHash()
	if err != nil {
		return fmt.Errorf("sign tx: %w", err)
	}
	sig, err := k.Sign(h)
	if err != nil {
		return fmt.Errorf("sign tx: %w", err)
	}
	tx.Sig = sig
	return nil
}

// SignCall signs the model-call receipt c for the arena whose genesis hash is arena under
// EVM chain id chainID: c.ChainID becomes chainID and c.Sig the 0x-prefixed hex of the
// signature over its EIP-712 typed data (typed.CallTypedData).
func (k *Key) SignCall(c *ledger.Call, arena [32]byte, chainID uint64) error {
	c.ChainID = chainID
	d, err := typed.CallDigest(arena, *c)
	if err != nil {
		return fmt.Errorf("sign call: %w", err)
	}
	sig, err := k.Sign(d)
	if err != nil {
		return fmt.Errorf("sign call: %w", err)
	}
	c.Sig = "0x" + hex.EncodeToString(sig)
	return nil
}
