package fetch

import "strconv"

// Failure is one kind of failed fetch. Compare with errors.Is against the Err values
// below. A Failure carries no protocol class or message: grading.ClassifyFetch gives
// each kind the text consensus compares.
type Failure struct {
	text string // the lower-case Go error text
}

// Error returns the lower-case description of the failure.
func (f *Failure) Error() string { return f.text }

// The kinds of failed fetch other than an HTTP status (see StatusError).
var (
	ErrTooLarge         = &Failure{"body exceeds the size limit"}
	ErrPrivateAddress   = &Failure{"address is not public"}
	ErrNotHTTPS         = &Failure{"url is not https"}
	ErrBadURL           = &Failure{"url is not a plain https url"}
	ErrContentType      = &Failure{"body is not utf-8 text or markdown"}
	ErrTooManyRedirects = &Failure{"too many redirects"}
	ErrCertificate      = &Failure{"certificate not trusted"}
	ErrTimeout          = &Failure{"timed out"}
	ErrUnreachable      = &Failure{"connection failed"}
	ErrHostNotFound     = &Failure{"no such host"}
	ErrCanceled         = &Failure{"cancelled"}
)

// StatusError is a work host's answer other than 200 OK.
type StatusError struct {
	Code int // the HTTP status code
}

// Error returns "work host returned <code>".
func (e *StatusError) Error() string { return "work host returned " + strconv.Itoa(e.Code) }

// StatusCode returns the HTTP status code.
func (e *StatusError) StatusCode() int { return e.Code }

// Error is every failure Fetch returns: the URL asked for, the kind of failure (a
// *Failure or a *StatusError) and, where there was one, the underlying cause. It unwraps
// to both, so errors.Is(err, ErrTooLarge) and errors.Is(err, context.DeadlineExceeded)
// work alike.
type Error struct {
	URL   string
	Kind  error // a *Failure or a *StatusError; never nil
	Cause error // may be nil
	// Limit is the body size limit the fetch was held to, in bytes, when Kind is
	// ErrTooLarge; 0 otherwise. It is the configured limit, never the bytes read, so two
	// validators with the same limit fail alike.
	Limit int64
}

// Error returns "fetch <url>: <kind>[: <cause>]".
func (e *Error) Error() string {
	s := "fetch " + e.URL + ": " + e.Kind.Error()
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
