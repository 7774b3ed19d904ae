package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/account"
	"github.com/arena/arena/api"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// TestAKeyHoldingNothingIsAnsweredLikeEveryRefusal: issue 16, "a key holding nothing
// writes nothing". In an arena with a fee, a fresh key's transaction is refused at
// admission with 422 and the same JSON error body as every other admission refusal,
// with the fee's exact message; the height and the key's nonce do not move.
func TestAKeyHoldingNothingIsAnsweredLikeEveryRefusal(t *testing.T) {
	f := newFixtureWith(t, func(t *ledger.Terms) { t.FeePerTx, t.FeePerByte = ledger.NewAmount(1000), ledger.NewAmount(2) })
	stranger, err := account.Generate()
	if err != nil {
		t.Fatal(err)
	}
	tx := ledgertest.Stamped(f.terms, &ledger.Tx{From: stranger.Address(), Nonce: 1, Body: ledger.Withdraw{}})
	if err := stranger.SignTx(tx); err != nil {
		t.Fatal(err)
	}
	h0, _ := f.heightAndNonce()
	st, b := f.post(f.encode(tx))
	var got api.ErrorBody
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatalf("answer %s is not an error body: %v", b, err)
	}
	want := api.ErrorBody{Error: api.ErrorDetail{Class: "EXPECTED", Message: "Wallet balance cannot pay the transaction's fee"}}
	if st != http.StatusUnprocessableEntity || !cmp.Equal(want, got) {
		t.Errorf("POST /v1/tx from a key holding nothing = %d %s, want 422 %+v", st, b, want)
	}
	var next uint64
	f.eng.View(func(s *ledger.State) { next = s.NextNonce(stranger.Address()) })
	if h, _ := f.heightAndNonce(); h != h0 || next != 1 {
		t.Errorf("after the refusal height %d and the key's nonce %d, want %d and 1", h, next, h0)
	}
}

// TestOneClientsFloodLeavesTheNodeAnsweringOthers: issue 16, "a flood from one client
// leaves the node answering others". One client (127.0.0.1) sends up to 2,000
// transactions as fast as 16 connections carry them; past its burst it is answered 429
// with Retry-After and the error body, class TRANSIENT, while another client
// (127.0.0.2), sending during the flood, has every transaction acknowledged. Loopback
// only, at most 10 s.
func TestOneClientsFloodLeavesTheNodeAnsweringOthers(t *testing.T) {
	f := newFixture(t, func(c *api.Config) { c.TxLimit = api.Limit{Rate: 20, Burst: 10} })
	flooder, other := clientFrom(t, "127.0.0.1"), clientFrom(t, "127.0.0.2")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	fl := &flood{body: f.encode(f.tx(1, ledger.Amount{}, faucet(f.sender.Address()))), started: make(chan struct{})}
	done := make(chan struct{})
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() { fl.run(ctx, flooder, f.srv.URL, done) })
	}
	<-fl.started
	otherKey, err := account.Generate()
	if err != nil {
		t.Fatal(err)
	}
	acked := 0
	for n := uint64(1); n <= 5; n++ {
		tx := ledgertest.Stamped(f.terms, &ledger.Tx{From: otherKey.Address(), Nonce: n, Body: faucet(otherKey.Address())})
		if err := otherKey.SignTx(tx); err != nil {
			t.Fatal(err)
		}
		if st, _, b, err := postFrom(ctx, other, f.srv.URL, f.encode(tx)); err != nil || st != http.StatusOK {
			t.Errorf("the other client's transaction %d during the flood: %d %s %v", n, st, b, err)
			continue
		}
		acked++
	}
	during := fl.sent.Load() < floodRequests
	close(done)
	wg.Wait()
	if v := fl.bad.Load(); v != nil {
		t.Errorf("a 429 answer was not the pinned error body with Retry-After 1: %s", v)
	}
	t.Logf("flood: %d answered, %d limited; the other client: %d of 5 acknowledged", fl.answered.Load(), fl.limited.Load(), acked)
	if !during {
		t.Errorf("the flood's %d requests were all sent before the other client finished", floodRequests)
	}
	if fl.limited.Load() < fl.answered.Load()/2 || acked != 5 {
		t.Errorf("flood: %d of %d answers were 429; the other client: %d of 5 acknowledged", fl.limited.Load(), fl.answered.Load(), acked)
	}
}

// floodRequests bounds the flood.
const floodRequests = 2000

// flood is one client sending the same transaction over and over.
type flood struct {
	body                    []byte
	sent, answered, limited atomic.Int64
	bad                     atomic.Value // an answer that was not the pinned 429
	started                 chan struct{}
	once                    sync.Once
}

// run sends until floodRequests are sent, done is closed or ctx ends. started is
// closed once the flood has been limited 50 times.
func (fl *flood) run(ctx context.Context, c *http.Client, base string, done <-chan struct{}) {
	want := api.ErrorDetail{Class: "TRANSIENT", Message: "Too many transactions from this client; try again after Retry-After seconds"}
	for fl.sent.Add(1) <= floodRequests && ctx.Err() == nil {
		select {
		case <-done:
			return
		default:
		}
		st, h, b, err := postFrom(ctx, c, base, fl.body)
		if err != nil {
			return
		}
		fl.answered.Add(1)
		if st != http.StatusTooManyRequests {
			continue
		}
		if fl.limited.Add(1) == 50 {
			fl.once.Do(func() { close(fl.started) })
		}
		var e api.ErrorBody
		if json.Unmarshal(b, &e) != nil || e.Error != want || h.Get("Retry-After") != "1" {
			fl.bad.Store(string(b) + " Retry-After: " + h.Get("Retry-After"))
		}
	}
	fl.once.Do(func() { close(fl.started) })
}

// clientFrom returns an HTTP client whose connections come from the loopback address ip.
func clientFrom(t *testing.T, ip string) *http.Client {
	t.Helper()
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	tr := &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 16}
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr}
}

// postFrom posts body to base's POST /v1/tx with c.
func postFrom(ctx context.Context, c *http.Client, base string, body []byte) (int, http.Header, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, "POST", base+"/v1/tx", bytes.NewReader(body))
	if err != nil {
		return 0, nil, nil, err
	}
	resp, err := c.Do(req)
	if err != nil {
		return 0, nil, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, b, err
}
