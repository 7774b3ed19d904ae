package blobs

import (
	"bytes"
	"context"
	"errors"
	"testing"
	"time"

	"github.com/arena/arena/fetch"
)

// quick retries at once, so the tests wait only on what they assert.
var quick = Backoff{First: time.Millisecond, Max: 4 * time.Millisecond}

// arriving is a source that lacks the artifact until it has been asked misses times,
// then has it: an upload that lands after its commit.
type arriving struct {
	s      *Store
	b      []byte
	misses int
	asked  int
}

func (a *arriving) Where(d string) string { return a.s.Where(d) }

func (a *arriving) Blob(ctx context.Context, d string) ([]byte, error) {
	if a.asked++; a.asked > a.misses {
		if err := a.s.Put(d, bytes.NewReader(a.b)); err != nil {
			return nil, err
		}
	}
	return a.s.Blob(ctx, d)
}

// An artifact no source holds yet is asked for again, with backoff, until it arrives.
func TestAnArtifactThatArrivesLateIsFetched(t *testing.T) {
	d := digestOf(artifact)
	src := &arriving{s: open(t, t.TempDir()), b: artifact, misses: 3}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	got, err := Await(ctx, quick, d, src)
	if err != nil || !bytes.Equal(got, artifact) || src.asked != 4 {
		t.Fatalf("got %q, %v after %d asks", got, err, src.asked)
	}
}

// Only the deadline ends the wait for an artifact never uploaded, and the failure is
// one that may still pass, naming the deadline and the last try's answer.
func TestAnArtifactNeverUploadedIsTransientAtTheDeadline(t *testing.T) {
	d := digestOf(artifact)
	src := &arriving{s: open(t, t.TempDir()), b: artifact, misses: 1 << 30}
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	_, err := Await(ctx, quick, d, src)
	failed(t, err, true, Error{Fault: FaultDeadline, Digest: d})
	var e *Error
	if !errors.As(err, &e) || e.Last == nil || e.Last.Fault != FaultNotHeld || e.Last.Where != "this node's blob store" {
		t.Fatalf("the last try's failure: %+v", e.Last)
	}
	if ctx.Err() == nil || src.asked < 2 {
		t.Fatalf("the wait ended before its deadline, after %d asks", src.asked)
	}
}

// A definitive answer ends the wait at once, and a context without a deadline, which
// could never end it, is tried once.
func TestOnlyAFailureThatMayPassIsRetried(t *testing.T) {
	d := digestOf(artifact)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_, err := Await(ctx, quick, d, URL{URL: "http://example.com/a.wasm"})
	failed(t, err, false, Error{Fault: FaultFetch, Digest: d, Where: "http://example.com/a.wasm", Fetch: fetch.ErrNotHTTPS})
	src := &arriving{s: open(t, t.TempDir()), b: artifact, misses: 1}
	_, err = Await(context.Background(), quick, d, src)
	failed(t, err, true, Error{Fault: FaultNotHeld, Digest: d, Where: "this node's blob store"})
	if src.asked != 1 {
		t.Fatalf("asked %d times without a deadline", src.asked)
	}
}
