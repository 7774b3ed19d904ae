package comet_test

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	abci "github.com/cometbft/cometbft/abci/types"

	"github.com/arena/arena/account"
	"github.com/arena/arena/chain/comet"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/store"
)

// benchTxsEnv sets how many transactions BenchmarkStateSyncJoin's chain holds.
const benchTxsEnv = "ARENA_BENCH_STATESYNC_TXS"

// BenchmarkStateSyncJoin builds one chain of $ARENA_BENCH_STATESYNC_TXS transactions
// (10,000 by default), each a faucet payment to a new account from one of 64 senders, in
// blocks of 1,000, then measures the two ways a new node reaches its state: "statesync"
// makes the snapshot at the last block and restores it into a fresh app over a new
// file (OfferSnapshot and every ApplySnapshotChunk); "replay" runs every block through
// FinalizeBlock and Commit of a fresh app, as block sync from genesis does. Neither
// counts the network. It reports the snapshot's size and chunks.
func BenchmarkStateSyncJoin(b *testing.B) {
	n := 10_000
	if v := os.Getenv(benchTxsEnv); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n < 1 {
			b.Fatalf("$%s: %q is not a positive count", benchTxsEnv, v)
		}
	}
	const perBlock, senders = 1000, 64
	keys := make([]*account.Key, senders)
	terms := ledger.Terms{
		Chain: "arena-bench", Name: "bench", Symbol: "GEN",
		EntryBond: ledger.Ether(5), AppealBond: ledger.Ether(20), AppealWindowS: 60, GradingWindowS: 86400,
		Attempts: 3, RoundTimeoutS: 30, DevMode: true, Validators: []ledger.Address{mustKey(b).Address()},
	}
	for i := range keys {
		keys[i] = mustKey(b)
		terms.Genesis = append(terms.Genesis, ledger.Allocation{Address: keys[i].Address(), Amount: ledger.Ether(1)})
	}
	blocks := make([][][]byte, 0, (n+perBlock-1)/perBlock)
	for lo := 0; lo < n; lo += perBlock {
		blk := make([][]byte, min(perBlock, n-lo))
		var wg sync.WaitGroup
		for w := range senders {
			wg.Go(func() {
				for i := w; i < len(blk); i += senders {
					var to ledger.Address
					binary.BigEndian.PutUint64(to[12:], uint64(lo+i+1))
					k := keys[(lo+i)%senders]
					tx := ledgertest.Stamped(terms, &ledger.Tx{Nonce: uint64((lo+i)/senders + 1), Body: ledger.Faucet{To: to, Amount: ledger.Ether(1)}})
					if err := k.SignTx(tx); err != nil {
						b.Error(err)
						return
					}
					blk[i], _ = tx.MarshalJSON()
				}
			})
		}
		wg.Wait()
		blocks = append(blocks, blk)
	}
	dir := b.TempDir()
	src := benchApp(b, filepath.Join(dir, "src.db"), terms)
	if err := src.SetSnapshots(comet.SnapshotConfig{Dir: filepath.Join(dir, "snaps"), Every: uint64(len(blocks))}); err != nil {
		b.Fatal(err)
	}
	start := time.Now()
	runBlocks(b, src, blocks)
	built := time.Since(start)
	src.WaitSnapshots()
	ls, _ := src.ListSnapshots(context.Background(), &abci.RequestListSnapshots{})
	if len(ls.Snapshots) != 1 {
		b.Fatalf("%d snapshots, want 1", len(ls.Snapshots))
	}
	snap := ls.Snapshots[0]
	_, appHash := src.Committed()
	var chunks [][]byte
	size := 0
	for i := range snap.Chunks {
		r, _ := src.LoadSnapshotChunk(context.Background(), &abci.RequestLoadSnapshotChunk{Height: snap.Height, Format: snap.Format, Chunk: i})
		chunks = append(chunks, r.Chunk)
		size += len(r.Chunk)
	}
	b.Logf("%d transactions in %d blocks built in %s; snapshot at height %d: %d bytes in %d chunks",
		n, len(blocks), built.Round(time.Millisecond), snap.Height, size, snap.Chunks)

	b.Run("statesync", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			app := benchApp(b, filepath.Join(b.TempDir(), "join.db"), ledger.Terms{})
			r, err := app.OfferSnapshot(context.Background(), &abci.RequestOfferSnapshot{Snapshot: snap, AppHash: appHash[:]})
			if err != nil || r.Result != abci.ResponseOfferSnapshot_ACCEPT {
				b.Fatalf("offer: %v %v", r, err)
			}
			for j, c := range chunks {
				r, err := app.ApplySnapshotChunk(context.Background(), &abci.RequestApplySnapshotChunk{Index: uint32(j), Chunk: c})
				if err != nil || r.Result != abci.ResponseApplySnapshotChunk_ACCEPT {
					b.Fatalf("chunk %d: %v %v", j, r, err)
				}
			}
		}
		b.ReportMetric(float64(size), "snapshot-bytes")
		b.ReportMetric(float64(snap.Chunks), "chunks")
	})
	b.Run("replay", func(b *testing.B) {
		for b.Loop() {
			app := benchApp(b, filepath.Join(b.TempDir(), "replay.db"), terms)
			runBlocks(b, app, blocks)
			if _, h := app.Committed(); h != appHash {
				b.Fatalf("replay ends at app hash %x, the source at %x", h, appHash)
			}
		}
	})
}

// benchApp opens an app over a new file at path; with terms set, it runs InitChain.
func benchApp(b *testing.B, path string, terms ledger.Terms) *comet.App {
	b.Helper()
	db, err := store.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	app, err := comet.NewApp(db, 0, nil)
	if err != nil {
		b.Fatal(err)
	}
	if terms.Chain != "" {
		state, _ := json.Marshal(terms)
		if _, err := app.InitChain(context.Background(), &abci.RequestInitChain{ChainId: terms.Chain, AppStateBytes: state}); err != nil {
			b.Fatal(err)
		}
	}
	return app
}

// runBlocks finalizes and commits every block on app, failing on any refused transaction.
func runBlocks(b *testing.B, app *comet.App, blocks [][][]byte) {
	b.Helper()
	for i, txs := range blocks {
		h := int64(i + 1)
		r, err := app.FinalizeBlock(context.Background(), &abci.RequestFinalizeBlock{Height: h, Time: time.Unix(1_800_000_000+h, 0), Txs: txs})
		if err != nil {
			b.Fatal(err)
		}
		for j, res := range r.TxResults {
			if res.Code != 0 {
				b.Fatalf("block %d tx %d: code %d: %s", h, j, res.Code, res.Log)
			}
		}
		if _, err := app.Commit(context.Background(), &abci.RequestCommit{}); err != nil {
			b.Fatal(err)
		}
	}
}
