package comet_test

import (
	"context"
	"encoding/json"
	"slices"
	"sync"
	"testing"
	"time"

	ctypes "github.com/cometbft/cometbft/rpc/core/types"

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
	// benchBatch is the most transactions one JSON-RPC batch carries: a node's
	// rpc.max_request_batch_size.
	benchBatch = comet.MaxPendingPerSender
	// benchTimeoutCommit is how long a node waits after a commit before the next
	// height: the localnet's 300 ms default is a third of the block time at this
	// load, time in which the mempools fill but nothing commits; a tenth of a second
	// keeps blocks of several hundred transactions.
	benchTimeoutCommit = 100 * time.Millisecond
)

// BenchmarkFourNodeThroughput measures how many transactions a second a 4-node loopback
// network of separate processes commits, over many blocks. Each iteration streams
// benchSenders × benchPerSender signed faucet transactions, each sender to one node (a
// sender's later nonces are refused by a node that has not yet seen its earlier ones),
// each sender keeping at most benchWindow uncommitted, and waits until every one is
// committed. One client per node sends its senders' transactions in JSON-RPC batches
// (broadcast_tx_sync, up to benchBatch a round trip, each sender's in nonce order), as
// a wallet service or gateway submits many at once. The transactions are signed before
// the clock starts: signing is the clients' work, not the network's. It reports tx/s,
// transactions per block and the mean block time over the timed spans, with
// timeout_commit at benchTimeoutCommit. With $ARENA_COMET_TEST_NODE_CPUPROFILE set to
// a directory, every node writes its CPU profile there.
func BenchmarkFourNodeThroughput(b *testing.B) {
	c := startCluster(writeClusterWith(b, comet.TestnetOptions{Nodes: 4, TimeoutCommit: benchTimeoutCommit}))
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
		for node := range 4 {
			var mine []int
			for i := node; i < benchSenders; i += 4 {
				mine = append(mine, i)
			}
			wg.Go(func() { c.feed(b, node, mine, keys, next, raw) })
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

// feed broadcasts the transactions of the senders in mine to node, each sender's in
// nonce order, each keeping at most benchWindow uncommitted. It sends in JSON-RPC batches
// of at most benchBatch transactions, and asks the senders' next nonces in one batch when
// every window is full.
func (c *cluster) feed(b *testing.B, node int, mine []int, keys []*account.Key, first []uint64, raw [][][]byte) {
	ctx := context.Background()
	sent := make([]int, len(keys))   // transactions of each sender broadcast
	committed := slices.Clone(first) // each sender's next committed nonce, as last asked
	for {
		batch, left := c.clients[node].NewBatch(), 0
		var res []*ctypes.ResultBroadcastTx // filled by batch.Send
		for _, i := range mine {
			room := benchWindow - int(first[i]+uint64(sent[i])-committed[i])
			for ; room > 0 && sent[i] < len(raw[i]) && len(res) < benchBatch; room-- {
				r, err := batch.BroadcastTxSync(ctx, raw[i][sent[i]])
				if err != nil {
					b.Errorf("batch: %v", err)
					return
				}
				res = append(res, r)
				sent[i]++
			}
			left += len(raw[i]) - sent[i]
		}
		if len(res) > 0 {
			if _, err := batch.Send(ctx); err != nil {
				b.Errorf("broadcast: %v", err)
				return
			}
			for _, r := range res {
				if r.Code != 0 {
					b.Errorf("broadcast: %+v", r)
					return
				}
			}
			continue
		}
		if left == 0 {
			return
		}
		time.Sleep(50 * time.Millisecond)
		for lo := 0; lo < len(mine); lo += benchBatch {
			c.nonces(node, keys, mine[lo:min(lo+benchBatch, len(mine))], committed)
		}
	}
}

// nonces asks node, in one batch, the next nonce of each sender in senders, writing
// those it answers into next.
func (c *cluster) nonces(node int, keys []*account.Key, senders []int, next []uint64) {
	q := c.clients[node].NewBatch()
	rs := make([]*ctypes.ResultABCIQuery, len(senders)) // filled by q.Send
	for j, i := range senders {
		r, err := q.ABCIQuery(context.Background(), "/nonce/"+keys[i].Address().String(), nil)
		if err != nil {
			return
		}
		rs[j] = r
	}
	if _, err := q.Send(context.Background()); err != nil {
		return
	}
	for j, r := range rs {
		if r.Response.Code == 0 {
			json.Unmarshal(r.Response.Value, &next[senders[j]])
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
