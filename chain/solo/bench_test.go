package solo

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// BenchmarkIngest measures durable throughput through Submit: concurrent submitters each
// send pre-signed transactions one at a time and wait for the acknowledgement, which
// comes only after the block's commit is durable. One iteration is 2,048 transactions;
// signing happens with the timer stopped. Goal: >= 2,000 tx/s.
func BenchmarkIngest(b *testing.B) {
	for _, fees := range []bool{false, true} {
		for _, n := range []int{8, 32} {
			b.Run(fmt.Sprintf("fees=%s/submitters=%d", onOff(fees), n), func(b *testing.B) { benchIngest(b, n, fees) })
		}
	}
}

func onOff(on bool) string {
	if on {
		return "on"
	}
	return "off"
}

// benchIngest measures submitters concurrent senders' faucet transactions through the
// engine; with fees, under a public arena's default fee schedule, each sender funded at
// genesis to pay it.
func benchIngest(b *testing.B, submitters int, fees bool) {
	const perIter = 2048
	signers := make([]*signer, submitters)
	nonces := make([]uint64, submitters)
	for i := range signers {
		signers[i] = newSigner(b)
	}
	terms := testTerms(b)
	if fees {
		terms.FeePerTx, terms.FeePerByte = ledger.NewAmount(1e15), ledger.NewAmount(1e12)
		for _, s := range signers {
			terms.Genesis = append(terms.Genesis, ledger.Allocation{Address: s.addr, Amount: ledger.Ether(1_000_000)})
		}
	}
	e := openEngine(b, Config{Path: tempPath(b)}, terms)
	var lat []time.Duration
	total := 0
	for b.Loop() {
		b.StopTimer()
		txs := make([][]*ledger.Tx, submitters)
		for i, s := range signers {
			for range perIter / submitters {
				nonces[i]++
				tx := ledgertest.Stamped(*terms, &ledger.Tx{Nonce: nonces[i], Body: ledger.Faucet{To: s.addr, Amount: ledger.NewAmount(1)}})
				txs[i] = append(txs[i], s.sign(b, tx))
			}
		}
		b.StartTimer()
		lat = append(lat, ingest(b, e, txs)...)
		total += perIter
	}
	slices.Sort(lat)
	_, height := hashOf(e)
	b.ReportMetric(float64(total)/b.Elapsed().Seconds(), "tx/s")
	b.ReportMetric(ms(lat[len(lat)/2]), "p50-ms")
	b.ReportMetric(ms(lat[len(lat)*99/100]), "p99-ms")
	b.ReportMetric(float64(total)/float64(height), "tx/block")
}

// ingest submits each list from its own goroutine and returns every latency.
func ingest(b *testing.B, e *Engine, txs [][]*ledger.Tx) []time.Duration {
	lat := make([][]time.Duration, len(txs))
	var wg sync.WaitGroup
	for i, list := range txs {
		wg.Go(func() {
			for _, tx := range list {
				start := time.Now()
				if _, err := e.Submit(context.Background(), tx); err != nil {
					b.Error(err)
					return
				}
				lat[i] = append(lat[i], time.Since(start))
			}
		})
	}
	wg.Wait()
	return slices.Concat(lat...)
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// BenchmarkRestart measures reopening a file with 100,000 transactions in its log
// (blocks of 256, a checkpoint every 100 blocks, so a reopen decodes the checkpoint at
// block 300 and replays the 91 blocks after it), and Verify's full replay of the same
// log from genesis with every signature checked.
func BenchmarkRestart(b *testing.B) {
	path := tempPath(b)
	buildLog(b, path, 100_000, 256)
	b.Run("reopen", func(b *testing.B) {
		for b.Loop() {
			e, err := Open(Config{Path: path}, nil)
			if err != nil {
				b.Fatal(err)
			}
			e.Close()
		}
		b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/reopen")
	})
	b.Run("verify", func(b *testing.B) {
		for b.Loop() {
			if _, err := Verify(path); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/verify")
	})
}

// buildLog writes n signed faucet transactions from 1,000 senders in blocks of batch.
// It feeds the sequencer's queue directly, skipping Submit's signature check, to keep
// the setup short; the sequencer, the ledger and the store run as in production.
func buildLog(b *testing.B, path string, n, batch int) {
	b.Helper()
	const senders = 1000
	signers := make([]*signer, senders)
	for i := range signers {
		signers[i] = newSigner(b)
	}
	txs := make([]*ledger.Tx, n)
	var wg sync.WaitGroup
	for w := range 2 {
		wg.Go(func() {
			for i := w; i < n; i += 2 {
				txs[i] = signers[i%senders].faucet(b, uint64(i/senders+1), 1)
			}
		})
	}
	wg.Wait()
	e := openEngine(b, Config{Path: path, MaxBatch: batch, MaxWait: 50 * time.Millisecond}, testTerms(b))
	reqs := make([]*request, n)
	for i, tx := range txs {
		id, _ := tx.SigningHash()
		reqs[i] = &request{tx: tx, id: id, reply: make(chan result, 1)}
	}
	go func() {
		for _, r := range reqs {
			e.queue <- r
		}
	}()
	for i := range reqs {
		if res := <-reqs[i].reply; res.err != nil || !res.r.Outcome.OK() {
			b.Fatalf("tx %d: %v %s", i, res.err, res.r.Outcome.Err)
		}
	}
	if err := e.Close(); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkAdmission measures the ledger's admission check as the sequencer runs it on
// every transaction, with the fee schedule off and on: chain, nonce, the fee of the
// transaction's size (its signing bytes, encoded once per transaction) and the value
// against the wallet. Each op checks a transaction whose size was never asked.
func BenchmarkAdmission(b *testing.B) {
	for _, fees := range []bool{false, true} {
		b.Run("fees="+onOff(fees), func(b *testing.B) {
			s := newSigner(b)
			terms := testTerms(b)
			terms.Genesis = []ledger.Allocation{{Address: s.addr, Amount: ledger.Ether(1)}}
			if fees {
				terms.FeePerTx, terms.FeePerByte = ledger.NewAmount(1e15), ledger.NewAmount(1e12)
			}
			st, err := ledger.New(*terms)
			if err != nil {
				b.Fatal(err)
			}
			tmpl := *s.faucet(b, 1, 1) // a copy: its size is not cached
			for b.Loop() {
				tx := tmpl
				if err := st.Check(&tx); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "tx/s")
		})
	}
}
