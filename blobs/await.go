package blobs

import (
	"context"
	"errors"
	"time"
)

// Backoff spaces the tries of Await: the first retry waits First, each later one twice
// the one before, never more than Max. The zero Backoff is DefaultBackoff.
type Backoff struct {
	First, Max time.Duration
}

// DefaultBackoff retries after a quarter of a second, then doubles up to five seconds:
// an upload that lands a moment after its commit is fetched within a second, and a
// source that never answers is asked a dozen times a minute.
var DefaultBackoff = Backoff{First: 250 * time.Millisecond, Max: 5 * time.Second}

// next is the wait after wait.
func (b Backoff) next(wait time.Duration) time.Duration {
	return min(2*wait, b.Max)
}

// Await is Fetch retried while its failure may pass: an artifact committed by digest a
// moment before its bytes reach any source (uploaded to a node, copied between nodes)
// is fetched once they arrive. It tries the sources, in Fetch's order and with its
// rules, and after a failure that may pass (Error.Temporary) waits by b before trying
// again, until ctx's deadline: only that deadline (the attempt's) ends the wait, and it
// then returns FaultDeadline, which may pass too, carrying the last try's failure. A definitive failure (a mismatch, a URL's
// 404) is returned at once. ctx without a deadline is tried once, since a wait it
// bounds would never end.
func Await(ctx context.Context, b Backoff, d string, sources ...Source) ([]byte, error) {
	if b == (Backoff{}) {
		b = DefaultBackoff
	}
	_, bounded := ctx.Deadline()
	wait := b.First
	var last *Error // the last try's failure that the deadline did not cut
	for {
		got, err := Fetch(ctx, d, sources...)
		var e *Error
		switch {
		case err == nil || !bounded || !errors.As(err, &e) || !e.Temporary():
			return got, err
		case ctx.Err() != nil && last != nil:
			return nil, deadlinePassed(d, last)
		}
		last = e
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, deadlinePassed(d, last)
		case <-t.C:
		}
		wait = b.next(wait)
	}
}

// deadlinePassed is the failure of a wait for d that its deadline ended, last being the
// failure of the last try that ran to its end.
func deadlinePassed(d string, last *Error) *Error {
	return &Error{Fault: FaultDeadline, Digest: d, Last: last, Err: last}
}
