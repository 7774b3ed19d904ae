package grading

import (
	"context"
	"errors"
	"fmt"
	"net"
	"testing"

	"github.com/arena/arena/ledger"
)

var errTimeout = &net.OpError{Op: "dial", Net: "tcp", Err: timeoutErr{}}

type timeoutErr struct{}

func (timeoutErr) Error() string   { return "i/o timeout" }
func (timeoutErr) Timeout() bool   { return true }
func (timeoutErr) Temporary() bool { return true }

// TestFetchFailuresAreClassed: seed 000, "[EXTERNAL] Work URL returned 404 ...
// identical, so 404 and 403 disagree; [TRANSIENT] Work host unavailable (503)".
func TestFetchFailuresAreClassed(t *testing.T) {
	tests := []struct {
		err  error
		want string
	}{
		{statusErr(404), "[EXTERNAL] Work URL returned 404"},
		{fmt.Errorf("fetch https://x: %w", statusErr(403)), "[EXTERNAL] Work URL returned 403"},
		{statusErr(410), "[EXTERNAL] Work URL returned 410"},
		{statusErr(503), "[TRANSIENT] Work host unavailable (503)"},
		{statusErr(500), "[TRANSIENT] Work host unavailable (500)"},
		{context.DeadlineExceeded, "[TRANSIENT] Work host unavailable (timeout)"},
		{fmt.Errorf("get: %w", errTimeout), "[TRANSIENT] Work host unavailable (timeout)"},
		{&net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}, "[TRANSIENT] Work host unavailable (connection failed)"},
		{&net.DNSError{Err: "no such host", Name: "nowhere.example", IsNotFound: true}, "[EXTERNAL] Work host not found"},
		{context.Canceled, "[TRANSIENT] Grading cancelled"},
		{classedErr{ledger.External, "Work is larger than 1 MiB"}, "[EXTERNAL] Work is larger than 1 MiB"},
		{fmt.Errorf("fetch: %w", classedErr{ledger.External, "Work URL must be https"}), "[EXTERNAL] Work URL must be https"},
		{errors.New("tls: bad certificate"), "[EXTERNAL] Work URL could not be fetched"},
	}
	for _, tc := range tests {
		got := ClassifyFetch(tc.err)
		if got.Error() != tc.want || !errors.Is(got, tc.err) {
			t.Errorf("ClassifyFetch(%v) = %q, want %q (cause kept: %v)", tc.err, got, tc.want, errors.Is(got, tc.err))
		}
	}
	if ClassifyFetch(statusErr(404)).Error() == ClassifyFetch(statusErr(403)).Error() {
		t.Error("404 and 403 must disagree")
	}
}

// TestModelFailuresAreClassed: an unreachable model is transient; a refusal is an
// LLM_ERROR, which never agrees.
func TestModelFailuresAreClassed(t *testing.T) {
	tests := []struct {
		err  error
		want string
	}{
		{fmt.Errorf("openai: 429: %w", ErrModelUnavailable), "[TRANSIENT] Model unavailable"},
		{context.DeadlineExceeded, "[TRANSIENT] Model unavailable"},
		{fmt.Errorf("anthropic: 400: %w", ErrModelRefused), "[LLM_ERROR] Model refused the request"},
		{errors.New("decode: unexpected EOF"), "[LLM_ERROR] Model call failed"},
	}
	for _, tc := range tests {
		if got := ClassifyModel(tc.err).Error(); got != tc.want {
			t.Errorf("ClassifyModel(%v) = %q, want %q", tc.err, got, tc.want)
		}
	}
}
