package grading

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/arena/arena/fetch"
	"github.com/arena/arena/ledger"
)

var errTimeout = &net.OpError{Op: "dial", Net: "tcp", Err: timeoutErr{}}

type timeoutErr struct{}

func (timeoutErr) Error() string   { return "i/o timeout" }
func (timeoutErr) Timeout() bool   { return true }
func (timeoutErr) Temporary() bool { return true }

// statusErr is what package fetch returns for a work host's answer other than 200.
func statusErr(code int) error { return &fetch.StatusError{Code: code} }

// fetchErr wraps kind as fetch.Client.Fetch returns it.
func fetchErr(kind, cause error) error {
	return &fetch.Error{URL: "https://w.example/x", Kind: kind, Cause: cause}
}

// TestFetchFailuresAreClassed: seed 000, "[EXTERNAL] Work URL returned 404 ...
// identical, so 404 and 403 disagree; [TRANSIENT] Work host unavailable (503)".
func TestFetchFailuresAreClassed(t *testing.T) {
	tests := []struct {
		err  error
		want string
	}{
		{statusErr(404), "[EXTERNAL] Work URL returned 404"},
		{fmt.Errorf("fetch https://x: %w", statusErr(403)), "[EXTERNAL] Work URL returned 403"},
		{fetchErr(statusErr(410), nil), "[EXTERNAL] Work URL returned 410"},
		{statusErr(503), "[TRANSIENT] Work host unavailable (503)"},
		{statusErr(500), "[TRANSIENT] Work host unavailable (500)"},
		{context.DeadlineExceeded, "[TRANSIENT] Work host unavailable (timeout)"},
		{fmt.Errorf("get: %w", errTimeout), "[TRANSIENT] Work host unavailable (timeout)"},
		{&net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}, "[TRANSIENT] Work host unavailable (connection failed)"},
		{&net.DNSError{Err: "no such host", Name: "nowhere.example", IsNotFound: true}, "[EXTERNAL] Work host not found"},
		{context.Canceled, "[TRANSIENT] Grading cancelled"},
		{ErrNoFetcher, "[TRANSIENT] Work host unavailable (no fetcher configured)"},
		{ErrWorkChanged, "[EXTERNAL] Work changed since filing"},
		{fmt.Errorf("work of entry 3: %w", ErrWorkChanged), "[EXTERNAL] Work changed since filing"},
		{fetchErr(fetch.ErrTooLarge, nil), "[EXTERNAL] Work exceeds 512 KiB"},
		{&fetch.Error{Kind: fetch.ErrTooLarge, Limit: 1 << 20}, "[EXTERNAL] Work exceeds 1 MiB"},
		{fmt.Errorf("fetch: %w", fetch.ErrNotHTTPS), "[EXTERNAL] Work URL must use https"},
		{fetchErr(fetch.ErrTimeout, context.DeadlineExceeded), "[TRANSIENT] Work host unavailable (timeout)"},
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

// TestEveryFetchKindHasItsProtocolMessage pins the whole surface fetching adds to the
// protocol: each of package fetch's kinds, as Fetch returns it, with its class and exact
// message (seed 000, "Every refusal has an exact message").
func TestEveryFetchKindHasItsProtocolMessage(t *testing.T) {
	tests := []struct {
		kind  error
		class ledger.Class
		msg   string
	}{
		{&fetch.StatusError{Code: 404}, ledger.External, "Work URL returned 404"},
		{&fetch.StatusError{Code: 403}, ledger.External, "Work URL returned 403"},
		{&fetch.StatusError{Code: 503}, ledger.Transient, "Work host unavailable (503)"},
		{fetch.ErrTimeout, ledger.Transient, "Work host unavailable (timeout)"},
		{fetch.ErrUnreachable, ledger.Transient, "Work host unavailable (connection failed)"},
		{fetch.ErrTooLarge, ledger.External, "Work exceeds 512 KiB"},
		{fetch.ErrPrivateAddress, ledger.External, "Work URL resolves to a private address"},
		{fetch.ErrNotHTTPS, ledger.External, "Work URL must use https"},
		{fetch.ErrBadURL, ledger.External, "Work URL is invalid"},
		{fetch.ErrContentType, ledger.External, "Work must be text or markdown"},
		{fetch.ErrTooManyRedirects, ledger.External, "Work URL redirects too many times"},
		{fetch.ErrCertificate, ledger.External, "Work host certificate is invalid"},
		{fetch.ErrHostNotFound, ledger.External, "Work host not found"},
		{fetch.ErrCanceled, ledger.Transient, "Grading cancelled"},
	}
	for _, tc := range tests {
		for _, err := range []error{tc.kind, fetchErr(tc.kind, nil), fetchErr(tc.kind, errors.New("cause"))} {
			if got := ClassifyFetch(err); got.Class != tc.class || got.Msg != tc.msg {
				t.Errorf("ClassifyFetch(%v) = %v %q, want %v %q", err, got.Class, got.Msg, tc.class, tc.msg)
			}
		}
	}
}

// TestSizeText: the size in a message reads as a person would write the limit.
func TestSizeText(t *testing.T) {
	for n, want := range map[int64]string{512 << 10: "512 KiB", 1 << 20: "1 MiB", 1000: "1000 bytes", 1536: "1536 bytes", 3 << 10: "3 KiB"} {
		if got := sizeText(n); got != want {
			t.Errorf("sizeText(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestARealFetchReadsAsProtocolText: what a fetch.Client returns, classed, is the exact
// text consensus compares: a status, a refusal before any connection, and the size
// limit the client was configured with.
func TestARealFetchReadsAsProtocolText(t *testing.T) {
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/missing" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/plain")
		w.Write([]byte(strings.Repeat("x", 2<<10)))
	}))
	defer srv.Close()
	c := fetch.New(fetch.Config{MaxBytes: 1 << 10, AllowLoopback: true, RootCAs: srv.Client().Transport.(*http.Transport).TLSClientConfig.RootCAs})
	for _, tc := range []struct{ url, want string }{
		{srv.URL + "/missing", "[EXTERNAL] Work URL returned 404"},
		{srv.URL + "/big", "[EXTERNAL] Work exceeds 1 KiB"},
		{"http://w.example/note", "[EXTERNAL] Work URL must use https"},
	} {
		_, err := c.Fetch(context.Background(), tc.url)
		if got := ClassifyFetch(err).Error(); got != tc.want {
			t.Errorf("Fetch(%s) classed %q, want %q", tc.url, got, tc.want)
		}
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
		{ErrNoModel, "[TRANSIENT] Model unavailable"},
		{context.DeadlineExceeded, "[TRANSIENT] Model unavailable"},
		{fmt.Errorf("anthropic: 400: %w", ErrModelRefused), "[LLM_ERROR] Model refused the request"},
		{errors.New("decode: unexpected EOF"), "[LLM_ERROR] Model call failed"},
	}
	for _, tc := range tests {
		if got := ClassifyModel(tc.err).Error(); got != tc.want {
			t.Errorf("ClassifyModel(%v) = %q, want %q", tc.err, got, tc.want)
		}
	}
	if got := ClassifyAnswer(errors.New("no rung")).Error(); got != "[LLM_ERROR] No merit rung in the response" {
		t.Errorf("ClassifyAnswer = %q", got)
	}
}

// TestNoRungIsNotARefusal: issue, "what is truly not a reading must say so, distinct from
// a provider refusal". An answer without a rung and a provider's refusal are both
// LLM_ERROR, each with its own message.
func TestNoRungIsNotARefusal(t *testing.T) {
	noRung := ClassifyAnswer(errors.New("no merit rung in the response"))
	refused := ClassifyModel(fmt.Errorf("openai m: %w: model declined", ErrModelRefused))
	if got, want := noRung.Error(), "[LLM_ERROR] No merit rung in the response"; got != want {
		t.Errorf("ClassifyAnswer = %q, want %q", got, want)
	}
	if got, want := refused.Error(), "[LLM_ERROR] Model refused the request"; got != want {
		t.Errorf("ClassifyModel(refusal) = %q, want %q", got, want)
	}
	if noRung.Class != ledger.LLMError || refused.Class != ledger.LLMError || noRung.Msg == refused.Msg {
		t.Errorf("no rung %+v and refusal %+v must be LLM_ERROR with distinct messages", noRung, refused)
	}
}

// TestEveryShapeFailureHasItsProtocolMessage: FACTS §2.4, "Outside 0..5 → [LLM_ERROR]
// score was outside 0..5", and every other way an answer is not a scorecard or a
// scorability verdict is an [LLM_ERROR] with one fixed message, found through any
// wrapping; anything else is [LLM_ERROR] response was not the verdict asked for.
func TestEveryShapeFailureHasItsProtocolMessage(t *testing.T) {
	tests := []struct {
		err  error
		want string
	}{
		{ErrNoObject, "[LLM_ERROR] response held no JSON object"},
		{ErrNoScores, "[LLM_ERROR] response held no list of scores"},
		{ErrScoreCount, "[LLM_ERROR] scorecard did not have one row per criterion"},
		{ErrCriterion, "[LLM_ERROR] a row named no criterion in range"},
		{ErrCriterionRepeat, "[LLM_ERROR] a criterion was scored twice"},
		{ErrScoreValue, "[LLM_ERROR] score was not a number"},
		{fmt.Errorf("row 2: score 6: %w", ErrScoreRange), "[LLM_ERROR] score was outside 0..5"},
		{ErrReason, "[LLM_ERROR] reason was missing or under 3 characters"},
		{ErrNoVerdict, "[LLM_ERROR] response held no scorability verdict"},
		{errors.New("something else"), "[LLM_ERROR] response was not the verdict asked for"},
	}
	for _, tc := range tests {
		got := ClassifyShape(tc.err)
		if got.Error() != tc.want || got.Class != ledger.LLMError || !errors.Is(got, tc.err) {
			t.Errorf("ClassifyShape(%v) = %q, want %q with the cause kept", tc.err, got, tc.want)
		}
	}
}
