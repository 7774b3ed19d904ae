package learn_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/arena/arena/blobs"
	"github.com/arena/arena/grading/host"
	glearn "github.com/arena/arena/grading/learn"
	"github.com/arena/arena/learn/data"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/sandbox"
)

// The challenge terms of these tests.
const (
	paramCap = 8 << 20
	dataCap  = 1 << 20
	byteGas  = 1 << 22
)

// node is a node on loopback: its blob store, served at GET /v1/blobs/{sha256}, holding
// the train split and every guest; it counts what it was asked for.
type node struct {
	store *blobs.Store
	url   string
	mu    sync.Mutex
	asked map[string]int
}

func newNode(t testing.TB) *node {
	st, err := blobs.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	n := &node{store: st, asked: map[string]int{}}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		d := strings.TrimPrefix(r.URL.Path, "/v1/blobs/")
		n.mu.Lock()
		n.asked[d]++
		n.mu.Unlock()
		b, err := st.Get(d)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/octet-stream")
		w.Write(b)
	}))
	t.Cleanup(srv.Close)
	n.url = srv.URL
	n.put(t, data.Train())
	for _, g := range guests {
		n.put(t, g)
	}
	return n
}

// put keeps b in the node's store and returns its digest.
func (n *node) put(t testing.TB, b []byte) string {
	t.Helper()
	d := digest(b)
	if err := n.store.Put(d, bytes.NewReader(b)); err != nil {
		t.Fatal(err)
	}
	return d
}

// times returns how often the node was asked for d.
func (n *node) times(d string) int {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.asked[d]
}

// cacheDir is the compilation cache every runtime of the package shares, so that only
// the first compiles each module.
var cacheDir string

// newValidator is one committee member: its own sandbox runtime and its own empty blob
// store, asking the node's API.
func newValidator(t testing.TB, n *node) *glearn.Host {
	t.Helper()
	ctx := context.Background()
	rt, err := sandbox.New(ctx, sandbox.Config{CacheDir: cacheDir})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rt.Close(ctx) })
	st, err := blobs.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return &glearn.Host{Host: host.Host{Runtime: rt, Store: st, Nodes: []blobs.Source{blobs.Node{Base: n.url}}}}
}

// runOf is run 1 of the pair (guest names) on the whole train split with seed word's
// seed, its held-out split committed.
func runOf(arch, train, word string) glearn.Run {
	return glearn.Run{
		ID: 1, Arch: digest(guests[arch]), Train: digest(guests[train]), Seed: seedOf(word),
		Dataset: data.TrainSHA256, DatasetBytes: data.TrainBytes, Heldout: data.HeldoutSHA256, HeldoutBytes: data.HeldoutBytes,
		ParamCap: paramCap, DataCap: dataCap, ByteGas: byteGas, Platform: sandbox.Platform,
	}
}

// prefix returns run on the first n bytes of the train split, which the node then holds
// as a blob of its own: for claims that do not need the whole MiB.
func prefix(t testing.TB, n *node, run glearn.Run, size int) glearn.Run {
	run.Dataset, run.DatasetBytes = n.put(t, data.Train()[:size]), int64(size)
	return run
}

// seedOf is a run seed made from a word.
func seedOf(word string) string { return digest([]byte(word)) }

func digest(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// failed asserts that a run failed with exactly want.
func failed(t *testing.T, got string, want *ledger.Error) {
	t.Helper()
	if got != want.Error() {
		t.Fatalf("failure:\n got %q\nwant %q", got, want.Error())
	}
}
