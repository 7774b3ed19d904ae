//go:build unix

package store

import (
	"syscall"
	"testing"
	"time"

	"github.com/arena/arena/ledger"
)

// BenchmarkCommitBlock measures CommitBlock for blocks of 25 faucet transactions from
// 64 senders in turn, as durable ingest at 64 clients commits them: wall time a
// transaction and the process's CPU time a transaction. In "commit" the blocks are
// encoded before the clock starts, as the solo engine's sequencer encodes them while
// the block before commits: what is left is the committer's cost on the engine's
// serial path.
func BenchmarkCommitBlock(b *testing.B) {
	b.Run("encode+commit", func(b *testing.B) { benchCommit(b, 25, false) })
	b.Run("commit", func(b *testing.B) { benchCommit(b, 25, true) })
	b.Run("commit-4", func(b *testing.B) { benchCommit(b, 4, true) })
	b.Run("commit-1", func(b *testing.B) { benchCommit(b, 1, true) })
}

func benchCommit(b *testing.B, perBlock int, encoded bool) {
	const senders = 64
	db, _ := openTemp(b)
	keys := make([]ledger.Address, senders)
	for i := range keys {
		keys[i][0], keys[i][19] = byte(i), 0xee
	}
	blocks := make([]CommittedBlock, b.N)
	for h := range blocks {
		blk := CommittedBlock{Height: uint64(h + 1), Time: 1_700_000_000 + int64(h), Hash: [32]byte{byte(h), byte(h >> 8), 0xab}}
		for i := range perBlock {
			n := h*perBlock + i
			from := keys[n%senders]
			tx := &ledger.Tx{Chain: "test", SigChainID: ledger.KeystoreChainID, From: from, Nonce: uint64(n / senders),
				ValidUntil: 1_700_003_600, Body: ledger.Faucet{To: from, Amount: ledger.NewAmount(1)}, Sig: make([]byte, 65)}
			id, err := tx.SigningHash()
			if err != nil {
				b.Fatal(err)
			}
			amt := ledger.NewAmount(1)
			blk.Txs = append(blk.Txs, TxRecord{Index: i, ID: id, Tx: tx, Outcome: ledger.Outcome{Events: []ledger.Event{
				{Type: "faucet", Height: blk.Height, Address: &from, Amount: &amt}}}})
		}
		blocks[h] = blk
	}
	var encs []*EncodedBlock
	if encoded {
		for i := range blocks {
			e, err := Encode(&blocks[i])
			if err != nil {
				b.Fatal(err)
			}
			encs = append(encs, e)
		}
	}
	cpu0 := cpuTime()
	start := time.Now()
	b.ResetTimer()
	for i := range b.N {
		var err error
		if encoded {
			err = db.Commit(encs[i])
		} else {
			err = db.CommitBlock(blocks[i])
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	txs := float64(b.N * perBlock)
	b.ReportMetric(float64(time.Since(start).Microseconds())/txs, "µs/tx")
	b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/txs, "cpu-µs/tx")
}

// cpuTime is the process's CPU time, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
