package solo

import (
	"context"
	"errors"
	"testing"

	"github.com/arena/arena/ledger"
)

// TestAFailedCommitHaltsTheEngine: "the ledger must never be left half-applied". When a
// block cannot be committed (here its events table was dropped underneath the engine),
// the transaction is not acknowledged, the engine refuses everything after it with
// ErrHalted, and reopening the file resumes from the last committed block.
func TestAFailedCommitHaltsTheEngine(t *testing.T) {
	path := tempPath(t)
	e := openEngine(t, Config{Path: path}, testTerms(t))
	s := newSigner(t)
	submit(t, e, s.faucet(t, 1, 1))
	hash, _ := hashOf(e)
	if _, err := rawDB(t, path).Exec(`DROP TABLE events`); err != nil {
		t.Fatal(err)
	}
	_, err := e.Submit(context.Background(), s.faucet(t, 2, 2))
	if !errors.Is(err, ErrHalted) {
		t.Fatalf("Submit with a failing commit = %v, want ErrHalted", err)
	}
	_, err = e.Submit(context.Background(), s.faucet(t, 3, 3))
	if !errors.Is(err, ErrHalted) {
		t.Errorf("Submit after the halt = %v, want ErrHalted", err)
	}
	e.Close()

	e = openEngine(t, Config{Path: path}, nil) // Open recreates the dropped table
	if h, height := hashOf(e); h != hash || height != 1 {
		t.Errorf("after reopen: hash %s height %d; want the last committed block's %s at 1", h, height, hash)
	}
	var next uint64
	e.View(func(st *ledger.State) { next = st.NextNonce(s.addr) })
	if next != 2 {
		t.Errorf("NextNonce after reopen = %d, want 2: the failed block left no trace", next)
	}
	submit(t, e, s.faucet(t, 2, 2))
}

// TestCloseRefusesFurtherSubmits: after Close, Submit returns ErrClosed.
func TestCloseRefusesFurtherSubmits(t *testing.T) {
	e := openEngine(t, Config{Path: tempPath(t)}, testTerms(t))
	e.Close()
	if _, err := e.Submit(context.Background(), newSigner(t).faucet(t, 1, 1)); !errors.Is(err, ErrClosed) {
		t.Errorf("Submit after Close = %v, want ErrClosed", err)
	}
}
