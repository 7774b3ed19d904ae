package api_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"iter"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/arena/arena/api"
	"github.com/arena/arena/chain"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// TestMetricsCountTransactions: /metrics counts transactions by kind and result and
// reports the block height.
func TestMetricsCountTransactions(t *testing.T) {
	f := newFixture(t)
	f.post(f.encode(f.tx(1, ledger.Amount{}, faucet(f.sender.Address()))))
	f.post(f.encode(f.tx(2, ledger.Amount{}, ledger.Withdraw{})))
	f.post([]byte(`{`))
	resp, err := http.Get(f.srv.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	for _, want := range []string{
		`arena_tx_total{kind="faucet",result="accepted"} 1`,
		`arena_tx_total{kind="withdraw",result="refused"} 1`,
		`arena_tx_total{kind="invalid",result="rejected"} 1`,
		"arena_block_height 2",
		`arena_http_request_duration_seconds_count{route="/v1/tx"} 3`,
	} {
		if !strings.Contains(string(b), want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
}

// brokenChain fails every submission with an unclassed error.
type brokenChain struct{}

func (brokenChain) Submit(context.Context, *ledger.Tx) (api.Receipt, error) {
	return api.Receipt{}, errors.New("disk on fire at sector 7")
}
func (c brokenChain) SubmitAll(ctx context.Context, txs []*ledger.Tx) []chain.Result {
	out := make([]chain.Result, len(txs))
	for i, tx := range txs {
		out[i].Receipt, out[i].Err = c.Submit(ctx, tx)
	}
	return out
}
func (brokenChain) View(fn func(*ledger.State))              { fn(&ledger.State{}) }
func (brokenChain) Subscribe(int) (<-chan api.Block, func()) { return nil, func() {} }
func (brokenChain) Tx([32]byte) (api.TxAt, bool, error)      { return api.TxAt{}, false, nil }
func (brokenChain) Deliveries() ([]store.Delivery, error)    { return nil, nil }
func (brokenChain) Head() (uint64, error)                    { return 0, nil }
func (brokenChain) Blocks(uint64, uint64) iter.Seq2[api.Block, error] {
	return func(func(api.Block, error) bool) {}
}

// TestUnclassedErrorsAreInternal: STYLE.md, "anything unclassed becomes 500 with
// 'internal error', and the detail goes only to the operator's log".
func TestUnclassedErrorsAreInternal(t *testing.T) {
	var logs bytes.Buffer
	srv := httptest.NewServer(api.New(api.Config{Chain: brokenChain{}, Logger: slog.New(slog.NewTextHandler(&logs, nil))}))
	defer srv.Close()
	f := newFixture(t)
	resp, err := http.Post(srv.URL+"/v1/tx", "application/json", bytes.NewReader(f.encode(f.tx(1, ledger.Amount{}, ledger.Withdraw{}))))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if want := `{"error":{"class":"INTERNAL","message":"internal error"}}`; resp.StatusCode != 500 || strings.TrimSpace(string(b)) != want {
		t.Errorf("answer %d %s, want 500 %s", resp.StatusCode, b, want)
	}
	if !strings.Contains(logs.String(), "disk on fire at sector 7") {
		t.Errorf("the log lacks the detail:\n%s", logs.String())
	}
	logs.Reset()
	resp, err = http.Post(srv.URL+"/v1/txs", "application/json", bytes.NewReader([]byte("["+string(f.encode(f.tx(1, ledger.Amount{}, ledger.Withdraw{})))+"]")))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ = io.ReadAll(resp.Body)
	if want := `{"results":[{"status":500,"error":{"class":"INTERNAL","message":"internal error"}}]}`; resp.StatusCode != 200 || strings.TrimSpace(string(b)) != want {
		t.Errorf("batch answer %d %s, want 200 %s", resp.StatusCode, b, want)
	}
	if !strings.Contains(logs.String(), "disk on fire at sector 7") {
		t.Errorf("the log lacks the batch's detail:\n%s", logs.String())
	}
}
