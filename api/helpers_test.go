package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/account"
	"github.com/arena/arena/api"
	"github.com/arena/arena/chain/solo"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// fixture is a real solo engine on a temporary SQLite file behind a real HTTP server.
type fixture struct {
	t      testing.TB
	eng    *solo.Engine
	srv    *httptest.Server
	terms  ledger.Terms
	sender *account.Key
	logs   *bytes.Buffer
}

const testChain = "api-test"

// newFixture starts the fixture; opts edit the API's configuration.
func newFixture(t testing.TB, opts ...func(*api.Config)) *fixture {
	t.Helper()
	return newFixtureWith(t, nil, opts...)
}

// newFixtureWith is newFixture on founding terms edited by terms, if not nil.
func newFixtureWith(t testing.TB, edit func(*ledger.Terms), opts ...func(*api.Config)) *fixture {
	t.Helper()
	sender, err := account.Generate()
	if err != nil {
		t.Fatal(err)
	}
	val, err := account.Generate()
	if err != nil {
		t.Fatal(err)
	}
	terms := ledger.Terms{
		Chain: testChain, Name: "API test arena", Symbol: "GEN",
		EntryBond: ledger.Ether(5), AppealBond: ledger.Ether(20), AppealWindowS: 3600, GradingWindowS: 86400,
		Validators: []ledger.Address{val.Address()}, Attempts: 3, RoundTimeoutS: 60, DevMode: true,
		Genesis: []ledger.Allocation{{Address: sender.Address(), Amount: ledger.Ether(1000)}},
	}
	if edit != nil {
		edit(&terms)
	}
	eng, err := solo.Open(solo.Config{Path: filepath.Join(t.TempDir(), "arena.db")}, &terms)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	logs := &bytes.Buffer{}
	cfg := api.Config{Chain: eng, Deliveries: eng.DB().Deliveries, Works: eng.DB(), Logger: slog.New(slog.NewTextHandler(logs, nil)), MaxBody: 64 << 10}
	for _, o := range opts {
		o(&cfg)
	}
	h := api.New(cfg)
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return &fixture{t: t, eng: eng, srv: srv, terms: terms, sender: sender, logs: logs}
}

// tx returns a transaction of the sender's with the given nonce, signed.
func (f *fixture) tx(nonce uint64, value ledger.Amount, body ledger.Body) *ledger.Tx {
	f.t.Helper()
	tx := ledgertest.Stamped(f.terms, &ledger.Tx{From: f.sender.Address(), Nonce: nonce, Value: value, Body: body})
	if err := f.sender.SignTx(tx); err != nil {
		f.t.Fatal(err)
	}
	return tx
}

// encode returns the wire JSON of tx.
func (f *fixture) encode(tx *ledger.Tx) []byte {
	f.t.Helper()
	b, err := json.Marshal(tx)
	if err != nil {
		f.t.Fatal(err)
	}
	return b
}

// post sends body to POST /v1/tx and returns the status and the answer.
func (f *fixture) post(body []byte) (int, []byte) {
	f.t.Helper()
	return f.postTo("/v1/tx", body)
}

// postTo sends body as JSON to POST path and returns the status and the answer.
func (f *fixture) postTo(path string, body []byte) (int, []byte) {
	f.t.Helper()
	resp, err := http.Post(f.srv.URL+path, "application/json", bytes.NewReader(body))
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		f.t.Fatal(err)
	}
	return resp.StatusCode, b
}

// refusedWith checks that an answer of POST path is status with exactly the [EXPECTED]
// error msg and no receipt.
func refusedWith(t *testing.T, path string, st int, b []byte, status int, msg string) {
	t.Helper()
	var got api.ErrorBody
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatalf("answer %s is not an error body: %v", b, err)
	}
	want := api.ErrorBody{Error: api.ErrorDetail{Class: "EXPECTED", Message: msg}}
	if st != status || !cmp.Equal(want, got) {
		t.Errorf("POST %s = %d %s, want %d; (-want +got):\n%s", path, st, b, status, cmp.Diff(want, got))
	}
}

// get fetches path and decodes the JSON answer into v, returning the status.
func (f *fixture) get(path string, v any) int {
	f.t.Helper()
	resp, err := http.Get(f.srv.URL + path)
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		f.t.Fatalf("GET %s: decode: %v", path, err)
	}
	return resp.StatusCode
}

// heightAndNonce reads the chain height and the sender's next nonce from the engine.
func (f *fixture) heightAndNonce() (uint64, uint64) {
	var h, n uint64
	f.eng.View(func(s *ledger.State) { h, n = s.Height(), s.NextNonce(f.sender.Address()) })
	return h, n
}

// anchored waits until the engine has made the block that anchors the seeds the last
// block's commits wait for, so that the state a test reads is the one it then serves.
func (f *fixture) anchored() {
	f.t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		var waiting bool
		f.eng.View(func(s *ledger.State) { waiting = s.AwaitsAnchor() })
		if !waiting {
			return
		}
		if time.Now().After(deadline) {
			f.t.Fatal("the engine made no block to anchor the commits' seeds")
		}
		time.Sleep(time.Millisecond)
	}
}

// faucet is a transaction the sender can always make in a dev arena.
func faucet(to ledger.Address) ledger.Faucet { return ledger.Faucet{To: to, Amount: ledger.Ether(1)} }

var _ = context.Background
