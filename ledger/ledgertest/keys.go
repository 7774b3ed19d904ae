package ledgertest

import (
	"encoding/hex"
	"fmt"
	"maps"
	"slices"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/arena/arena/account"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/tender"
)

// Key returns the secp256k1 key named name. Keys are derived from their names alone, so
// that addresses, and everything ordered by address (committees, leaders), are the same
// on every run; anyone can derive them, so they are for tests only. Key panics only if a
// name hashes to an invalid scalar, which no name anyone writes will.
func Key(name string) *account.Key {
	k, err := account.FromHex(hex.EncodeToString(KeyBytes(name)))
	if err != nil {
		panic(fmt.Sprintf("ledgertest: derive key %q: %v", name, err))
	}
	return k
}

// KeyBytes returns the secret of the key named name, for tests that hand it to a wallet
// library.
func KeyBytes(name string) []byte { return crypto.Keccak256([]byte("arena contest key\n" + name)) }

// Addr returns the address of the key named name.
func Addr(name string) ledger.Address { return Key(name).Address() }

// Sign signs tx as its sender k: first the model-call receipts of an attestation, each
// over its typed data for tx's arena and signature chain id as a validator signs them,
// then the transaction. The
// receipts are copied before they are signed, so a Result shared by several senders
// keeps its own.
func Sign(tx *ledger.Tx, k *account.Key) error {
	var err error
	switch a := tx.Body.(type) {
	case ledger.Attest:
		a.Result.Calls, err = signCalls(a.Result.Calls, k, tx)
		tx.Body = a
	case tender.Attest:
		a.Result.Calls, err = signCalls(a.Result.Calls, k, tx)
		tx.Body = a
	case tender.CheckAttest:
		a.Result.Calls, err = signCalls(a.Result.Calls, k, tx)
		tx.Body = a
	}
	if err != nil {
		return err
	}
	return k.SignTx(tx)
}

// signCalls returns a signed copy of an attestation's model-call receipts.
func signCalls(calls []ledger.Call, k *account.Key, tx *ledger.Tx) ([]ledger.Call, error) {
	if len(calls) == 0 {
		return calls, nil
	}
	calls = slices.Clone(calls)
	for i := range calls {
		if err := k.SignCall(&calls[i], tx.Arena, max(tx.SigChainID, ledger.KeystoreChainID)); err != nil {
			return nil, err
		}
	}
	return calls, nil
}

// keyring holds the keys a contest has named, so that an address reads as its name.
type keyring struct {
	byName map[string]*account.Key
	byAddr map[ledger.Address]string
}

func newKeyring() *keyring {
	return &keyring{byName: map[string]*account.Key{}, byAddr: map[ledger.Address]string{}}
}

// get returns the key named n, deriving it on first use.
func (r *keyring) get(n string) *account.Key {
	if k, ok := r.byName[n]; ok {
		return k
	}
	k := Key(n)
	r.byName[n], r.byAddr[k.Address()] = k, n
	return k
}

// name returns the name of a, reporting whether a key of the ring has that address.
func (r *keyring) name(a ledger.Address) (string, bool) {
	n, ok := r.byAddr[a]
	return n, ok
}

// sorted returns every name, sorted.
func (r *keyring) sorted() []string { return slices.Sorted(maps.Keys(r.byName)) }

// Stamped stamps tx for the arena founded on terms (ledger.Terms.Stamp), valid at any
// clock, and returns it.
func Stamped(terms ledger.Terms, tx *ledger.Tx) *ledger.Tx {
	terms.Stamp(tx, ledger.NoExpiry)
	return tx
}
