package challenge_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/arena/arena/blobs"
	gchallenge "github.com/arena/arena/grading/challenge"
	"github.com/arena/arena/grading/host"
)

// An artifact uploaded to another node is fetched from the network's peers when the
// node's store lacks it: a peer whose bytes do not match is skipped, the next one's
// bytes are checked and kept, and the next fetch needs no peer.
func TestAnArtifactFromAPeerIsKeptInTheStore(t *testing.T) {
	module := []byte("\x00asm\x01\x00\x00\x00 a program uploaded elsewhere")
	d := blobs.Digest(module)
	serve := func(b []byte) string {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write(b) }))
		t.Cleanup(srv.Close)
		return srv.URL
	}
	st, err := blobs.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	h := &gchallenge.Host{Host: host.Host{Store: st, Nodes: []blobs.Source{blobs.Peers{Bases: []string{serve([]byte("a lie")), serve(module)}}}}}
	if b, err := h.Fetch(t.Context(), d, ""); err != nil || !bytes.Equal(b, module) {
		t.Fatalf("Fetch = %q, %v", b, err)
	}
	if !st.Has(d) {
		t.Fatal("the artifact fetched from a peer was not kept")
	}
	alone := &gchallenge.Host{Host: host.Host{Store: st}}
	if b, err := alone.Fetch(t.Context(), d, ""); err != nil || !bytes.Equal(b, module) {
		t.Fatalf("Fetch from the store alone = %q, %v", b, err)
	}
}
