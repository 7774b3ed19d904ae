package challenge

import (
	"bytes"
	"context"
	"errors"
	"time"

	"github.com/arena/arena/blobs"
	"github.com/arena/arena/fetch"
	"github.com/arena/arena/grading"
	"github.com/arena/arena/sandbox"
)

// Host is what a validator's challenge graders share: one sandbox runtime for the whole
// process, so each module is compiled once, and the places artifacts come from and
// transcripts go to. Runtime is required.
type Host struct {
	// Runtime compiles and runs every module; one per validator process.
	Runtime *sandbox.Runtime
	// Store is the node's blob store: asked first for every artifact, it keeps what was
	// fetched elsewhere (checked against its digest) and receives every transcript.
	Store *blobs.Store
	// Nodes are further sources asked before the URL a registration or commit names, in
	// order: a node's API (blobs.Node) when the validator runs apart from its node.
	Nodes []blobs.Source
	// URL fetches the https URL an artifact names; nil means blobs.NewURLClient's default.
	URL *fetch.Client
	// Wait spaces the tries for an artifact no source holds yet (blobs.Await); the zero
	// Backoff is blobs.DefaultBackoff.
	Wait blobs.Backoff
	// Publish, if set, receives every transcript besides Store: a remote node's
	// PUT /v1/blobs. With neither Store nor Publish a run cannot publish its transcript
	// and abstains.
	Publish Publisher
	// Models serves a bench's pinned model; nil serves none.
	Models Models
	// Now stamps model-call receipts; nil leaves them unstamped.
	Now func() time.Time
}

// Publisher publishes a transcript's canonical bytes under their digest.
type Publisher interface {
	Publish(ctx context.Context, digest string, b []byte) error
}

// Fetch returns the artifact d: from the node's store, the other sources, then url (when
// the registration or commit named one), checked against d. While no source holds it
// yet, it asks them again with backoff until ctx's deadline, the attempt's (blobs.Await),
// so that bytes uploaded a moment after their commit are graded. What came from
// elsewhere is kept in the store. Every failure is a classed *ledger.Error, in
// grading.ClassifyBlob's words. Only Store, Nodes and URL are read, so the learning
// graders (grading/learn) fetch through it too.
func (h *Host) Fetch(ctx context.Context, d, url string) ([]byte, error) {
	var src []blobs.Source
	if h.Store != nil {
		src = append(src, h.Store)
	}
	src = append(src, h.Nodes...)
	if url != "" {
		c := h.URL
		if c == nil {
			c = blobs.NewURLClient(fetch.Config{})
		}
		src = append(src, blobs.URL{URL: url, Client: c})
	}
	b, err := blobs.Await(ctx, h.Wait, d, src...)
	if err != nil {
		return nil, grading.ClassifyRun(err)
	}
	if h.Store != nil && !h.Store.Has(d) {
		_ = h.Store.Put(d, bytes.NewReader(b)) // a failure to keep costs only a later fetch
	}
	return b, nil
}

// errNoPublisher is a run that has nowhere to publish its transcript.
var errNoPublisher = errors.New("no blob store or publisher configured")

// publish stores the transcript's bytes in the node's store and hands them to Publish.
func (h *Host) publish(ctx context.Context, d string, b []byte) error {
	if h.Store == nil && h.Publish == nil {
		return errNoPublisher
	}
	if h.Store != nil {
		if err := h.Store.Put(d, bytes.NewReader(b)); err != nil {
			return err
		}
	}
	if h.Publish != nil {
		return h.Publish.Publish(ctx, d, b)
	}
	return nil
}
