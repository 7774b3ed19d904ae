package fetch

import (
	"fmt"
	"strconv"

	"github.com/arena/arena/ledger"
)

// Failure is one kind of failed fetch: its protocol class and the fixed message that
// consensus compares. Compare with errors.Is against the Err values below.
type Failure struct {
	class ledger.Class
	msg   string // the protocol message
	text  string // the lower-case Go error text
}

// Error returns the lower-case description of the failure.
func (f *Failure) Error() string { return f.text }

// Class returns the protocol class of the failure.
func (f *Failure) Class() ledger.Class { return f.class }

// Message returns the fixed protocol message of the failure.
func (f *Failure) Message() string { return f.msg }

func failure(c ledger.Class, msg, text string) *Failure {
	return &Failure{class: c, msg: msg, text: text}
}

// The kinds of failed fetch other than an HTTP status (see StatusError).
var (
	ErrTooLarge         = failure(ledger.External, "Work exceeds 512 KiB", "body exceeds the size limit")
	ErrPrivateAddress   = failure(ledger.External, "Work URL resolves to a private address", "address is not public")
	ErrNotHTTPS         = failure(ledger.External, "Work URL must use https", "url is not https")
	ErrBadURL           = failure(ledger.External, "Work URL is invalid", "url is not a plain https url")
	ErrContentType      = failure(ledger.External, "Work must be text or markdown", "body is not utf-8 text or markdown")
	ErrTooManyRedirects = failure(ledger.External, "Work URL redirects too many times", "too many redirects")
	ErrCertificate      = failure(ledger.External, "Work host certificate is invalid", "certificate not trusted")
	ErrTimeout          = failure(ledger.Transient, "Work host unavailable (timeout)", "timed out")
	ErrUnreachable      = failure(ledger.Transient, "Work host unavailable (connection failed)", "connection failed")
	ErrHostNotFound     = failure(ledger.External, "Work host not found", "no such host")
	ErrCanceled         = failure(ledger.Transient, "Grading cancelled", "cancelled")
)

// StatusError is a work host's answer other than 200 OK.
type StatusError struct {
	Code int // the HTTP status code
}

// Error returns "work host returned <code>".
func (e *StatusError) Error() string { return "work host returned " + strconv.Itoa(e.Code) }

// StatusCode returns the HTTP status code.
func (e *StatusError) StatusCode() int { return e.Code }

// Class is Transient for a 5xx status and External for any other.
func (e *StatusError) Class() ledger.Class {
	if e.Code >= 500 && e.Code <= 599 {
		return ledger.Transient
	}
	return ledger.External
}

// Message returns "Work host unavailable (503)" for a 5xx and "Work URL returned 404"
// for any other status.
func (e *StatusError) Message() string {
	if e.Class() == ledger.Transient {
		return "Work host unavailable (" + strconv.Itoa(e.Code) + ")"
	}
	return "Work URL returned " + strconv.Itoa(e.Code)
}

// classed is what every cause Fetch reports implements.
type classed interface {
	error
	Class() ledger.Class
	Message() string
}

// Error is every failure Fetch returns: the URL asked for, the kind of failure (a
// *Failure or a *StatusError) and, where there was one, the underlying cause. It unwraps
// to both, so errors.Is(err, ErrTooLarge) and errors.Is(err, context.DeadlineExceeded)
// work alike.
type Error struct {
	URL   string
	Kind  classed
	Cause error // may be nil
	msg   string
}

// Error returns "fetch <url>: <kind>[: <cause>]".
func (e *Error) Error() string {
	s := fmt.Sprintf("fetch %s: %v", e.URL, e.Kind)
	if e.Cause != nil {
		s += ": " + e.Cause.Error()
	}
	return s
}

// Unwrap returns the kind and the cause.
func (e *Error) Unwrap() []error {
	if e.Cause == nil {
		return []error{e.Kind}
	}
	return []error{e.Kind, e.Cause}
}

// Class returns the protocol class of the failure.
func (e *Error) Class() ledger.Class { return e.Kind.Class() }

// Message returns the fixed protocol message of the failure.
func (e *Error) Message() string {
	if e.msg != "" {
		return e.msg
	}
	return e.Kind.Message()
}

// sizeText renders a byte limit as the size message states it: "512 KiB", "2 MiB",
// or "1000 bytes".
func sizeText(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + " MiB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + " KiB"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}
