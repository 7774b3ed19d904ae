package comet_test

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/arena/arena/chain/comet"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// The soak BenchmarkDiskAfterSoak runs: soakRounds rounds of soakBatch faucet
// transactions from one sender ($ARENA_BENCH_SOAK_ROUNDS and $ARENA_BENCH_SOAK_BATCH,
// at most comet.MaxPendingPerSender, change them), a snapshot every soakEvery blocks,
// evidence valid for soakEvery blocks, and a pruning node keeping soakKeep.
const (
	soakRounds = 400
	soakBatch  = 25
	soakEvery  = 50
	soakKeep   = 100
)

// soakSize returns the soak's rounds and batch.
func soakSize(b *testing.B) (rounds, batch int) {
	rounds, batch = soakRounds, soakBatch
	for _, v := range []struct {
		env string
		n   *int
		max int
	}{{"ARENA_BENCH_SOAK_ROUNDS", &rounds, 1_000_000}, {"ARENA_BENCH_SOAK_BATCH", &batch, comet.MaxPendingPerSender}} {
		s := os.Getenv(v.env)
		if s == "" {
			continue
		}
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > v.max {
			b.Fatalf("$%s = %q: want 1 to %d", v.env, s, v.max)
		}
		*v.n = n
	}
	return rounds, batch
}

// BenchmarkDiskAfterSoak measures the disk a one-validator node uses after a soak of
// soakRounds × soakBatch transactions (one block or two a round), archive and pruning:
// the arena's SQLite file (with its WAL), CometBFT's data directory without the
// snapshots (and of it the block store, the state store and the consensus WAL), the
// snapshots, and all three. Run it once: -benchtime=1x.
func BenchmarkDiskAfterSoak(b *testing.B) {
	for _, v := range []struct {
		name string
		p    comet.Pruning
	}{{"archive", comet.Pruning{}}, {"keep_blocks=100", comet.Pruning{KeepBlocks: soakKeep}}} {
		b.Run(v.name, func(b *testing.B) {
			rounds, batch := soakSize(b)
			for b.Loop() {
				l := newLoneEvery(b, v.p, soakEvery, soakEvery)
				for range rounds {
					l.soakRound(batch)
				}
				last, _ := l.e.App().Committed()
				earliest := l.earliest()
				l.close()
				home := l.net.Nodes[0].Home
				db := dirBytes(b, filepath.Join(home, "data"), "arena.db")
				snaps := dirBytes(b, filepath.Join(home, comet.SnapshotsDir), "")
				comet := dirBytes(b, filepath.Join(home, "data"), "") - db - snaps
				data := filepath.Join(home, "data")
				b.ReportMetric(float64(dirBytes(b, filepath.Join(data, "blockstore.db"), ""))/1e6, "blockstore_MB")
				b.ReportMetric(float64(dirBytes(b, filepath.Join(data, "state.db"), ""))/1e6, "statedb_MB")
				b.ReportMetric(float64(dirBytes(b, filepath.Join(data, "cs.wal"), ""))/1e6, "cs_wal_MB")
				b.ReportMetric(float64(last.Height), "blocks")
				b.ReportMetric(float64(earliest), "comet_first_height")
				b.ReportMetric(float64(db)/1e6, "arena_db_MB")
				b.ReportMetric(float64(comet)/1e6, "comet_data_MB")
				b.ReportMetric(float64(snaps)/1e6, "snapshots_MB")
				b.ReportMetric(float64(db+comet+snaps)/1e6, "total_MB")
			}
		})
	}
}

// soakRound commits n faucet transactions, the sender's next nonces.
func (l *lone) soakRound(n int) {
	l.t.Helper()
	txs := make([]*ledger.Tx, n)
	for i := range txs {
		l.nonce++
		txs[i] = ledgertest.Stamped(l.net.Terms, &ledger.Tx{Nonce: l.nonce, Body: ledger.Faucet{To: l.funded.Address(), Amount: ledger.Ether(1)}})
		if err := l.funded.SignTx(txs[i]); err != nil {
			l.t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	for i, r := range l.e.SubmitAll(ctx, txs) {
		if r.Err != nil || !r.Receipt.Outcome.OK() {
			l.t.Fatalf("soak transaction %d: %+v, %v", i, r.Receipt, r.Err)
		}
	}
}

// dirBytes returns the bytes of the regular files under dir whose names begin with
// prefix ("" for all).
func dirBytes(b *testing.B, dir, prefix string) int64 {
	b.Helper()
	var n int64
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if os.IsNotExist(err) {
				return nil
			}
			return err
		}
		if d.Type().IsRegular() && (prefix == "" || len(d.Name()) >= len(prefix) && d.Name()[:len(prefix)] == prefix) {
			info, err := d.Info()
			if err != nil {
				return err
			}
			n += info.Size()
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return n
}
