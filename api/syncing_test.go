package api_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/arena/arena/api"
	"github.com/arena/arena/ledger"
)

// syncingChain is a node joining by state sync: a real engine whose state View hides
// (passes nil) until restored is set, as a CometBFT app's before its snapshot is applied.
type syncingChain struct {
	api.Chain
	restored atomic.Bool
}

func (c *syncingChain) View(fn func(*ledger.State)) {
	if c.restored.Load() {
		c.Chain.View(fn)
		return
	}
	fn(nil)
}

// A node that has no ledger state yet (state sync still restoring its snapshot) says so:
// /healthz answers 503 "syncing", every view and POST /v1/tx answer 503 [TRANSIENT] with
// the exact message and a Retry-After, /metrics and /openapi.json still answer; once the
// state is restored the same routes serve it.
func TestANodeWithoutStateYetAnswersSyncing(t *testing.T) {
	c := &syncingChain{Chain: newFixture(t).eng}
	srv := httptest.NewServer(api.New(api.Config{Chain: c}))
	defer srv.Close()
	get := func(method, path string) (int, string, string) {
		t.Helper()
		req, _ := http.NewRequest(method, srv.URL+path, strings.NewReader("{}"))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, strings.TrimSpace(string(b)), resp.Header.Get("Retry-After")
	}
	if st, body, _ := get("GET", "/healthz"); st != 503 || body != `{"status":"syncing","height":0}` {
		t.Errorf("GET /healthz while syncing: %d %s", st, body)
	}
	want := `{"error":{"class":"TRANSIENT","message":"This node has no ledger state yet: it is restoring a snapshot by state sync. Ask again once GET /healthz answers 200, or ask another node"}}`
	for _, r := range [][2]string{{"GET", "/v1/arena"}, {"GET", "/v1/tasks"}, {"GET", "/v1/snapshot"}, {"GET", "/v1/learning/1"}, {"POST", "/v1/tx"}, {"GET", "/v1/blobs/" + strings.Repeat("a", 64)}} {
		if st, body, retry := get(r[0], r[1]); st != 503 || body != want || retry == "" {
			t.Errorf("%s %s while syncing: %d %s (Retry-After %q)", r[0], r[1], st, body, retry)
		}
	}
	for _, p := range []string{"/metrics", "/openapi.json"} {
		if st, body, _ := get("GET", p); st != 200 {
			t.Errorf("GET %s while syncing: %d %.200s", p, st, body)
		}
	}
	c.restored.Store(true)
	if st, body, _ := get("GET", "/healthz"); st != 200 || !strings.HasPrefix(body, `{"status":"ok"`) {
		t.Errorf("GET /healthz once restored: %d %s", st, body)
	}
	if st, body, _ := get("GET", "/v1/tasks"); st != 200 {
		t.Errorf("GET /v1/tasks once restored: %d %s", st, body)
	}
}

// catchingUpChain is a node replaying blocks its network already committed (CometBFT's
// block sync): it has a state, behind its peers', until caughtUp is set.
type catchingUpChain struct {
	api.Chain
	caughtUp atomic.Bool
}

func (c *catchingUpChain) CatchingUp() bool { return !c.caughtUp.Load() }

// A node that is still catching up with its network (an observer replaying from genesis)
// is not healthy yet: /healthz answers 503 "catching_up" with its height, a message
// saying so and a Retry-After, while its views serve what it has replayed; once caught
// up, /healthz answers 200.
func TestANodeStillCatchingUpIsNotHealthy(t *testing.T) {
	c := &catchingUpChain{Chain: newFixture(t).eng}
	srv := httptest.NewServer(api.New(api.Config{Chain: c}))
	defer srv.Close()
	get := func(path string) (int, string, string) {
		t.Helper()
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, strings.TrimSpace(string(b)), resp.Header.Get("Retry-After")
	}
	var height uint64
	c.View(func(s *ledger.State) { height = s.Height() })
	want := fmt.Sprintf(`{"status":"catching_up","height":%d,"message":"This node is catching up with its network: it is replaying blocks its peers already committed, so what it serves is behind them. GET /healthz answers 200 once it has caught up"}`, height)
	if st, body, retry := get("/healthz"); st != 503 || body != want || retry == "" {
		t.Errorf("GET /healthz while catching up: %d %s (Retry-After %q), want 503 %s", st, body, retry, want)
	}
	if st, body, _ := get("/v1/tasks"); st != 200 {
		t.Errorf("GET /v1/tasks while catching up: %d %s", st, body)
	}
	c.caughtUp.Store(true)
	if st, body, _ := get("/healthz"); st != 200 || body != fmt.Sprintf(`{"status":"ok","height":%d}`, height) {
		t.Errorf("GET /healthz once caught up: %d %s", st, body)
	}
}
