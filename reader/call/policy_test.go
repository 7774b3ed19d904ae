package call

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/grading"
)

// TestDelaysDoubleWithoutJitter: "exponential backoff with jitter-free deterministic
// delays": Base, doubled per failure, capped at Max.
func TestDelaysDoubleWithoutJitter(t *testing.T) {
	p := Policy{Base: 500 * time.Millisecond, Max: 3 * time.Second}
	var got []time.Duration
	for n := 1; n <= 6; n++ {
		got = append(got, p.Delay(n))
	}
	want := []time.Duration{500 * time.Millisecond, time.Second, 2 * time.Second, 3 * time.Second, 3 * time.Second, 3 * time.Second}
	if d := cmp.Diff(want, got); d != "" {
		t.Fatalf("delays (-want +got):\n%s", d)
	}
}

// TestOnlyTransientFailuresAreRetried: "retry only on 429/5xx/timeouts/connection
// errors, never on other 4xx".
func TestOnlyTransientFailuresAreRetried(t *testing.T) {
	tests := []struct {
		err  error
		want bool
	}{
		{Status(429, nil, ""), true},
		{Status(408, nil, ""), true},
		{Status(500, nil, ""), true},
		{Status(503, nil, ""), true},
		{Status(529, nil, ""), true},
		{fmt.Errorf("wrapped: %w", Status(502, nil, "")), true},
		{Status(400, nil, ""), false},
		{Status(401, nil, ""), false},
		{Status(403, nil, ""), false},
		{Status(404, nil, ""), false},
		{Status(422, nil, ""), false},
		{context.DeadlineExceeded, true},
		{&net.OpError{Op: "dial", Err: syscall.ECONNREFUSED}, true},
		{syscall.ECONNRESET, true},
		{io.ErrUnexpectedEOF, true},
		{context.Canceled, false},
		{fmt.Errorf("%w: no choices", grading.ErrModelRefused), false},
		{errors.New("some other failure"), false},
	}
	for _, tc := range tests {
		if got := Retryable(tc.err); got != tc.want {
			t.Errorf("Retryable(%v) = %v, want %v", tc.err, got, tc.want)
		}
	}
}

// TestRetryAfterIsRead: Retry-After in seconds or as an HTTP date, and retry-after-ms.
func TestRetryAfterIsRead(t *testing.T) {
	h := func(k, v string) http.Header { return http.Header{k: {v}} }
	tests := []struct {
		h    http.Header
		want time.Duration
	}{
		{nil, 0},
		{h("Retry-After", "7"), 7 * time.Second},
		{h("Retry-After", "0"), 0},
		{h("Retry-After", "soon"), 0},
		{h("Retry-After-Ms", "250"), 250 * time.Millisecond},
		{h("Retry-After", time.Now().Add(-time.Hour).UTC().Format(http.TimeFormat)), 0},
	}
	for _, tc := range tests {
		if got := Status(429, tc.h, "").RetryAfter; got != tc.want {
			t.Errorf("Status(429, %v).RetryAfter = %v, want %v", tc.h, got, tc.want)
		}
	}
	future := Status(429, h("Retry-After", time.Now().Add(time.Minute).UTC().Format(http.TimeFormat)), "").RetryAfter
	if future < 50*time.Second || future > time.Minute {
		t.Errorf("Retry-After a minute ahead read as %v", future)
	}
}

// script returns an attempt that fails with errs in turn, then succeeds, counting calls.
func script(n *int, errs ...error) func(context.Context) error {
	return func(context.Context) error {
		*n++
		if *n <= len(errs) {
			return errs[*n-1]
		}
		return nil
	}
}

func recording(got *[]time.Duration) Policy {
	return Policy{Attempts: 3, Base: time.Second, Max: 5 * time.Second, Timeout: time.Second,
		Sleep: func(_ context.Context, d time.Duration) error { *got = append(*got, d); return nil }}
}

// TestDoClassesWhatItGaveUpOn: retries run out into ErrModelUnavailable, a refused
// request becomes ErrModelRefused at once, and a Retry-After beyond Max is not waited.
func TestDoClassesWhatItGaveUpOn(t *testing.T) {
	tests := []struct {
		name   string
		errs   []error
		want   error
		calls  int
		delays []time.Duration
	}{
		{"recovers", []error{Status(503, nil, ""), Status(429, nil, "")}, nil, 3, []time.Duration{time.Second, 2 * time.Second}},
		{"runs out", []error{Status(503, nil, ""), Status(503, nil, ""), Status(503, nil, "")}, grading.ErrModelUnavailable, 3, []time.Duration{time.Second, 2 * time.Second}},
		{"refused", []error{Status(401, nil, "")}, grading.ErrModelRefused, 1, nil},
		{"retry-after honoured", []error{Status(429, http.Header{"Retry-After": {"4"}}, "")}, nil, 2, []time.Duration{4 * time.Second}},
		{"retry-after too long", []error{Status(429, http.Header{"Retry-After": {"60"}}, "")}, grading.ErrModelUnavailable, 1, nil},
	}
	for _, tc := range tests {
		var delays []time.Duration
		n := 0
		err := recording(&delays).Do(context.Background(), script(&n, tc.errs...))
		if tc.want == nil && err != nil || tc.want != nil && !errors.Is(err, tc.want) {
			t.Errorf("%s: err = %v, want %v", tc.name, err, tc.want)
		}
		if n != tc.calls {
			t.Errorf("%s: %d calls, want %d", tc.name, n, tc.calls)
		}
		if d := cmp.Diff(tc.delays, delays); d != "" {
			t.Errorf("%s: delays (-want +got):\n%s", tc.name, d)
		}
	}
}

// TestEachCallHasItsOwnTimeout: an attempt that outlives Timeout is cut off and
// retried; when the caller's context ends, Do stops at once.
func TestEachCallHasItsOwnTimeout(t *testing.T) {
	var delays []time.Duration
	p := recording(&delays)
	p.Timeout = 20 * time.Millisecond
	n := 0
	err := p.Do(context.Background(), func(ctx context.Context) error {
		n++
		<-ctx.Done()
		return ctx.Err()
	})
	if !errors.Is(err, grading.ErrModelUnavailable) || n != 3 {
		t.Fatalf("err = %v after %d calls, want ErrModelUnavailable after 3", err, n)
	}
	ctx, cancel := context.WithCancel(context.Background())
	n = 0
	err = p.Do(ctx, func(context.Context) error { n++; cancel(); return Status(503, nil, "") })
	if !errors.Is(err, grading.ErrModelUnavailable) || n != 1 {
		t.Fatalf("cancelled: err = %v after %d calls, want ErrModelUnavailable after 1", err, n)
	}
}
