package call

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"syscall"
	"time"

	"github.com/arena/arena/grading"
)

// Policy is how a backend retries and times out one model call. Zero fields take the
// defaults of DefaultPolicy.
type Policy struct {
	Attempts int           // calls in all, the first included; default 3
	Base     time.Duration // delay after the first failure; default 500 ms
	Max      time.Duration // longest delay; a longer Retry-After gives up; default 10 s
	Timeout  time.Duration // limit on each call; default 60 s
	// Sleep waits d or until ctx is done; nil waits on a timer. Tests inject one that
	// records the delays and returns at once.
	Sleep func(ctx context.Context, d time.Duration) error
}

// DefaultPolicy returns the defaults: 3 attempts, delays of 500 ms then 1 s (doubling,
// at most 10 s), and 60 s per call.
func DefaultPolicy() Policy {
	return Policy{Attempts: 3, Base: 500 * time.Millisecond, Max: 10 * time.Second, Timeout: 60 * time.Second}
}

func (p Policy) withDefaults() Policy {
	d := DefaultPolicy()
	if p.Attempts <= 0 {
		p.Attempts = d.Attempts
	}
	if p.Base <= 0 {
		p.Base = d.Base
	}
	if p.Max <= 0 {
		p.Max = d.Max
	}
	if p.Timeout <= 0 {
		p.Timeout = d.Timeout
	}
	if p.Sleep == nil {
		p.Sleep = sleep
	}
	return p
}

// Delay returns the wait after the n-th failed attempt (n >= 1): Base doubled n-1
// times, at most Max. There is no jitter, so the schedule is the same every run.
func (p Policy) Delay(n int) time.Duration {
	p = p.withDefaults()
	d := p.Base
	for i := 1; i < n && d < p.Max; i++ {
		d *= 2
	}
	return min(d, p.Max)
}

// Do runs attempt, each time under its own Timeout, until it succeeds, fails in a way
// that is not retried, or has run Attempts times. Only a 429, a 408, a 5xx (as an
// *HTTPError), a timeout and a connection failure are retried, after Delay(n) or the
// server's Retry-After if that is longer. When retries run out, or ctx ends, the error
// wraps grading.ErrModelUnavailable; any other HTTP status wraps
// grading.ErrModelRefused; other errors come back as attempt returned them.
func (p Policy) Do(ctx context.Context, attempt func(ctx context.Context) error) error {
	p = p.withDefaults()
	for n := 1; ; n++ {
		timedOut, err := p.once(ctx, attempt)
		switch {
		case err == nil:
			return nil
		case ctx.Err() != nil:
			return fmt.Errorf("%w: %w", grading.ErrModelUnavailable, err)
		case !timedOut && !Retryable(err):
			return refused(err)
		case n >= p.Attempts:
			return fmt.Errorf("%w after %d attempts: %w", grading.ErrModelUnavailable, n, err)
		}
		d := p.Delay(n)
		if ra := retryAfter(err); ra > p.Max {
			return fmt.Errorf("%w: server asks to wait %v: %w", grading.ErrModelUnavailable, ra, err)
		} else if ra > d {
			d = ra
		}
		if serr := p.Sleep(ctx, d); serr != nil {
			return fmt.Errorf("%w: %w", grading.ErrModelUnavailable, err)
		}
	}
}

// once runs one attempt under the per-call timeout and reports whether that timeout
// is what ended it.
func (p Policy) once(ctx context.Context, attempt func(ctx context.Context) error) (bool, error) {
	actx, cancel := context.WithTimeout(ctx, p.Timeout)
	defer cancel()
	err := attempt(actx)
	return err != nil && ctx.Err() == nil && errors.Is(actx.Err(), context.DeadlineExceeded), err
}

func refused(err error) error {
	var he *HTTPError
	if errors.As(err, &he) && !errors.Is(err, grading.ErrModelRefused) {
		return fmt.Errorf("%w: %w", grading.ErrModelRefused, err)
	}
	return err
}

// Retryable reports whether err is a failure worth another attempt: an *HTTPError with
// status 408, 429 or 5xx, a timeout, or a failed or broken connection.
func Retryable(err error) bool {
	var he *HTTPError
	if errors.As(err, &he) {
		return he.Code == http.StatusTooManyRequests || he.Code == http.StatusRequestTimeout ||
			he.Code >= 500 && he.Code <= 599
	}
	if errors.Is(err, grading.ErrModelRefused) || errors.Is(err, context.Canceled) {
		return false
	}
	var ne net.Error
	return errors.Is(err, context.DeadlineExceeded) || errors.As(err, &ne) ||
		errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, syscall.ECONNRESET) ||
		errors.Is(err, syscall.ECONNREFUSED)
}

func retryAfter(err error) time.Duration {
	var he *HTTPError
	if errors.As(err, &he) {
		return he.RetryAfter
	}
	return 0
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// HTTPError is a model server's answer other than success.
type HTTPError struct {
	Code       int           // the HTTP status
	RetryAfter time.Duration // from Retry-After (or retry-after-ms); 0 if absent
	Body       string        // the start of the error body, for logs
}

// Error returns "model server returned <code>: <body>".
func (e *HTTPError) Error() string {
	return fmt.Sprintf("model server returned %d: %.200s", e.Code, e.Body)
}

// Status returns the *HTTPError for a failed response with status code, headers h and
// body, reading Retry-After as seconds or an HTTP date, and retry-after-ms as
// milliseconds.
func Status(code int, h http.Header, body string) *HTTPError {
	return &HTTPError{Code: code, RetryAfter: parseRetryAfter(h), Body: body}
}

func parseRetryAfter(h http.Header) time.Duration {
	if h == nil {
		return 0
	}
	if ms, err := strconv.ParseFloat(h.Get("Retry-After-Ms"), 64); err == nil && ms > 0 {
		return time.Duration(ms * float64(time.Millisecond))
	}
	v := h.Get("Retry-After")
	if s, err := strconv.Atoi(v); err == nil && s > 0 {
		return time.Duration(s) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(0, time.Until(t))
	}
	return 0
}
