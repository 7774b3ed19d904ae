package host_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/arena/arena/blobs"
	"github.com/arena/arena/grading/host"
	"github.com/arena/arena/ledger"
)

// serve answers every request with b and returns the server's URL.
func serve(t *testing.T, b []byte) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write(b) }))
	t.Cleanup(srv.Close)
	return srv.URL
}

// An artifact uploaded to another node is fetched from the network's peers when the
// node's store lacks it: a peer whose bytes do not match is skipped, the next one's
// bytes are checked and kept, and the next fetch needs no peer.
func TestAnArtifactFromAPeerIsKeptInTheStore(t *testing.T) {
	module := []byte("\x00asm\x01\x00\x00\x00 a program uploaded elsewhere")
	d := blobs.Digest(module)
	st, err := blobs.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	h := &host.Host{Store: st, Nodes: []blobs.Source{blobs.Peers{Bases: []string{serve(t, []byte("a lie")), serve(t, module)}}}}
	if b, err := h.Fetch(t.Context(), d, ""); err != nil || !bytes.Equal(b, module) {
		t.Fatalf("Fetch = %q, %v", b, err)
	}
	if !st.Has(d) {
		t.Fatal("the artifact fetched from a peer was not kept")
	}
	alone := &host.Host{Store: st}
	if b, err := alone.Fetch(t.Context(), d, ""); err != nil || !bytes.Equal(b, module) {
		t.Fatalf("Fetch from the store alone = %q, %v", b, err)
	}
}

// Bytes that do not match their digest are never returned or kept: when every source
// lies, Fetch fails with a classed failure and the store stays without the artifact.
func TestBytesThatDoNotMatchAreNeverKept(t *testing.T) {
	d := blobs.Digest([]byte("the program committed"))
	st, err := blobs.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	h := &host.Host{Store: st, Nodes: []blobs.Source{blobs.Peers{Bases: []string{serve(t, []byte("a lie"))}}}}
	b, err := h.Fetch(t.Context(), d, "")
	if b != nil || ledger.ClassOf(err) == 0 {
		t.Fatalf("Fetch = %q, %v: want no bytes and a classed failure", b, err)
	}
	if st.Has(d) {
		t.Fatal("a lie was kept under the committed digest")
	}
}
