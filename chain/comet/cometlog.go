package comet

import (
	"io"
	"sync/atomic"
)

// quietWriter passes CometBFT's log through until the engine starts closing, then drops
// it: stopping a node logs errors that are not (closed connections, stopped routines;
// LIBRARIES 1.7, pitfall 6).
type quietWriter struct {
	w       io.Writer
	closing atomic.Bool
}

func (q *quietWriter) Write(p []byte) (int, error) {
	if q.closing.Load() {
		return len(p), nil
	}
	return q.w.Write(p)
}
