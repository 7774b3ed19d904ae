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
	"time"

	"github.com/arena/arena/blobs"
	"github.com/arena/arena/fetch"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/sandbox"
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

// TestARunsFailureIsTheGatesOrTheValidators: a program run keeps the classed failure a
// gate, a source or its kind wrote, byte for byte; anything else is the validator's own
// failure, [TRANSIENT], never the program's.
func TestARunsFailureIsTheGatesOrTheValidators(t *testing.T) {
	gate := ledger.NewError(ledger.Expected, "The program does not export run")
	tests := []struct {
		err  error
		want string
	}{
		{gate, "[EXPECTED] The program does not export run"},
		{fmt.Errorf("module: %w", gate), "[EXPECTED] The program does not export run"},
		{fmt.Errorf("case 3: %w", context.DeadlineExceeded), "[TRANSIENT] The run was stopped by its deadline before its gas ran out"},
		{context.Canceled, "[TRANSIENT] Grading cancelled"},
		{errors.New("panic: index out of range"), "[TRANSIENT] The validator's runtime failed"},
	}
	for _, tc := range tests {
		got := ClassifyRun(tc.err)
		if got.Error() != tc.want || !(errors.Is(got, tc.err) || errors.Is(tc.err, got)) {
			t.Errorf("ClassifyRun(%v) = %q, want %q, the cause kept or the failure found in it", tc.err, got, tc.want)
		}
	}
}

