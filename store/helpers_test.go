package store

import (
	"crypto/ecdsa"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/arena/arena/ledger"
)

// sameRecord compares amounts by value; Amount hides its representation.
// sameRecord compares what the store keeps: amounts by value, transactions by their
// fields (not the size a transaction caches once it is asked for its fee).
var sameRecord = cmp.Options{cmp.Comparer(func(a, b ledger.Amount) bool { return a.Eq(b) }), cmpopts.IgnoreUnexported(ledger.Tx{})}

// fataler is the part of testing.TB the fixtures need, so that the crash child, which
// runs outside any test, can build them too.
type fataler interface {
	Helper()
	Fatal(args ...any)
}

// childT is the fataler of the crash child: it panics.
type childT struct{}

func (childT) Helper()           {}
func (childT) Fatal(args ...any) { panic(fmt.Sprint(args...)) }

// signer is one account with a real secp256k1 key.
type signer struct {
	key  *ecdsa.PrivateKey
	addr ledger.Address
}

func newSigner(t fataler) *signer {
	t.Helper()
	k, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	return &signer{key: k, addr: ledger.Address(crypto.PubkeyToAddress(k.PublicKey))}
}

// faucet returns a signed dev-faucet transaction from s with the given nonce.
func (s *signer) faucet(t fataler, nonce uint64, amount uint64) TxRecord {
	t.Helper()
	tx := &ledger.Tx{Chain: "test", SigChainID: ledger.KeystoreChainID, From: s.addr, Nonce: nonce,
		Body: ledger.Faucet{To: s.addr, Amount: ledger.NewAmount(amount)}}
	h, err := tx.SigningHash()
	if err != nil {
		t.Fatal(err)
	}
	if tx.Sig, err = crypto.Sign(h[:], s.key); err != nil {
		t.Fatal(err)
	}
	paid := tx.Body.(ledger.Faucet).Amount
	return TxRecord{ID: h, Tx: tx, Outcome: ledger.Outcome{Events: []ledger.Event{
		{Type: "faucet", Address: &s.addr, Amount: &paid},
	}}}
}

// block returns block h holding n faucet transactions from s, nonces from first.
func (s *signer) block(t fataler, h uint64, first uint64, n int) CommittedBlock {
	t.Helper()
	b := CommittedBlock{Height: h, Time: 1_700_000_000 + int64(h), Hash: [32]byte{byte(h), 0xab}}
	for i := range n {
		r := s.faucet(t, first+uint64(i), uint64(i)+1)
		r.Index = i
		for j := range r.Outcome.Events {
			r.Outcome.Events[j].Height = h
		}
		b.Txs = append(b.Txs, r)
	}
	return b
}

func openTemp(t testing.TB) (*DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "arena.db")
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db, path
}

func commit(t testing.TB, db *DB, b CommittedBlock) {
	t.Helper()
	if err := db.CommitBlock(b); err != nil {
		t.Fatal(err)
	}
}

// readAll returns every committed block.
func readAll(t testing.TB, db *DB) []StoredBlock {
	t.Helper()
	last, ok, err := db.LastBlock()
	if err != nil {
		t.Fatal(err)
	}
	if !ok {
		return nil
	}
	var out []StoredBlock
	for b, err := range db.Blocks(1, last.Height) {
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

// stored is what Blocks should yield for b.
func stored(b CommittedBlock) StoredBlock {
	return StoredBlock{BlockInfo: b.Info(), Events: b.Events, Kept: true, Txs: b.Txs}
}

// count returns the result of a COUNT(*) query.
func count(t testing.TB, db *DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := db.r.QueryRow(query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}
