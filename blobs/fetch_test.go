package blobs

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/arena/arena/fetch"
)

var artifact = []byte("\x00asm\x01\x00\x00\x00 an artifact")

// node serves h as a plain http node API on loopback.
func node(t testing.TB, h http.HandlerFunc) Node {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return Node{Base: srv.URL}
}

// serving answers b to every GET.
func serving(b []byte) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/octet-stream")
		w.Write(b)
	}
}

// https serves h over TLS on loopback and returns it as a URL source whose client trusts
// it and allows loopback, as a local fixture needs.
func https(t *testing.T, h http.HandlerFunc) URL {
	t.Helper()
	srv := httptest.NewUnstartedServer(h)
	srv.Config.ErrorLog = log.New(io.Discard, "", 0)
	srv.StartTLS()
	t.Cleanup(srv.Close)
	pool := srv.Client().Transport.(*http.Transport).TLSClientConfig.RootCAs
	return URL{URL: srv.URL + "/a.wasm", Client: NewURLClient(fetch.Config{AllowLoopback: true, RootCAs: pool})}
}

// failed checks that err is the *Error want names, by its fault, digest, source and
// figures, and whether it may pass (grading.ClassifyBlob gives each its protocol text).
func failed(t *testing.T, err error, temporary bool, want Error) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) || e.Fault != want.Fault || e.Digest != want.Digest || e.Where != want.Where || e.Code != want.Code ||
		e.Limit != want.Limit || e.Peers != want.Peers || e.Fetch != want.Fetch || e.Temporary() != temporary {
		t.Fatalf("error %v (may pass: %t), want %+v (may pass: %t)", err, e != nil && e.Temporary(), want, temporary)
	}
}

// The sources are tried in order and the first that holds the artifact answers it: the
// store, else the node, else the URL.
func TestFetchTriesItsSourcesInOrder(t *testing.T) {
	d := digestOf(artifact)
	s := open(t, t.TempDir())
	calls := 0
	n := node(t, func(w http.ResponseWriter, r *http.Request) {
		calls++
		if r.URL.Path != "/v1/blobs/"+d {
			t.Errorf("node asked for %s", r.URL.Path)
		}
		w.Write(artifact)
	})
	u := https(t, serving(artifact))
	got, err := Fetch(context.Background(), d, s, n, u)
	if err != nil || !bytes.Equal(got, artifact) || calls != 1 {
		t.Fatalf("from the node: %q, %v, %d calls", got, err, calls)
	}
	if err := s.Put(d, bytes.NewReader(artifact)); err != nil {
		t.Fatal(err)
	}
	if got, err = Fetch(context.Background(), d, s, n, u); err != nil || calls != 1 || !bytes.Equal(got, artifact) {
		t.Fatalf("from the store: %v, %d calls", err, calls)
	}
	if got, err = Fetch(context.Background(), d, u); err != nil || !bytes.Equal(got, artifact) {
		t.Fatalf("from the URL: %v", err)
	}
}

// Every source's bytes are checked against the digest: other bytes are a definitive mismatch and
// name where they came from.
func TestBytesThatAreNotTheDigestAreExternal(t *testing.T) {
	d := digestOf(artifact)
	n := node(t, serving([]byte("something else")))
	_, err := Fetch(context.Background(), d, n)
	failed(t, err, false, Error{Fault: FaultMismatch, Digest: d, Where: n.Base + "/v1/blobs/" + d})
	u := https(t, serving([]byte("something else")))
	_, err = Fetch(context.Background(), d, u)
	failed(t, err, false, Error{Fault: FaultMismatch, Digest: d, Where: u.URL})
}