// TestEveryArtifactFailureHasItsProtocolMessage pins the whole surface fetching an
// artifact by digest adds to the protocol: each of package blobs' faults, as Fetch and
// Await return it, with its class and exact message.
func TestEveryArtifactFailureHasItsProtocolMessage(t *testing.T) {
	const d = "0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c"
	const url = "https://artifacts.example/a.wasm"
	const node = "http://10.0.0.2:7545/v1/blobs/" + d
	notHeld := &blobs.Error{Fault: blobs.FaultNotHeld, Digest: d, Where: "this node's blob store"}
	tests := []struct {
		err  *blobs.Error
		want string
	}{
		{&blobs.Error{Fault: blobs.FaultDigest, Digest: "ABC"}, `[EXPECTED] The artifact digest "ABC" is not 64 lowercase hex digits`},
		{&blobs.Error{Fault: blobs.FaultDigest, Digest: strings.Repeat("x", 81)}, `[EXPECTED] The artifact digest "` + strings.Repeat("x", 80) + `..." is not 64 lowercase hex digits`},
		{&blobs.Error{Fault: blobs.FaultNoSource, Digest: d}, "[TRANSIENT] No source to fetch the artifact " + d + " from"},
		{&blobs.Error{Fault: blobs.FaultMismatch, Digest: d, Where: url}, "[EXTERNAL] The artifact at " + url + " does not match its digest " + d},
		{&blobs.Error{Fault: blobs.FaultTooLarge, Digest: d, Where: url, Limit: blobs.MaxBytes}, "[EXTERNAL] The artifact at " + url + " exceeds 16777216 bytes"},
		{&blobs.Error{Fault: blobs.FaultTooLarge, Digest: d, Where: node, Limit: 64}, "[EXTERNAL] The artifact at " + node + " exceeds 64 bytes"},
		{notHeld, "[TRANSIENT] The artifact " + d + " is not in this node's blob store"},
		{&blobs.Error{Fault: blobs.FaultNodeMissing, Digest: d, Where: node}, "[TRANSIENT] The artifact at " + node + " was not found (404)"},
		{&blobs.Error{Fault: blobs.FaultNoPeer, Digest: d, Where: "any of the 4 peers asked", Peers: 4}, "[TRANSIENT] The artifact " + d + " is held by none of the 4 peers asked"},
		{&blobs.Error{Fault: blobs.FaultNoPeer, Digest: d, Where: "any of the 1 peers asked", Peers: 1}, "[TRANSIENT] The artifact " + d + " is held by none of the 1 peer asked"},
		{&blobs.Error{Fault: blobs.FaultNoPeer, Digest: d, Peers: 0}, "[TRANSIENT] The artifact " + d + " is held by none of the 0 peers asked"},
		{&blobs.Error{Fault: blobs.FaultStatus, Digest: d, Where: url, Code: 404}, "[EXTERNAL] The artifact at " + url + " was not found (404)"},
		{&blobs.Error{Fault: blobs.FaultStatus, Digest: d, Where: node, Code: 403}, "[EXTERNAL] The artifact at " + node + " answered 403"},
		{&blobs.Error{Fault: blobs.FaultStatus, Digest: d, Where: node, Code: 302}, "[EXTERNAL] The artifact at " + node + " answered 302"},
		{&blobs.Error{Fault: blobs.FaultStatus, Digest: d, Where: url, Code: 502}, "[TRANSIENT] The artifact host of " + url + " is unavailable (502)"},
		{&blobs.Error{Fault: blobs.FaultFetch, Digest: d, Where: url, Fetch: fetch.ErrPrivateAddress}, "[EXTERNAL] The artifact URL " + url + " resolves to a private address"},
		{&blobs.Error{Fault: blobs.FaultFetch, Digest: d, Where: url, Fetch: fetch.ErrNotHTTPS}, "[EXTERNAL] The artifact URL " + url + " must use https"},
		{&blobs.Error{Fault: blobs.FaultFetch, Digest: d, Where: url, Fetch: fetch.ErrBadURL}, "[EXTERNAL] The artifact URL " + url + " is invalid"},
		{&blobs.Error{Fault: blobs.FaultFetch, Digest: d, Where: url, Fetch: fetch.ErrContentType}, "[EXTERNAL] The artifact URL " + url + " answered a body that is not readable"},
		{&blobs.Error{Fault: blobs.FaultFetch, Digest: d, Where: url, Fetch: fetch.ErrTooManyRedirects}, "[EXTERNAL] The artifact URL " + url + " redirects too many times"},
		{&blobs.Error{Fault: blobs.FaultFetch, Digest: d, Where: url, Fetch: fetch.ErrCertificate}, "[EXTERNAL] The artifact URL " + url + " has an invalid certificate"},
		{&blobs.Error{Fault: blobs.FaultFetch, Digest: d, Where: url, Fetch: fetch.ErrHostNotFound}, "[EXTERNAL] The artifact host of " + url + " is unavailable (host not found)"},
		{&blobs.Error{Fault: blobs.FaultFetch, Digest: d, Where: node, Fetch: fetch.ErrTimeout}, "[TRANSIENT] The artifact host of " + node + " is unavailable (timeout)"},
		{&blobs.Error{Fault: blobs.FaultFetch, Digest: d, Where: node, Fetch: fetch.ErrUnreachable}, "[TRANSIENT] The artifact host of " + node + " is unavailable (connection failed)"},
		{&blobs.Error{Fault: blobs.FaultFetch, Digest: d, Where: node, Fetch: fetch.ErrCanceled}, "[TRANSIENT] The artifact host of " + node + " is unavailable (cancelled)"},
		{&blobs.Error{Fault: blobs.FaultUnreadable, Digest: d, Where: "this node's blob store"}, "[TRANSIENT] The artifact could not be read from this node's blob store"},
		{&blobs.Error{Fault: blobs.FaultDeadline, Digest: d, Last: notHeld}, "[TRANSIENT] No source held the artifact " + d + " before the attempt's deadline (last: The artifact " + d + " is not in this node's blob store)"},
		{&blobs.Error{Fault: blobs.FaultUnfetched, Digest: d, Where: url}, "[TRANSIENT] The artifact could not be fetched"},
	}
	for _, tc := range tests {
		got := ClassifyBlob(tc.err)
		if got.Error() != tc.want || !errors.Is(got, tc.err) {
			t.Errorf("ClassifyBlob(%v) = %q, want %q with the cause kept", tc.err, got, tc.want)
		}
		if run := ClassifyRun(fmt.Errorf("module: %w", tc.err)); run.Error() != tc.want {
			t.Errorf("ClassifyRun(%v) = %q, want %q", tc.err, run, tc.want)
		}
	}
}

