package comet_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/arena/arena/account"
	"github.com/arena/arena/ledger"
)

// BenchmarkFourNodeThroughput measures, on a 4-node loopback network of separate
// processes, how many transactions a second are committed: each iteration broadcasts
// 400 signed faucet transactions from 8 senders, each sender to one node (a sender's later nonces are refused by a node that has not yet seen its earlier ones), and waits
// until every one is committed. It reports tx/s and the mean block time.
func BenchmarkFourNodeThroughput(b *testing.B) {
	c := newCluster(b, 4)
	const senders, perSender = 8, 50
	keys := make([]*account.Key, senders)
	next := make([]uint64, senders)
	for i := range keys {
		keys[i] = mustKey(b)
		next[i] = 1
	}
	h0, _, _ := c.info(0)
	start := time.Now()
	total := 0
	for b.Loop() {
		var wg sync.WaitGroup
		for i, k := range keys {
			wg.Go(func() {
				for j := range perSender {
					tx := &ledger.Tx{Chain: c.net.Terms.Chain, Nonce: next[i] + uint64(j),
						Body: ledger.Faucet{To: k.Address(), Amount: ledger.Ether(1)}}
					if err := k.SignTx(tx); err != nil {
						b.Error(err)
						return
					}
					raw, _ := tx.MarshalJSON()
					r, err := c.clients[i%4].BroadcastTxSync(context.Background(), raw)
					if err != nil || r.Code != 0 {
						b.Errorf("broadcast: %v %+v", err, r)
						return
					}
				}
			})
		}
		wg.Wait()
		for i := range next {
			next[i] += perSender
		}
		c.waitFor("every transaction committed", func() bool {
			for i, k := range keys {
				var n uint64
				if !c.query(0, "/nonce/"+k.Address().String(), &n) || n != next[i] {
					return false
				}
			}
			return true
		})
		total += senders * perSender
	}
	elapsed := time.Since(start)
	h1, _, _ := c.info(0)
	b.ReportMetric(float64(total)/elapsed.Seconds(), "tx/s")
	if h1 > h0 {
		b.ReportMetric(elapsed.Seconds()*1000/float64(h1-h0), "ms/block")
	}
	b.Logf("%d txs in %s over %d blocks", total, elapsed.Round(time.Millisecond), h1-h0)
}
