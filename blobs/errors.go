package blobs

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strconv"

	"github.com/arena/arena/fetch"
)

// Fault is one way fetching an artifact can fail. A Fault carries no protocol class or
// message: grading.ClassifyBlob gives each the text consensus compares.
type Fault uint8

// The ways fetching an artifact fails.
const (
	FaultDigest      Fault = iota + 1 // the digest asked for is not 64 lowercase hex digits
	FaultNoSource                     // Fetch was given no source
	FaultMismatch                     // a source's bytes do not hash to the digest
	FaultTooLarge                     // a source's answer exceeds Limit bytes
	FaultNotHeld                      // this node's store does not hold the artifact (yet)
	FaultNodeMissing                  // a node answered 404: it does not hold the artifact (yet)
	FaultNoPeer                       // none of Peers peers held the artifact
	FaultStatus                       // a host answered Code, neither 200 nor a node's 404
	FaultFetch                        // a host could not be reached or read, or package fetch refused the URL (Fetch)
	FaultUnreadable                   // this node's store could not be read
	FaultDeadline                     // Await's deadline passed while no source held it (Last)
	FaultUnfetched                    // a source failed without saying how
)

var faultNames = [...]string{
	FaultDigest: "malformed digest", FaultNoSource: "no source", FaultMismatch: "bytes do not match the digest",
	FaultTooLarge: "too large", FaultNotHeld: "not held", FaultNodeMissing: "not held by the node", FaultNoPeer: "held by no peer",
	FaultStatus: "status", FaultFetch: "fetch failed", FaultUnreadable: "store unreadable", FaultDeadline: "deadline passed",
	FaultUnfetched: "not fetched",
}

// String returns a short lower-case name of the fault, for logs.
func (f Fault) String() string {
	if int(f) < len(faultNames) && faultNames[f] != "" {
		return faultNames[f]
	}
	return "fault " + strconv.Itoa(int(f))
}

// Error is every failure Fetch and Await return: how fetching failed, the artifact asked
// for, the source that failed, the figures its fault names and, where there was one,
// the underlying cause.
type Error struct {
	Fault  Fault
	Digest string // the digest asked for, as given
	Where  string // the source that failed, as its Where names it
	Code   int    // FaultStatus: the HTTP status
	Limit  int64  // FaultTooLarge: the most bytes the source was allowed
	Peers  int    // FaultNoPeer: the peers asked
	// Fetch is, for FaultFetch, how the host failed or package fetch refused the URL:
	// fetch.ErrTimeout, fetch.ErrUnreachable, fetch.ErrCanceled, fetch.ErrHostNotFound,
	// or one of its refusals (fetch.ErrNotHTTPS, fetch.ErrBadURL, ...).
	Fetch *fetch.Failure
	Last  *Error // FaultDeadline: the last try's failure that ran to its end
	Err   error  // the cause, for logs
}

// Error returns "artifact <digest> from <where>: <fault>[: <detail>][: <cause>]", a
// description for logs; the protocol text is grading.ClassifyBlob's.
func (e *Error) Error() string {
	s := "artifact " + e.Digest
	if e.Where != "" {
		s += " from " + e.Where
	}
	s += ": " + e.Fault.String()
	switch e.Fault {
	case FaultStatus:
		s += " " + strconv.Itoa(e.Code)
	case FaultTooLarge:
		s += fmt.Sprintf(" (limit %d bytes)", e.Limit)
	case FaultNoPeer:
		s += fmt.Sprintf(" (%d asked)", e.Peers)
	case FaultFetch:
		if e.Fetch != nil {
			s += ": " + e.Fetch.Error()
		}
	case FaultDeadline:
		if e.Last != nil {
			s += " (last: " + e.Last.Error() + ")"
		}
		return s
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Is reports whether target is ErrMissing and e is a source's answer that it does not
// hold the artifact (a store miss, a node's 404, no peer holding it).
func (e *Error) Is(target error) bool { return target == ErrMissing && e.missing() }

func (e *Error) missing() bool {
	return e.Fault == FaultNotHeld || e.Fault == FaultNodeMissing || e.Fault == FaultNoPeer
}

// Temporary reports whether the failure may pass if asked again: a source that lacks
// the artifact or could not be reached, a 5xx, a store that could not be read. Await
// retries exactly these, and Fetch prefers one to a later source's definitive answer
// only when it is not a mere miss. A mismatch, a URL's refusal, a 404 or another status
// is definitive: every validator asking meets it alike.
func (e *Error) Temporary() bool {
	switch e.Fault {
	case FaultNoSource, FaultNotHeld, FaultNodeMissing, FaultNoPeer, FaultUnreadable, FaultDeadline, FaultUnfetched:
		return true
	case FaultStatus:
		return e.Code >= 500
	case FaultFetch:
		return e.Fetch == nil || e.Fetch == fetch.ErrTimeout || e.Fetch == fetch.ErrUnreachable || e.Fetch == fetch.ErrCanceled
	}
	return false
}

// mismatch is the failure of bytes that do not hash to their digest.
func mismatch(where, d string) *Error { return &Error{Fault: FaultMismatch, Digest: d, Where: where} }

// tooLarge is the failure of an answer over limit bytes.
func tooLarge(where, d string, limit int64) *Error {
	return &Error{Fault: FaultTooLarge, Digest: d, Where: where, Limit: limit}
}

// status is the failure of an answer other than 200.
func status(where, d string, code int, err error) *Error {
	return &Error{Fault: FaultStatus, Digest: d, Where: where, Code: code, Err: err}
}

// transport is the failure to reach a host or read its answer.
func transport(where, d string, err error) *Error {
	var ne net.Error
	var dns *net.DNSError
	f := fetch.ErrUnreachable
	switch {
	case errors.Is(err, context.Canceled):
		f = fetch.ErrCanceled
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
		f = fetch.ErrTimeout
	case errors.As(err, &dns) && dns.IsNotFound:
		f = fetch.ErrHostNotFound
	}
	return &Error{Fault: FaultFetch, Digest: d, Where: where, Fetch: f, Err: err}
}

// classifyFetch types an error of fetch.Client.Fetch for the artifact d at the URL where.
func classifyFetch(where, d string, err error) *Error {
	var f *fetch.Failure
	var st *fetch.StatusError
	switch {
	case errors.As(err, &f) && f == fetch.ErrTooLarge:
		return &Error{Fault: FaultTooLarge, Digest: d, Where: where, Limit: MaxBytes, Err: err}
	case errors.As(err, &f):
		return &Error{Fault: FaultFetch, Digest: d, Where: where, Fetch: f, Err: err}
	case errors.As(err, &st):
		return status(where, d, st.Code, err)
	}
	return &Error{Fault: FaultFetch, Digest: d, Where: where, Fetch: fetch.ErrUnreachable, Err: err}
}