// TestAnArtifactFailureIsTransientExactlyWhenItMayPass: the class ClassifyBlob gives is
// [TRANSIENT] for exactly the failures package blobs retries (Error.Temporary), so a
// failure that may pass never settles a round and a definitive one is never retried;
// only a malformed digest is [EXPECTED].
func TestAnArtifactFailureIsTransientExactlyWhenItMayPass(t *testing.T) {
	var all []*blobs.Error
	for f := blobs.FaultDigest; f <= blobs.FaultUnfetched; f++ {
		all = append(all, &blobs.Error{Fault: f, Digest: "d", Where: "w", Limit: 1})
	}
	for _, code := range []int{301, 403, 404, 410, 500, 503} {
		all = append(all, &blobs.Error{Fault: blobs.FaultStatus, Code: code})
	}
	for kind := range fetchFailures {
		if kind != fetch.ErrTooLarge {
			all = append(all, &blobs.Error{Fault: blobs.FaultFetch, Fetch: kind})
		}
	}
	for _, e := range all {
		want := ledger.External
		switch {
		case e.Fault == blobs.FaultDigest:
			want = ledger.Expected
		case e.Temporary():
			want = ledger.Transient
		}
		if got := ClassifyBlob(e); got.Class != want {
			t.Errorf("%v (may pass: %t) is %v, want %v", e, e.Temporary(), got.Class, want)
		}
	}
}

// TestARealArtifactFetchReadsAsProtocolText: a node that lacks the artifact and one that
// answers other bytes, fetched through package blobs, read as a validator's result
// carries them.
func TestARealArtifactFetchReadsAsProtocolText(t *testing.T) {
	const d = "0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c"
	lacking := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(404) }))
	defer lacking.Close()
	lying := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("other bytes")) }))
	defer lying.Close()
	_, err := blobs.Fetch(context.Background(), d, blobs.Node{Base: lacking.URL})
	if got, want := ClassifyRun(err).Error(), "[TRANSIENT] The artifact at "+lacking.URL+"/v1/blobs/"+d+" was not found (404)"; got != want {
		t.Errorf("a node's 404: %q, want %q", got, want)
	}
	_, err = blobs.Fetch(context.Background(), d, blobs.Node{Base: lying.URL})
	if got, want := ClassifyRun(err).Error(), "[EXTERNAL] The artifact at "+lying.URL+"/v1/blobs/"+d+" does not match its digest "+d; got != want {
		t.Errorf("other bytes: %q, want %q", got, want)
	}
}

