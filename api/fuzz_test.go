package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"iter"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/arena/arena/api"
	"github.com/arena/arena/api/wire"
	"github.com/arena/arena/chain"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// acceptingChain applies nothing and acknowledges everything it is handed.
type acceptingChain struct{ submitted int }

func (c *acceptingChain) Submit(context.Context, *ledger.Tx) (api.Receipt, error) {
	c.submitted++
	return api.Receipt{TxID: "0x01", Height: 1}, nil
}
func (c *acceptingChain) SubmitAll(ctx context.Context, txs []*ledger.Tx) []chain.Result {
	out := make([]chain.Result, len(txs))
	for i, tx := range txs {
		out[i].Receipt, out[i].Err = c.Submit(ctx, tx)
	}
	return out
}
func (c *acceptingChain) View(fn func(*ledger.State))              { fn(&ledger.State{}) }
func (c *acceptingChain) Subscribe(int) (<-chan api.Block, func()) { return nil, func() {} }
func (c *acceptingChain) Tx([32]byte) (api.TxAt, bool, error)      { return api.TxAt{}, false, nil }
func (c *acceptingChain) Deliveries() ([]store.Delivery, error)    { return nil, nil }
func (c *acceptingChain) Head() (uint64, error)                    { return 0, nil }
func (c *acceptingChain) Blocks(uint64, uint64) iter.Seq2[api.Block, error] {
	return func(func(api.Block, error) bool) {}
}

// refusedWhole checks that a body was answered 4xx with an [EXPECTED] error that says
// why, and that nothing of it reached the chain.
func refusedWhole(t *testing.T, w *httptest.ResponseRecorder, c *acceptingChain) {
	t.Helper()
	var eb api.ErrorBody
	if err := json.Unmarshal(w.Body.Bytes(), &eb); err != nil || w.Code/100 != 4 || eb.Error.Class != "EXPECTED" || eb.Error.Message == "" || c.submitted != 0 {
		t.Fatalf("refused body answered %d %s (submitted %d)", w.Code, w.Body.Bytes(), c.submitted)
	}
}

// FuzzDecodeRequest: POST /v1/tx never panics and never answers 500 on any body. A body
// the ledger's decoder refuses answers 4xx with an [EXPECTED] error and never reaches
// the chain; one it accepts is submitted.
func FuzzDecodeRequest(f *testing.F) {
	for _, s := range []string{
		``, `{`, `[]`, `null`, `{"chain":"c","from":"0x0000000000000000000000000000000000000001","nonce":1,"kind":"withdraw","value":"0","body":{}}`,
		`{"chain":"c","kind":"faucet","value":"01","body":{"to":"0x00","amount":"1"}}`,
		`{"kind":"bribe"}`, `{"kind":"grade","body":{"entry":-1}}`, `{"sig":"0xzz"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		c := &acceptingChain{}
		h := api.New(api.Config{Chain: c, MaxBody: 4 << 10})
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(http.MethodPost, "/v1/tx", bytes.NewReader(body)))
		_, decodeErr := ledger.DecodeTx(body)
		if decodeErr == nil && len(body) <= 4<<10 {
			if w.Code != http.StatusOK || c.submitted != 1 {
				t.Fatalf("decodable body answered %d, submitted %d", w.Code, c.submitted)
			}
			return
		}
		refusedWhole(t, w, c)
	})
}

// FuzzDecodeBatch: POST /v1/txs never panics and never answers 500 on any body. A body
// that is not a JSON array of 1 to 64 values is refused whole with a 4xx [EXPECTED] and
// submits nothing; an array is answered 200 with one result a value, in order: the
// receipt of each one the ledger's decoder takes, a 4xx [EXPECTED] for each other.
func FuzzDecodeBatch(f *testing.F) {
	for _, s := range []string{
		``, `[`, `[]`, `{}`, `null`, `[null]`, `[{}, {"kind":"bribe"}]`, `[1,2,3]`,
		`[{"chain":"c","from":"0x0000000000000000000000000000000000000001","nonce":1,"kind":"withdraw","value":"0","body":{}}]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		c := &acceptingChain{}
		h := api.New(api.Config{Chain: c, MaxBody: 4 << 10})
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(http.MethodPost, "/v1/txs", bytes.NewReader(body)))
		var raws []json.RawMessage
		if err := json.Unmarshal(body, &raws); err != nil || len(raws) == 0 || len(raws) > 64 || len(body) > 64*4<<10 {
			refusedWhole(t, w, c)
			return
		}
		var b wire.Batch
		if err := json.Unmarshal(w.Body.Bytes(), &b); err != nil || w.Code != http.StatusOK || len(b.Results) != len(raws) {
			t.Fatalf("batch of %d answered %d %s", len(raws), w.Code, w.Body.Bytes())
		}
		decodable := 0
		for i, raw := range raws {
			_, decodeErr := ledger.DecodeTx(raw)
			r := b.Results[i]
			switch {
			case decodeErr == nil && len(raw) <= 4<<10:
				decodable++
				if r.Status != http.StatusOK || r.Receipt == nil || r.Error != nil {
					t.Fatalf("decodable transaction %d answered %+v", i, r)
				}
			case r.Status/100 != 4 || r.Error == nil || r.Error.Class != "EXPECTED" || r.Error.Message == "" || r.Receipt != nil:
				t.Fatalf("refused transaction %d answered %+v", i, r)
			}
		}
		if c.submitted != decodable {
			t.Fatalf("submitted %d of %d decodable", c.submitted, decodable)
		}
	})
}
