package challenge_test

import (
	"context"
	"crypto/sha256"
	"crypto/x509"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/arena/arena/blobs"
	"github.com/arena/arena/challenge/abi"
	"github.com/arena/arena/fetch"
	gchallenge "github.com/arena/arena/grading/challenge"
	"github.com/arena/arena/grading/host"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/sandbox"
)

// The example bench's limits in these tests.
const (
	initGas  = 200_000_000
	caseGas  = 200_000_000
	benchGas = 50_000_000_000
)

// node is a node on loopback: its blob store, served at GET and PUT /v1/blobs/{sha256}.
type node struct {
	store *blobs.Store
	url   string
}

func newNode(t testing.TB) *node {
	st, err := blobs.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	n := &node{store: st}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		d := strings.TrimPrefix(r.URL.Path, "/v1/blobs/")
		switch r.Method {
		case http.MethodGet:
			b, err := st.Get(d)
			if err != nil {
				http.NotFound(w, r)
				return
			}
			w.Header().Set("Content-Type", "application/octet-stream")
			w.Write(b)
		case http.MethodPut:
			if err := st.Put(d, r.Body); err != nil {
				http.Error(w, err.Error(), http.StatusBadRequest)
			}
		}
	}))
	t.Cleanup(srv.Close)
	n.url = srv.URL
	return n
}

// blob returns the blob d the node holds.
func (n *node) blob(t testing.TB, d string) []byte {
	t.Helper()
	b, err := n.store.Get(d)
	if err != nil {
		t.Fatalf("the node does not hold %s: %v", d, err)
	}
	return b
}

// Publish is a remote validator's PUT to the node.
func (n *node) Publish(ctx context.Context, d string, b []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, n.url+"/v1/blobs/"+d, strings.NewReader(string(b)))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, resp.Body)
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("PUT /v1/blobs/%s: %s", d, resp.Status)
	}
	return nil
}

// mirror is an https host on loopback serving artifacts at the URLs a registration or a
// commit names.
type mirror struct {
	mu     sync.Mutex
	files  map[string][]byte
	url    string
	client *fetch.Client
}

func newMirror(t testing.TB) *mirror {
	m := &mirror{files: map[string][]byte{}}
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		m.mu.Lock()
		b, ok := m.files[r.URL.Path]
		m.mu.Unlock()
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/wasm")
		w.Write(b)
	}))
	t.Cleanup(srv.Close)
	roots := x509.NewCertPool()
	roots.AddCert(srv.Certificate())
	m.url = srv.URL
	m.client = blobs.NewURLClient(fetch.Config{AllowLoopback: true, RootCAs: roots})
	return m
}

// serve serves b at /name and returns its URL.
func (m *mirror) serve(name string, b []byte) string {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.files["/"+name] = b
	return m.url + "/" + name
}

// validator is one committee member: its own sandbox runtime and its own empty blob
// store, asking the node's API and then the mirror.
type validator struct {
	*gchallenge.Host
}

// cacheDir is the compilation cache every runtime of the package shares, so that only
// the first compiles each module.
var cacheDir string

func newValidator(t testing.TB, n *node, m *mirror) validator {
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
	h := &gchallenge.Host{Host: host.Host{Runtime: rt, Store: st, Nodes: []blobs.Source{blobs.Node{Base: n.url}}, URL: m.client}, Publish: n}
	return validator{h}
}

// toolbench is the example bench's version 1 as a registration froze it, its module
// served by the mirror.
func toolbench(m *mirror) challenge.BenchView {
	b := guests["toolbench"]
	return challenge.BenchView{
		ID: 1, Name: "toolbench", Version: 1, Module: abi.Digest(b), Size: int64(len(b)), URL: m.serve("toolbench.wasm", b),
		Kinds: []string{abi.KindMemory, abi.KindTool}, MinCases: 100, Profiles: []string{abi.ProfileFull, abi.ProfilePractice},
		Quorum: 3, InitGas: initGas, CaseGas: caseGas, BenchGas: benchGas, MaxPages: sandbox.DefaultMaxPages,
		Platform: sandbox.Platform, CheckSeed: challenge.CheckSeed("toolbench", 1),
	}
}

// seedOf is a run seed made from a word.
func seedOf(word string) string {
	h := sha256.Sum256([]byte(word))
	return hex.EncodeToString(h[:])
}

// runOf is run 1 of program agent (a guest's name) on bench b with seed word's seed, the
// program served by the mirror.
func runOf(m *mirror, b challenge.BenchView, agent, word string) gchallenge.Run {
	wasm := guests[agent]
	return gchallenge.Run{ID: 1, Program: abi.Digest(wasm), URL: m.serve(agent+".wasm", wasm), Seed: seedOf(word), Profile: abi.ProfileFull, Bench: b}
}

// practice returns run on the practice profile: 12 cases, for claims that do not need
// the full 110.
func practice(run gchallenge.Run) gchallenge.Run {
	run.Profile = abi.ProfilePractice
	return run
}

// failed asserts that a run or check failed with exactly want.
func failed(t *testing.T, got string, want *ledger.Error) {
	t.Helper()
	if got != want.Error() {
		t.Fatalf("failure:\n got %q\nwant %q", got, want.Error())
	}
}
