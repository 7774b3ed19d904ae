package comet_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/arena/arena/account"
	"github.com/arena/arena/chain/comet"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// The shape of BenchmarkFourNodeThroughput's load.
const (
	benchSenders   = 64  // senders, each to one node
	benchPerSender = 120 // transactions per sender per iteration
	// benchWindow is how many of a sender's transactions may be uncommitted at once:
	// a node holds comet.MaxPendingPerSender of one sender, and refuses more.
	benchWindow = comet.MaxPendingPerSender - 4
)

// BenchmarkFourNodeThroughput measures how many transactions a second a 4-node loopback
// network of separate processes commits, over many blocks. Each iteration streams
// benchSenders × benchPerSender signed faucet transactions, each sender to one node (a
// sender's later nonces are refused by a node that has not yet seen its earlier ones),
// each sender keeping at most benchWindow uncommitted, and waits until every one is
// committed. The transactions are signed before the clock starts: signing is the
// clients' work, not the network's. It reports tx/s, transactions per block and the
// mean block time over the timed spans. With $ARENA_COMET_TEST_NODE_CPUPROFILE set to
// a directory, every node writes its CPU profile there.
func BenchmarkFourNodeThroughput(b *testing.B) {
	c := newCluster(b, 4)
	keys := make([]*account.Key, benchSenders)
	next := make([]uint64, benchSenders)
	for i := range keys {
		keys[i] = mustKey(b)
		next[i] = 1
	}
	var (
		elapsed time.Duration
		total   int
		blocks  int64
		rounds  int32 // rounds past the first that the timed blocks took
	)
	for b.Loop() {
		b.StopTimer()
		raw := make([][][]byte, benchSenders)
		for i, k := range keys {
			for j := range benchPerSender {
				tx := ledgertest.Stamped(c.net.Terms, &ledger.Tx{Nonce: next[i] + uint64(j),
					Body: ledger.Faucet{To: k.Address(), Amount: ledger.Ether(1)}})
				if err := k.SignTx(tx); err != nil {
					b.Fatal(err)
				}
				r, err := tx.MarshalJSON()
				if err != nil {
					b.Fatal(err)
				}
				raw[i] = append(raw[i], r)
			}
		}
		h0, _, _ := c.info(0)
		b.StartTimer()
		start := time.Now()
		var wg sync.WaitGroup
		for i, k := range keys {
			wg.Go(func() { c.stream(b, i%4, k, next[i], raw[i]) })
		}
		wg.Wait()
		for i := range next {
			next[i] += benchPerSender
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
		elapsed += time.Since(start)
		h1, _, _ := c.info(0)
		total += benchSenders * benchPerSender
		blocks += h1 - h0
		for h := h0 + 1; h <= h1; h++ {
			rounds += c.round(h)
		}
	}
	if b.Failed() {
		return
	}
	b.ReportMetric(float64(total)/elapsed.Seconds(), "tx/s")
	if blocks > 0 {
		b.ReportMetric(float64(total)/float64(blocks), "tx/block")
		b.ReportMetric(elapsed.Seconds()*1000/float64(blocks), "ms/block")
		b.ReportMetric(float64(rounds)/float64(blocks), "extra-rounds/block")
	}
	b.Logf("%d txs in %s over %d blocks", total, elapsed.Round(time.Millisecond), blocks)
	for i := range c.procs { // a stopped node writes its profile
		c.stop(i)
	}
}

// stream broadcasts one sender's transactions, whose first nonce is first, to node
// in order, waiting while benchWindow of them are uncommitted.
func (c *cluster) stream(b *testing.B, node int, k *account.Key, first uint64, raw [][]byte) {
	committed := first
	for j, tx := range raw {
		for first+uint64(j)-committed >= benchWindow {
			time.Sleep(50 * time.Millisecond)
			c.query(node, "/nonce/"+k.Address().String(), &committed)
		}
		r, err := c.clients[node].BroadcastTxSync(context.Background(), tx)
		if err != nil || r.Code != 0 {
			b.Errorf("broadcast: %v %+v", err, r)
			return
		}
	}
}

// round returns the round at which block h was decided, from node 0's commit of it.
func (c *cluster) round(h int64) int32 {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	r, err := c.clients[0].Commit(ctx, &h)
	if err != nil {
		c.t.Fatalf("commit of block %d: %v", h, err)
	}
	return r.Commit.Round
}
