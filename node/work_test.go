package node

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"github.com/arena/arena/blobs"
	"github.com/arena/arena/store"
)

// TestWorkKeptByAnotherNodeIsFetchedFromIt: a URL entry's bytes uploaded to another node
// are asked for on its work route when this node's store lacks them, checked against
// the digest and kept here; a peer that answers other bytes is skipped, and with no
// peer holding them the validator is told to fetch the URL.
func TestWorkKeptByAnotherNodeIsFetchedFromIt(t *testing.T) {
	db, err := store.Open(filepath.Join(t.TempDir(), "arena.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	work := []byte("Blocks fall like snow\n")
	d := blobs.Digest(work)
	serve := func(b []byte) string {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/v1/work/"+d {
				http.NotFound(w, r)
				return
			}
			w.Write(b)
		}))
		t.Cleanup(srv.Close)
		return srv.URL
	}
	liar, honest := serve([]byte("other bytes")), serve(work)
	ctx := t.Context()
	lying := storeWorks{db, blobs.Peers{Bases: []string{liar}, Route: blobs.WorkRoute}, quiet()}
	if b, ok := lying.Work(ctx, d); ok {
		t.Fatalf("a lying peer's bytes were taken: %q", b)
	}
	w := storeWorks{db, blobs.Peers{Bases: []string{liar, honest}, Route: blobs.WorkRoute, MaxBytes: 1 << 10}, quiet()}
	if b, ok := w.Work(ctx, d); !ok || string(b) != string(work) {
		t.Fatalf("Work = %q, %v; want the honest peer's bytes", b, ok)
	}
	if b, ok, err := db.Work(ctx, d); err != nil || !ok || string(b) != string(work) {
		t.Fatalf("the fetched work was not kept: %q, %v, %v", b, ok, err)
	}
}
