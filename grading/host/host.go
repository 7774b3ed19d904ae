// Package host is what a validator's program-running graders share, whatever their
// kind: the process's one sandbox runtime, so each module is compiled once, and the
// places artifacts come from (the node's blob store, other nodes, an https URL), read
// through one Fetch. The benchmark challenge's graders (grading/challenge) and the
// learning challenge's (grading/learn) both embed its Host; neither imports the other.
package host

import (
	"bytes"
	"context"

	"github.com/arena/arena/blobs"
	"github.com/arena/arena/fetch"
	"github.com/arena/arena/grading"
	"github.com/arena/arena/sandbox"
)

// Host is the runtime and the artifact sources a validator's graders share. Runtime is
// required to run programs; Fetch reads only Store, Nodes, URL and Wait.
type Host struct {
	// Runtime compiles and runs every module; one per validator process.
	Runtime *sandbox.Runtime
	// Store is the node's blob store: asked first for every artifact, it keeps what was
	// fetched elsewhere (checked against its digest).
	Store *blobs.Store
	// Nodes are further sources asked before the URL a registration or commit names, in
	// order: a node's API (blobs.Node) when the validator runs apart from its node, or an
	// auditor's.
	Nodes []blobs.Source
	// URL fetches the https URL an artifact names; nil means blobs.NewURLClient's default.
	URL *fetch.Client
	// Wait spaces the tries for an artifact no source holds yet (blobs.Await); the zero
	// Backoff is blobs.DefaultBackoff.
	Wait blobs.Backoff
}

// Fetch returns the artifact d: from the node's store, the other sources, then url (when
// the registration or commit named one; a split of the arena names none), checked
// against d. While no source holds it yet, it asks them again with backoff until ctx's
// deadline, the attempt's (blobs.Await), so that bytes uploaded a moment after their
// commit are graded. What came from elsewhere is kept in the store. Every failure is a
// classed *ledger.Error, in grading.ClassifyBlob's words.
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
