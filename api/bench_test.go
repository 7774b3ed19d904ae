package api_test

import (
	"net/http"
	"testing"

	"github.com/arena/arena/ledger"
)

// BenchmarkPostTx measures one signed faucet transaction through POST /v1/tx, from the
// request to the durable receipt, one client at a time.
func BenchmarkPostTx(b *testing.B) {
	f := newFixture(b)
	nonce := uint64(0)
	for b.Loop() {
		nonce++
		b.StopTimer()
		body := f.encode(f.tx(nonce, ledger.Amount{}, faucet(f.sender.Address())))
		b.StartTimer()
		if st, out := f.post(body); st != http.StatusOK {
			b.Fatalf("tx %d: %d %s", nonce, st, out)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "tx/s")
}
