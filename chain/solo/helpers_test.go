package solo

import (
	"context"
	"crypto/ecdsa"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// fataler is the part of testing.TB the fixtures need, so that a child process, which
// runs outside any test, can build them too.
type fataler interface {
	Helper()
	Fatal(args ...any)
}

// childT is the fataler of a child process: it panics.
type childT struct{}

func (childT) Helper()           {}
func (childT) Fatal(args ...any) { panic(fmt.Sprint(args...)) }

const chain = "arena-test"

// amountEq compares amounts by value; Amount hides its representation.
var amountEq = cmp.Comparer(func(a, b ledger.Amount) bool { return a.Eq(b) })

// testTerms are dev-mode founding terms, so that senders fund themselves by faucet.
func testTerms(t fataler) *ledger.Terms {
	t.Helper()
	return &ledger.Terms{
		Chain: chain, Name: "Test arena", Symbol: "GEN",
		EntryBond: ledger.Ether(1), AppealBond: ledger.Ether(2), AppealWindowS: 3600, GradingWindowS: 86400,
		Validators: []ledger.Address{{0xa1}}, Attempts: 3, RoundTimeoutS: 600,
		DevMode: true,
	}
}

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

// sign sets tx.From to s, stamps tx for testTerms' arena unless it names one, and signs
// it over its SigningHash.
func (s *signer) sign(t fataler, tx *ledger.Tx) *ledger.Tx {
	t.Helper()
	tx.From = s.addr
	if tx.Arena == ([32]byte{}) {
		chain := tx.Chain
		testTerms(t).Stamp(tx, ledger.NoExpiry)
		if chain != "" {
			tx.Chain = chain
		}
	}
	return s.signAs(t, tx)
}

// signAs signs tx with s's key whoever tx.From names.
func (s *signer) signAs(t fataler, tx *ledger.Tx) *ledger.Tx {
	t.Helper()
	h, err := tx.SigningHash()
	if err != nil {
		t.Fatal(err)
	}
	if tx.Sig, err = crypto.Sign(h[:], s.key); err != nil {
		t.Fatal(err)
	}
	return tx
}

// faucet returns a signed dev-faucet transaction crediting s with n atto.
func (s *signer) faucet(t fataler, nonce, n uint64) *ledger.Tx {
	t.Helper()
	return s.sign(t, &ledger.Tx{Chain: chain, Nonce: nonce, Body: ledger.Faucet{To: s.addr, Amount: ledger.NewAmount(n)}})
}

func tempPath(t testing.TB) string { return filepath.Join(t.TempDir(), "arena.db") }

// openEngine opens an engine on path and closes it when the test ends.
func openEngine(t testing.TB, cfg Config, genesis *ledger.Terms) *Engine {
	t.Helper()
	e, err := Open(cfg, genesis)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	return e
}

// submit submits tx and fails the test unless it is acknowledged as applied.
func submit(t fataler, e *Engine, tx *ledger.Tx) Receipt {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	r, err := e.Submit(ctx, tx)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Outcome.OK() {
		t.Fatal("refused: " + r.Outcome.Err)
	}
	return r
}

// hashOf returns the engine's current state hash and height.
func hashOf(e *Engine) (string, uint64) {
	var h string
	var height uint64
	e.View(func(s *ledger.State) { h, height = store.HexID(s.Hash()), s.Height() })
	return h, height
}

// openStore opens the file behind an engine that is closed.
func openStore(t testing.TB, path string) *store.DB {
	t.Helper()
	db, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
