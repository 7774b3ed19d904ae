package comet_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"path/filepath"
	"slices"
	"testing"
	"time"

	abci "github.com/cometbft/cometbft/abci/types"
	cmttypes "github.com/cometbft/cometbft/types"

	"github.com/arena/arena/chain/comet"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// bondedFounders are n ceremony founders, each asking 100 GEN for its grading address,
// under terms with a 10 GEN validator bond.
func bondedFounders(t *testing.T, n int) ([]founder, ledger.Terms) {
	t.Helper()
	fs := newFounders(t, n)
	for i := range fs {
		amt := ledger.Ether(100)
		fs[i].join.Allocation = &amt
		fs[i].sign(t)
	}
	terms := ceremonyTerms()
	terms.ValidatorBond, terms.UnbondingBlocks = ledger.Ether(10), 5
	return fs, terms
}

// "CometBFT's misbehaviour evidence slashes a bond": an app handed duplicate-vote
// evidence against a founder in FinalizeBlock slashes its bond, returns its key at power
// 0 in ValidatorUpdates, and an app opened again on the same file replays the block to
// the same state, the evidence read back from the block's record.
func TestFinalizeBlockSlashesAValidatorForItsDuplicateVote(t *testing.T) {
	fs, terms := bondedFounders(t, 4)
	doc, err := cmttypes.GenesisDocFromJSON(assemble(t, terms, joinsOf(fs)))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "arena.db")
	db, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	app, err := comet.NewApp(db, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := app.InitChain(ctx, &abci.RequestInitChain{ChainId: doc.ChainID, AppStateBytes: doc.AppState}); err != nil {
		t.Fatal(err)
	}
	var founded ledger.Terms
	app.View(func(s *ledger.State) { founded = s.Terms() })
	bad := founded.Joins[1]
	sum := sha256.Sum256(bad.ConsensusPubKey)
	ev := abci.Misbehavior{Type: abci.MisbehaviorType_DUPLICATE_VOTE, Validator: abci.Validator{Address: sum[:20], Power: comet.JoinPower}, Height: 1, TotalVotingPower: 4 * comet.JoinPower}
	for h := int64(1); h <= 2; h++ {
		req := &abci.RequestFinalizeBlock{Height: h, Time: time.Unix(1_800_000_000+h, 0)}
		if h == 2 {
			req.Misbehavior = []abci.Misbehavior{ev}
		}
		res, err := app.FinalizeBlock(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		if h == 2 {
			if len(res.ValidatorUpdates) != 1 || res.ValidatorUpdates[0].Power != 0 || !bytes.Equal(res.ValidatorUpdates[0].PubKey.GetEd25519(), bad.ConsensusPubKey) {
				t.Fatalf("validator updates %+v, want the slashed key at power 0", res.ValidatorUpdates)
			}
		} else if len(res.ValidatorUpdates) != 0 {
			t.Fatalf("block %d returned updates %+v", h, res.ValidatorUpdates)
		}
		if _, err := app.Commit(ctx, &abci.RequestCommit{}); err != nil {
			t.Fatal(err)
		}
	}
	var hash [32]byte
	app.View(func(s *ledger.State) {
		hash = s.Hash()
		if slices.Contains(s.InForce().Validators, bad.GradingAddress) {
			t.Fatal("the slashed validator is still in the set")
		}
		if got := s.Claimable(bad.GradingAddress); !got.IsZero() {
			t.Fatalf("claimable %s before unbonding", got)
		}
		if got := s.Arena().Balances.ValidatorSlashed; !got.Eq(ledger.MustAmount("500000000000000000")) {
			t.Fatalf("slash pool %s, want 5%% of 10 GEN (the terms name no treasury)", got)
		}
	})
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db, err = store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	again, err := comet.NewApp(db, 0, nil)
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	again.View(func(s *ledger.State) {
		if s.Hash() != hash {
			t.Fatalf("the reopened app's state hash %x, want %x", s.Hash(), hash)
		}
	})
}
