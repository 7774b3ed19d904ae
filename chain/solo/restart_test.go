package solo

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// TestARestartResumesExactly: DESIGN, "a restart resumes exactly". Whether the state
// comes back from a checkpoint plus replay, from a checkpoint alone or from genesis, the
// reopened engine has the same state hash, height, snapshot and next nonce, and goes on
// from there.
func TestARestartResumesExactly(t *testing.T) {
	for _, tc := range []struct {
		name       string
		checkpoint int
		blocks     uint64
	}{
		{"checkpoint and replay", 3, 7},
		{"checkpoint at the last block", 3, 6},
		{"replay from genesis", 100, 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := tempPath(t)
			cfg := Config{Path: path, CheckpointEvery: tc.checkpoint}
			e := openEngine(t, cfg, testTerms(t))
			s := newSigner(t)
			for n := uint64(1); n <= tc.blocks; n++ {
				submit(t, e, s.faucet(t, n, n))
			}
			hash, height := hashOf(e)
			var snap ledger.Snapshot
			e.View(func(st *ledger.State) { snap = st.Snapshot() })
			e.Close()

			e = openEngine(t, cfg, nil)
			if h, ht := hashOf(e); h != hash || ht != height || height != tc.blocks {
				t.Fatalf("after reopen: hash %s height %d; before: %s height %d", h, ht, hash, height)
			}
			var next uint64
			var again ledger.Snapshot
			e.View(func(st *ledger.State) { next, again = st.NextNonce(s.addr), st.Snapshot() })
			if next != tc.blocks+1 {
				t.Errorf("NextNonce after reopen = %d, want %d", next, tc.blocks+1)
			}
			if diff := cmp.Diff(snap, again, amountEq); diff != "" {
				t.Errorf("snapshot after reopen (-before +after):\n%s", diff)
			}
			if r := submit(t, e, s.faucet(t, next, 1)); r.Height != tc.blocks+1 {
				t.Errorf("first block after reopen at height %d, want %d", r.Height, tc.blocks+1)
			}
		})
	}
}

// TestGenesisIsRequiredOnceAndFixed: DESIGN, "The founding terms ... are fixed when an
// arena is opened. Nothing edits them later." A new file needs terms; an existing one
// takes none or the same, and refuses others.
func TestGenesisIsRequiredOnceAndFixed(t *testing.T) {
	path := tempPath(t)
	if _, err := Open(Config{Path: path}, nil); !errors.Is(err, ErrNoGenesis) {
		t.Fatalf("Open(new file, no terms) = %v, want ErrNoGenesis", err)
	}
	terms := testTerms(t)
	openEngine(t, Config{Path: path}, terms).Close()
	openEngine(t, Config{Path: path}, nil).Close()
	openEngine(t, Config{Path: path}, terms).Close()
	other := *terms
	other.Name = "Another arena"
	if _, err := Open(Config{Path: path}, &other); !errors.Is(err, store.ErrGenesis) {
		t.Errorf("Open(other terms) = %v, want store.ErrGenesis", err)
	}
	bad := *terms
	bad.Chain = ""
	_, err := Open(Config{Path: tempPath(t)}, &bad)
	if want := "[EXPECTED] Chain id must be 1 to 64 bytes"; err == nil || !errors.Is(err, ledger.NewError(ledger.Expected, "Chain id must be 1 to 64 bytes")) {
		t.Errorf("Open(invalid terms) = %v, want %s", err, want)
	}
}
