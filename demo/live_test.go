package demo_test

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/arena/arena/api"
	"github.com/arena/arena/board"
	"github.com/arena/arena/client"
	"github.com/arena/arena/demo"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/node"
)

// TestTheLivePageIsTheFileTheDemoWrote: issue "The board", "the live page served by a
// real node matches the file built from a snapshot of the same state". The demo's arena
// is reopened as a node serving its API and live board over HTTP; the page at / is
// byte for byte the board/index.html the demo wrote, and the page built from the node's
// own /v1/snapshot.
func TestTheLivePageIsTheFileTheDemoWrote(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "demo")
	sum, err := demo.Run(t.Context(), demo.Options{Dir: dir, Out: io.Discard})
	if err != nil {
		t.Fatalf("demo.Run: %v", err)
	}
	written, err := os.ReadFile(sum.Board)
	if err != nil {
		t.Fatal(err)
	}

	n, err := node.Open(dir, node.OpenOptions{Env: func(string) string { return "" }})
	if err != nil {
		t.Fatalf("reopen the demo's node: %v", err)
	}
	defer n.Close()
	snap := func() (ledger.Snapshot, error) {
		var s ledger.Snapshot
		n.Engine().View(func(st *ledger.State) { s = st.Snapshot() })
		return s, nil
	}
	srv := httptest.NewServer(api.New(api.Config{Chain: n.Chain(), Deliveries: n.Deliveries, Board: board.Handler(snap)}))
	defer srv.Close()

	res, err := http.Get(srv.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	live, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("GET /: %d %v", res.StatusCode, err)
	}
	if !bytes.Equal(live, written) {
		t.Errorf("the live page (%d bytes) differs from the demo's board/index.html (%d bytes)", len(live), len(written))
	}

	s, err := client.New(srv.URL, nil).Snapshot(t.Context())
	if err != nil {
		t.Fatalf("GET /v1/snapshot: %v", err)
	}
	var built bytes.Buffer
	if err := board.Render(&built, s); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(live, built.Bytes()) {
		t.Errorf("the live page differs from the page built from the node's own snapshot")
	}
}
