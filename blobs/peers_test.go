package blobs

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
)

// skips records what a Peers source logs: one "peer reason" line per skipped peer.
type skips struct {
	mu    sync.Mutex
	lines []string
}

func (s *skips) Enabled(context.Context, slog.Level) bool { return true }
func (s *skips) WithAttrs([]slog.Attr) slog.Handler       { return s }
func (s *skips) WithGroup(string) slog.Handler            { return s }
func (s *skips) Handle(_ context.Context, r slog.Record) error {
	line := r.Level.String() + " " + r.Message
	r.Attrs(func(a slog.Attr) bool { line += " " + a.Key + "=" + a.Value.String(); return true })
	s.mu.Lock()
	s.lines = append(s.lines, line)
	s.mu.Unlock()
	return nil
}

// counted serves h and counts the requests it answered.
func counted(t *testing.T, h http.HandlerFunc) (Node, *int) {
	t.Helper()
	n := new(int)
	return node(t, func(w http.ResponseWriter, r *http.Request) { *n++; h(w, r) }), n
}

// This node is asked first; a peer is asked only for what it lacks, and what a peer
// answers is checked against the digest.
func TestThisNodeIsAskedBeforeItsPeers(t *testing.T) {
	d := digestOf(artifact)
	s := open(t, t.TempDir())
	good, calls := counted(t, serving(artifact))
	peers := Peers{Bases: []string{good.Base}}
	got, err := Fetch(context.Background(), d, s, peers)
	if err != nil || !bytes.Equal(got, artifact) || *calls != 1 {
		t.Fatalf("from the peer: %q, %v, %d calls", got, err, *calls)
	}
	if err := s.Put(d, bytes.NewReader(artifact)); err != nil {
		t.Fatal(err)
	}
	if _, err := Fetch(context.Background(), d, s, peers); err != nil || *calls != 1 {
		t.Fatalf("held here: %v, %d calls to the peer", err, *calls)
	}
}

// A peer whose bytes do not match the digest is skipped, with its reason logged, and the
// next peer asked; the first peer that answers the digest's bytes is the answer.
func TestALyingPeerIsSkippedAndTheNextAsked(t *testing.T) {
	d := digestOf(artifact)
	liar, _ := counted(t, serving([]byte("not the artifact")))
	huge, _ := counted(t, serving(bytes.Repeat([]byte{1}, 100)))
	good, calls := counted(t, serving(artifact))
	log := &skips{}
	peers := Peers{Bases: []string{liar.Base, huge.Base + "/", good.Base}, MaxBytes: 64, Log: slog.New(log)}
	got, err := Fetch(context.Background(), d, open(t, t.TempDir()), peers)
	if err != nil || !bytes.Equal(got, artifact) || *calls != 1 {
		t.Fatalf("Fetch = %q, %v after %d calls to the honest peer", got, err, *calls)
	}
	want := []string{
		"WARN peer skipped; asking the next peer=" + liar.Base + "/v1/blobs/" + d + " reason=artifact " + d + " from " + liar.Base + "/v1/blobs/" + d + ": bytes do not match the digest",
		"WARN peer skipped; asking the next peer=" + huge.Base + "/v1/blobs/" + d + " reason=artifact " + d + " from " + huge.Base + "/v1/blobs/" + d + ": too large (limit 64 bytes)",
	}
	if !slices.Equal(log.lines, want) {
		t.Fatalf("logged\n%q\nwant\n%q", log.lines, want)
	}
}