// A URL's 404 and other refusals are definitive; a node's 404, a 5xx, a timeout and a
// broken connection may pass; a body over MaxBytes is definitive.
func TestFailuresAreClassed(t *testing.T) {
	d := digestOf(artifact)
	ctx := context.Background()
	code := func(c int) http.HandlerFunc { return func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(c) } }
	n := node(t, code(404))
	_, err := Fetch(ctx, d, n)
	failed(t, err, true, Error{Fault: FaultNodeMissing, Digest: d, Where: n.Where(d)})
	n = node(t, code(403))
	_, err = Fetch(ctx, d, n)
	failed(t, err, false, Error{Fault: FaultStatus, Digest: d, Where: n.Where(d), Code: 403})
	n = node(t, code(503))
	_, err = Fetch(ctx, d, n)
	failed(t, err, true, Error{Fault: FaultStatus, Digest: d, Where: n.Where(d), Code: 503})
	u := https(t, code(404))
	_, err = Fetch(ctx, d, u)
	failed(t, err, false, Error{Fault: FaultStatus, Digest: d, Where: u.URL, Code: 404})
	u = https(t, code(502))
	_, err = Fetch(ctx, d, u)
	failed(t, err, true, Error{Fault: FaultStatus, Digest: d, Where: u.URL, Code: 502})

	release := make(chan struct{})
	slow := node(t, func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	})
	defer close(release)
	slow.Client = &http.Client{Timeout: 50 * time.Millisecond}
	_, err = Fetch(ctx, d, slow)
	failed(t, err, true, Error{Fault: FaultFetch, Digest: d, Where: slow.Where(d), Fetch: fetch.ErrTimeout})

	gone := Node{Base: "http://127.0.0.1:1"}
	_, err = Fetch(ctx, d, gone)
	failed(t, err, true, Error{Fault: FaultFetch, Digest: d, Where: gone.Where(d), Fetch: fetch.ErrUnreachable})

	huge := node(t, func(w http.ResponseWriter, r *http.Request) {
		chunk := bytes.Repeat([]byte{7}, 1<<20)
		for range 32 {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	})
	_, err = Fetch(ctx, d, huge)
	failed(t, err, false, Error{Fault: FaultTooLarge, Digest: d, Where: huge.Where(d), Limit: 16777216})
	u = https(t, serving(bytes.Repeat([]byte{7}, MaxBytes+1)))
	_, err = Fetch(ctx, d, u)
	failed(t, err, false, Error{Fault: FaultTooLarge, Digest: d, Where: u.URL, Limit: 16777216})
}

// An https URL goes through package fetch's defences: a loopback host is refused unless
// the client allows it, and plain http is refused.
func TestAURLSourceKeepsTheHostileURLDefences(t *testing.T) {
	d := digestOf(artifact)
	u := https(t, serving(artifact))
	u.Client = NewURLClient(fetch.Config{})
	_, err := Fetch(context.Background(), d, u)
	failed(t, err, false, Error{Fault: FaultFetch, Digest: d, Where: u.URL, Fetch: fetch.ErrPrivateAddress})
	plain := URL{URL: "http://example.com/a.wasm"}
	_, err = Fetch(context.Background(), d, plain)
	failed(t, err, false, Error{Fault: FaultFetch, Digest: d, Where: "http://example.com/a.wasm", Fetch: fetch.ErrNotHTTPS})
}

// When every source fails, the last failure is the answer unless an earlier one may
// pass; a missing store blob is not a reason to stop; a malformed digest is refused.
func TestWhenEverySourceFails(t *testing.T) {
	d := digestOf(artifact)
	s := open(t, t.TempDir())
	ctx := context.Background()
	missing := node(t, func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(404) })
	_, err := Fetch(ctx, d, s, missing)
	failed(t, err, true, Error{Fault: FaultNodeMissing, Digest: d, Where: missing.Where(d)})
	down := node(t, func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(500) })
	_, err = Fetch(ctx, d, down, missing)
	failed(t, err, true, Error{Fault: FaultStatus, Digest: d, Where: down.Where(d), Code: 500})
	_, err = Fetch(ctx, d, s)
	failed(t, err, true, Error{Fault: FaultNotHeld, Digest: d, Where: "this node's blob store"})
	_, err = Fetch(ctx, "ABC", s)
	failed(t, err, false, Error{Fault: FaultDigest, Digest: "ABC"})
	_, err = Fetch(ctx, d)
	failed(t, err, true, Error{Fault: FaultNoSource, Digest: d})
	if err.Error() != "artifact "+d+": no source" {
		t.Fatalf("logged as %q", err)
	}
}

// An artifact uploaded to one node only may still reach the others: a store miss and a
// node's 404 may pass (ErrMissing), yet never outweigh a URL's definitive answer.
func TestAMissingArtifactMayStillArrive(t *testing.T) {
	d := digestOf(artifact)
	s := open(t, t.TempDir())
	ctx := context.Background()
	lacking := node(t, func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(404) })
	_, err := Fetch(ctx, d, s)
	failed(t, err, true, Error{Fault: FaultNotHeld, Digest: d, Where: "this node's blob store"})
	if !errors.Is(err, ErrMissing) {
		t.Errorf("%v is not ErrMissing", err)
	}
	_, err = Fetch(ctx, d, s, lacking)
	failed(t, err, true, Error{Fault: FaultNodeMissing, Digest: d, Where: lacking.Where(d)})
	gone := https(t, func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(404) })
	_, err = Fetch(ctx, d, s, lacking, gone)
	failed(t, err, false, Error{Fault: FaultStatus, Digest: d, Where: gone.URL, Code: 404})
}
