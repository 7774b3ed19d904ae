package ledgertest

import (
	"crypto/ecdsa"
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/ethereum/go-ethereum/crypto"
)

// key is a named secp256k1 key. Keys are derived from their names, so that addresses,
// and everything ordered by address, are the same on every run.
type key struct {
	name string
	priv *ecdsa.PrivateKey
	addr ledger.Address
}

// keyring holds the keys a script has named.
type keyring struct {
	byName map[string]*key
	byAddr map[ledger.Address]string
}

func newKeyring() keyring {
	return keyring{byName: map[string]*key{}, byAddr: map[ledger.Address]string{}}
}

// get returns the key named n, deriving it on first use.
func (r keyring) get(t *testing.T, n string) *key {
	t.Helper()
	if k, ok := r.byName[n]; ok {
		return k
	}
	priv, err := crypto.ToECDSA(crypto.Keccak256([]byte("arena contest key\n" + n)))
	if err != nil {
		t.Fatalf("derive key %q: %v", n, err)
	}
	k := &key{name: n, priv: priv, addr: ledger.Address(crypto.PubkeyToAddress(priv.PublicKey))}
	r.byName[n], r.byAddr[k.addr] = k, n
	return k
}

// name returns the name of a, or a's hex form.
func (r keyring) name(a ledger.Address) string {
	if n, ok := r.byAddr[a]; ok {
		return n
	}
	return fmt.Sprint(a)
}

// sorted returns every name, sorted.
func (r keyring) sorted() []string { return slices.Sorted(maps.Keys(r.byName)) }

// sign signs tx, and the model-call receipts of an attestation, with k.
func (k *key) sign(t *testing.T, tx *ledger.Tx) {
	t.Helper()
	if a, ok := tx.Body.(ledger.Attest); ok {
		for i := range a.Result.Calls {
			d := a.Result.Calls[i].Digest(tx.Chain)
			sig, err := crypto.Sign(d[:], k.priv)
			if err != nil {
				t.Fatalf("sign call: %v", err)
			}
			a.Result.Calls[i].Sig = fmt.Sprintf("0x%x", sig)
		}
	}
	h, err := tx.SigningHash()
	if err != nil {
		t.Fatalf("signing hash: %v", err)
	}
	if tx.Sig, err = crypto.Sign(h[:], k.priv); err != nil {
		t.Fatalf("sign: %v", err)
	}
}