// TestEverySandboxFailureHasItsProtocolMessage pins the whole surface the gates and runs
// in the sandbox add to the protocol: each of package sandbox's faults, in the roles its
// callers give them, with its class and exact message.
func TestEverySandboxFailureHasItsProtocolMessage(t *testing.T) {
	type E = sandbox.Error
	const (
		arch, train, bench, learner = sandbox.RoleArch, sandbox.RoleTrain, sandbox.RoleBench, sandbox.RoleLearner
	)
	tests := []struct {
		err  *E
		want string
	}{
		{&E{Fault: sandbox.FaultTooLarge, N: 9437184, Limit: 8388608}, "[EXPECTED] The program is 9437184 bytes; the limit is 8388608"},
		{&E{Fault: sandbox.FaultTooLarge, Role: arch, N: 9437184, Limit: 8388608}, "[EXPECTED] The architecture is 9437184 bytes; the limit is 8388608"},
		{&E{Fault: sandbox.FaultLimits, Detail: "function body 0 declares more than 50000 locals"}, "[EXPECTED] The program exceeds the sandbox's limits: function body 0 declares more than 50000 locals"},
		{&E{Fault: sandbox.FaultInvalid, Detail: "invalid magic number"}, "[EXPECTED] The program is not a valid WebAssembly module: invalid magic number"},
		{&E{Fault: sandbox.FaultInvalid, Role: arch, Detail: "invalid magic number"}, "[EXPECTED] The architecture is not a valid WebAssembly module: invalid magic number"},
		{&E{Fault: sandbox.FaultUnmeterable, Detail: "the module has a start section"}, "[EXPECTED] The program cannot be metered: the module has a start section"},
		{&E{Fault: sandbox.FaultUnmeterable, Role: arch, Detail: "x"}, "[EXPECTED] The architecture cannot be metered: x"},
		{&E{Fault: sandbox.FaultNotOffered, Module: "env", Name: "foo"}, "[EXPECTED] The program imports env.foo, which the bench does not offer"},
		{&E{Fault: sandbox.FaultNotOffered, Role: arch, Module: "arch", Name: "params"}, "[EXPECTED] The architecture imports arch.params, which the challenge does not offer"},
		{&E{Fault: sandbox.FaultNotOffered, Role: train, Module: "arena", Name: "input"}, "[EXPECTED] The training program imports arena.input, which the challenge does not offer"},
		{&E{Fault: sandbox.FaultSignature, Module: "arena", Name: "input"}, "[EXPECTED] The program imports arena.input with the wrong signature"},
		{&E{Fault: sandbox.FaultSignature, Role: train, Module: "arch", Name: "update"}, "[EXPECTED] The training program imports arch.update with the wrong signature"},
		{&E{Fault: sandbox.FaultNoExport, Name: "_start"}, "[EXPECTED] The program does not export _start"},
		{&E{Fault: sandbox.FaultNoExport, Role: arch, Name: "params"}, "[EXPECTED] The architecture does not export params"},
		{&E{Fault: sandbox.FaultExportType, Name: "handle"}, "[EXPECTED] The program exports handle with the wrong signature"},
		{&E{Fault: sandbox.FaultExportType, Role: arch, Name: "observe"}, "[EXPECTED] The architecture exports observe with the wrong signature"},
		{&E{Fault: sandbox.FaultForbidden, Role: arch, Name: "learn"}, "[EXPECTED] The architecture exports learn"},
		{&E{Fault: sandbox.FaultForbidden, Role: train, Name: "predict"}, "[EXPECTED] The training program exports predict"},
		{&E{Fault: sandbox.FaultBothExports, Role: arch}, "[EXPECTED] A single combined module is not accepted: it exports both predict and learn"},
		{&E{Fault: sandbox.FaultSameModule, Role: train}, "[EXPECTED] A single combined module is not accepted: the architecture and the training program are the same module"},
		{&E{Fault: sandbox.FaultArchMissing, Role: train, Name: "update"}, "[EXPECTED] The training program imports arch.update, which the architecture does not export"},
		{&E{Fault: sandbox.FaultMemory, N: 40, Limit: 1}, "[EXPECTED] The program needs 40 memory pages; the limit is 1"},
		{&E{Fault: sandbox.FaultMemory, Role: arch, N: 40, Limit: 1}, "[EXPECTED] The architecture needs 40 memory pages; the limit is 1"},
		{&E{Fault: sandbox.FaultParamCap, Role: arch, N: 1024, Limit: 1023}, "[EXPECTED] The parameter region is 1024 bytes; the cap is 1023"},
		{&E{Fault: sandbox.FaultParamOutside, Role: arch, N: 1024, Ptr: 65536, Mem: 65536}, "[EXPECTED] The parameter region (1024 bytes at 65536) is outside the architecture's memory (65536 bytes)"},
		{&E{Fault: sandbox.FaultDataCap, Role: arch, N: 600000, Limit: 589824}, "[EXPECTED] The architecture's data outside its parameter region is 600000 bytes; the cap is 589824"},
		{&E{Fault: sandbox.FaultInitGas, Name: "_initialize"}, "[EXPECTED] The program ran out of gas in _initialize"},
		{&E{Fault: sandbox.FaultInitGas, Role: arch, Name: "params"}, "[EXPECTED] The architecture ran out of gas in params"},
		{&E{Fault: sandbox.FaultInitTrap, Name: "_initialize", Detail: "wasm error: unreachable"}, "[EXPECTED] The program failed in _initialize: wasm error: unreachable"},
		{&E{Fault: sandbox.FaultInitTrap, Role: train, Name: "_initialize", Detail: "wasm error: unreachable"}, "[EXPECTED] The training program failed in _initialize: wasm error: unreachable"},
		{&E{Fault: sandbox.FaultByteGas, Role: arch, Byte: 5}, "[EXPECTED] The architecture ran out of gas at byte 5"},
		{&E{Fault: sandbox.FaultByteGas, Role: train, Byte: 0}, "[EXPECTED] The training program ran out of gas at byte 0"},
		{&E{Fault: sandbox.FaultByteTrap, Role: arch, Byte: 7, Detail: "wasm error: unreachable"}, "[EXPECTED] The architecture trapped at byte 7: wasm error: unreachable"},
		{&E{Fault: sandbox.FaultFreqOutside, Role: arch, Byte: 0, Ptr: 4294967280, N: 1024}, "[EXPECTED] The architecture trapped at byte 0: predict returned 4294967280, and the 1024 bytes there are outside its memory"},
		{&E{Fault: sandbox.FaultOutOfGas, Role: bench}, "[EXPECTED] The bench module ran out of gas"},
		{&E{Fault: sandbox.FaultStdout, Role: bench, Limit: 33554432}, "[EXPECTED] The bench module wrote more than 33554432 bytes to stdout"},
		{&E{Fault: sandbox.FaultExit, Role: bench, Code: 3}, "[EXPECTED] The bench module failed: exit code 3"},
		{&E{Fault: sandbox.FaultTrap, Role: bench, Detail: "wasm error: unreachable"}, "[EXPECTED] The bench module failed: wasm error: unreachable"},
		{&E{Fault: sandbox.FaultWall, Role: bench, Wall: 200 * time.Millisecond}, "[TRANSIENT] The bench module ran past the wall-time safety net of 200ms"},
		{&E{Fault: sandbox.FaultWall, Wall: 200 * time.Millisecond}, "[TRANSIENT] The program ran past the wall-time safety net of 200ms"},
		{&E{Fault: sandbox.FaultWall, Role: learner, Wall: 1}, "[TRANSIENT] The learner ran past the wall-time safety net of 1ns"},
		{&E{Fault: sandbox.FaultCut}, "[TRANSIENT] The program was stopped by its caller's deadline before its gas ran out"},
		{&E{Fault: sandbox.FaultCut, Role: bench}, "[TRANSIENT] The bench module was stopped by its caller's deadline before its gas ran out"},
		{&E{Fault: sandbox.FaultStopped, Role: learner, Detail: "context canceled"}, "[TRANSIENT] the learner was stopped: context canceled"},
		{&E{}, "[TRANSIENT] The validator's runtime failed"},
	}
	for _, tc := range tests {
		got := ClassifySandbox(tc.err)
		if got.Error() != tc.want || !errors.Is(got, tc.err) {
			t.Errorf("ClassifySandbox(%v) = %q, want %q with the cause kept", tc.err, got, tc.want)
		}
		if run := ClassifyRun(fmt.Errorf("module: %w", tc.err)); run.Error() != tc.want {
			t.Errorf("ClassifyRun(%v) = %q, want %q", tc.err, run, tc.want)
		}
	}
}

// TestASandboxFailureIsTransientExactlyWhenItIsTheValidators: the class ClassifySandbox
// gives is [TRANSIENT] for exactly the faults of the validator's safety net and caller
// (Error.Temporary), and [EXPECTED], the program's, for every other.
func TestASandboxFailureIsTransientExactlyWhenItIsTheValidators(t *testing.T) {
	for f := sandbox.FaultTooLarge; f <= sandbox.FaultStopped; f++ {
		e := &sandbox.Error{Fault: f}
		want := ledger.Expected
		if e.Temporary() {
			want = ledger.Transient
		}
		if got := ClassifySandbox(e); got.Class != want || strings.Contains(got.Msg, "runtime failed") {
			t.Errorf("%v (the validator's: %t) is %v, want %v", e, e.Temporary(), got, want)
		}
	}
}