// When no peer holds the artifact, or every one that answers lies, the failure may pass
// and is ErrMissing: the artifact may still arrive, and no peer's answer is a definitive
// one, so a later source (the committed URL) still decides.
func TestAnArtifactMissingEverywhereIsTransient(t *testing.T) {
	d := digestOf(artifact)
	ctx := context.Background()
	s := open(t, t.TempDir())
	lacking, _ := counted(t, func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(404) })
	liar, _ := counted(t, serving([]byte("not the artifact")))
	refusing, _ := counted(t, func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(403) })
	down := "http://127.0.0.1:1"
	log := &skips{}
	peers := Peers{Bases: []string{lacking.Base, liar.Base, refusing.Base, down}, Log: slog.New(log)}
	_, err := Fetch(ctx, d, s, peers)
	failed(t, err, true, Error{Fault: FaultNoPeer, Digest: d, Where: "any of the 4 peers asked", Peers: 4})
	if !errors.Is(err, ErrMissing) || len(log.lines) != 4 {
		t.Fatalf("%v (missing: %v), %d peers logged as skipped", err, errors.Is(err, ErrMissing), len(log.lines))
	}
	if want := "DEBUG peer does not hold it; asking the next peer=" + lacking.Base + "/v1/blobs/" + d; log.lines[0] != want {
		t.Fatalf("the peer that answered 404 is logged as %q, want %q", log.lines[0], want)
	}
	for _, l := range log.lines[1:] {
		if !strings.HasPrefix(l, "WARN peer skipped; asking the next peer=") {
			t.Fatalf("a peer that lied, refused or was down is logged as %q, want a warning", l)
		}
	}
	_, err = Fetch(ctx, d, s, Peers{Bases: []string{liar.Base}})
	failed(t, err, true, Error{Fault: FaultNoPeer, Digest: d, Where: "any of the 1 peers asked", Peers: 1})
	_, err = Fetch(ctx, d, Peers{})
	failed(t, err, true, Error{Fault: FaultNoPeer, Digest: d, Where: "any of the 0 peers asked", Peers: 0})

	gone := https(t, func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(404) })
	_, err = Fetch(ctx, d, s, peers, gone)
	failed(t, err, false, Error{Fault: FaultStatus, Digest: d, Where: gone.URL, Code: 404})
	served := https(t, serving(artifact))
	if got, err := Fetch(ctx, d, s, peers, served); err != nil || !bytes.Equal(got, artifact) {
		t.Fatalf("from the URL after the peers: %q, %v", got, err)
	}
}

// A peer's redirect is never followed: a peer cannot send the node to another host.
func TestAPeerCannotRedirectTheNode(t *testing.T) {
	d := digestOf(artifact)
	elsewhere, calls := counted(t, serving(artifact))
	redirecting, _ := counted(t, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, elsewhere.Base+r.URL.Path, http.StatusFound)
	})
	log := &skips{}
	_, err := Fetch(context.Background(), d, Peers{Bases: []string{redirecting.Base}, Log: slog.New(log)})
	failed(t, err, true, Error{Fault: FaultNoPeer, Digest: d, Where: "any of the 1 peers asked", Peers: 1})
	want := "WARN peer skipped; asking the next peer=" + redirecting.Base + "/v1/blobs/" + d + " reason=artifact " + d + " from " + redirecting.Base + "/v1/blobs/" + d + ": status 302"
	if *calls != 0 || !slices.Equal(log.lines, []string{want}) {
		t.Fatalf("%d calls to the redirect's target; logged %q", *calls, log.lines)
	}
}

// Work bytes are asked for on the work route, under its own limit.
func TestWorkIsAskedForOnTheWorkRoute(t *testing.T) {
	work := []byte("a haiku about ledgers")
	d := digestOf(work)
	var path string
	n, _ := counted(t, func(w http.ResponseWriter, r *http.Request) { path = r.URL.Path; w.Write(work) })
	got, err := Fetch(context.Background(), d, Peers{Bases: []string{n.Base}, Route: WorkRoute, MaxBytes: 512 << 10})
	if err != nil || !bytes.Equal(got, work) || path != "/v1/work/"+d {
		t.Fatalf("Fetch = %q, %v from %s", got, err, path)
	}
}

// Union merges peer lists in order, each base once whatever its trailing slash, and
// never the node itself.
func TestUnionNamesEachPeerOnceAndNeverSelf(t *testing.T) {
	got := Union("http://127.0.0.1:7545/",
		[]string{"http://127.0.0.1:7555", "http://127.0.0.1:7545", " ", "http://127.0.0.1:7565/"},
		[]string{"http://127.0.0.1:7555/", "http://127.0.0.1:7575"}, nil)
	want := []string{"http://127.0.0.1:7555", "http://127.0.0.1:7565/", "http://127.0.0.1:7575"}
	if !slices.Equal(got, want) {
		t.Fatalf("Union = %q, want %q", got, want)
	}
}
