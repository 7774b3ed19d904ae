package store

import (
	"slices"
	"testing"
	"time"

	"github.com/arena/arena/ledger"
)

// BenchmarkPrune measures Prune of a log of 1,000 blocks of 100 faucet transactions
// (unsigned: the store does not check signatures) to its 1,000th block: the whole
// prune, and the median and longest of its transactions, which a block commit may wait
// behind (moving the base, or deleting one chunk).
func BenchmarkPrune(b *testing.B) {
	const blocks, perBlock = 1000, 100
	for b.Loop() {
		b.StopTimer()
		db, _ := openTemp(b)
		var last CommittedBlock
		for h := uint64(1); h <= blocks; h++ {
			blk := CommittedBlock{Height: h, Time: 1_700_000_000 + int64(h), Hash: [32]byte{byte(h), byte(h >> 8), 0xab}}
			for i := range perBlock {
				var from ledger.Address
				from[0], from[1], from[19] = byte(i), byte(h), byte(h>>8)
				tx := &ledger.Tx{Chain: "test", SigChainID: ledger.KeystoreChainID, From: from, Nonce: h,
					ValidUntil: 1_700_003_600, Body: ledger.Faucet{To: from, Amount: ledger.NewAmount(1)}, Sig: make([]byte, 65)}
				id, err := tx.SigningHash()
				if err != nil {
					b.Fatal(err)
				}
				amt := ledger.NewAmount(1)
				blk.Txs = append(blk.Txs, TxRecord{Index: i, ID: id, Tx: tx, Outcome: ledger.Outcome{Events: []ledger.Event{
					{Type: "faucet", Height: h, Address: &from, Amount: &amt}}}})
			}
			commit(b, db, blk)
			last = blk
		}
		var steps []time.Duration
		prev := time.Now()
		pruneStep = func() {
			now := time.Now()
			steps = append(steps, now.Sub(prev))
			prev = now
		}
		b.StartTimer()
		if err := db.Prune(Base{Height: last.Height, Time: last.Time, Hash: last.Hash}, []byte("s")); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		pruneStep = nil
		slices.Sort(steps)
		b.ReportMetric(float64(len(steps)), "txs")
		b.ReportMetric(float64(steps[len(steps)/2].Microseconds())/1000, "median_tx_ms")
		b.ReportMetric(float64(steps[len(steps)-1].Microseconds())/1000, "longest_tx_ms")
		db.Close()
		b.StartTimer()
	}
}
