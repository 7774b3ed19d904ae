package challenge

import (
	"bytes"
	"context"
	"errors"
	"time"

	"github.com/arena/arena/grading/host"
)

// Host is what a validator's challenge graders share: the runtime and artifact sources
// of every program-running kind (host.Host: Runtime is required), and where
// transcripts go and models come from.
type Host struct {
	host.Host
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
