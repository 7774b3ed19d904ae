package readertest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/grading/bounty/rung"
	"github.com/arena/arena/grading/prompt"
	"github.com/arena/arena/reader/call"
)

// Model is the model name the suite configures backends with.
const Model = "arena-test-model"

// NewBackend returns the backend under test, talking to the server at baseURL (the
// server's root; the backend adds any prefix its API has) as Model, under policy.
type NewBackend func(baseURL string, policy call.Policy) grading.Model

// answer is what the suite's server answers by default: one JSON reading.
const answer = `{"rung": 4, "reason": "delivers the brief and is usable as it stands"}`

// Prompt is the prompt the suite sends.
func Prompt() prompt.Prompt {
	return prompt.Prompt{
		Purpose:    prompt.Read,
		System:     "You place work on a rung of the published ladder.\nAnswer in JSON.",
		User:       "Task: a launch note.\n<work>\nThe Settlement API settles payouts.\n</work>",
		SchemaName: "arena_read",
		Schema:     json.RawMessage(`{"type":"object","properties":{"rung":{"type":"integer"},"reason":{"type":"string"}},"required":["rung","reason"],"additionalProperties":false}`),
		Seed:       42,
	}
}

// sleeps records the delays a policy waited, without waiting.
type sleeps struct{ got []time.Duration }

func (s *sleeps) policy() call.Policy {
	return call.Policy{Attempts: 3, Base: time.Second, Max: 10 * time.Second, Timeout: 5 * time.Second,
		Sleep: func(ctx context.Context, d time.Duration) error { s.got = append(s.got, d); return nil }}
}

// Run runs the suite against the backend newBackend builds for wire w.
func Run(t *testing.T, w Wire, newBackend NewBackend) {
	t.Run("SendsTemperatureZeroTheSeedTheSchemaAndTheMessages", func(t *testing.T) { testRequest(t, w, newBackend) })
	t.Run("ReceiptHashesTheExactTexts", func(t *testing.T) { testReceipt(t, w, newBackend) })
	t.Run("RetriesRateLimitsAndServerErrors", func(t *testing.T) { testRetries(t, w, newBackend) })
	t.Run("NeverRetriesARefusedRequest", func(t *testing.T) { testNoRetry(t, w, newBackend) })
	t.Run("GivesUpAfterItsAttempts", func(t *testing.T) { testGivesUp(t, w, newBackend) })
	t.Run("TimesOutEachCall", func(t *testing.T) { testTimeout(t, w, newBackend) })
	t.Run("HandsEveryWordingToTheOneRungParser", func(t *testing.T) { testWordings(t, w, newBackend) })
	t.Run("AnAnswerWithoutARungIsNoRefusal", func(t *testing.T) { testNoRung(t, w, newBackend) })
	t.Run("AProviderRefusalIsARefusal", func(t *testing.T) { testRefusal(t, w, newBackend) })
}

func testRequest(t *testing.T, w Wire, newBackend NewBackend) {
	srv := newServer(t, w, step{text: answer})
	var s sleeps
	p := Prompt()
	got, _, err := newBackend(srv.srv.URL, s.policy()).Complete(context.Background(), p)
	if err != nil || got != answer {
		t.Fatalf("Complete = %q, %v; want %q", got, err, answer)
	}
	sent := only(t, srv)
	if sent.Temperature == nil || *sent.Temperature != 0 {
		t.Errorf("temperature = %v, want an explicit 0", show(sent.Temperature))
	}
	if w.Seed && (sent.Seed == nil || *sent.Seed != p.Seed) {
		t.Errorf("seed = %v, want %d", show(sent.Seed), p.Seed)
	}
	if w.SchemaName && sent.SchemaName != p.SchemaName {
		t.Errorf("schema name = %q, want %q", sent.SchemaName, p.SchemaName)
	}
	want := Sent{Model: Model, System: p.System, User: p.User, SchemaName: sent.SchemaName}
	have := Sent{Model: sent.Model, System: sent.System, User: sent.User, SchemaName: sent.SchemaName}
	if d := cmp.Diff(want, have); d != "" {
		t.Errorf("request (-want +got):\n%s", d)
	}
	if d := cmp.Diff(decode(t, p.Schema), decode(t, sent.Schema)); d != "" {
		t.Errorf("schema (-want +got):\n%s", d)
	}
}

func testReceipt(t *testing.T, w Wire, newBackend NewBackend) {
	srv := newServer(t, w, step{text: answer})
	var s sleeps
	p := Prompt()
	before := time.Now()
	_, rec, err := newBackend(srv.srv.URL, s.policy()).Complete(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	sent := only(t, srv)
	if got, want := rec.PromptSHA, sha(sent.System+"\n\n"+sent.User); got != want {
		t.Errorf("PromptSHA = %s, want sha256 of the system and user texts sent, %s", got, want)
	}
	if got, want := rec.ResponseSHA, sha(answer); got != want {
		t.Errorf("ResponseSHA = %s, want sha256 of the text served, %s", got, want)
	}
	if rec.Prompt != sent.System+"\n\n"+sent.User || rec.Response != answer {
		t.Errorf("receipt texts %q / %q are not those that crossed the wire", rec.Prompt, rec.Response)
	}
	if rec.Provider != w.Name || rec.Model != Model || rec.Purpose != p.Purpose {
		t.Errorf("receipt names %q %q %q, want %q %q %q", rec.Provider, rec.Model, rec.Purpose, w.Name, Model, p.Purpose)
	}
	checkTimes(t, before, rec.Started, rec.Finished)
}

func testRetries(t *testing.T, w Wire, newBackend NewBackend) {
	srv := newServer(t, w, step{code: 429, retryAfter: 3}, step{code: 503}, step{text: answer})
	var s sleeps
	got, _, err := newBackend(srv.srv.URL, s.policy()).Complete(context.Background(), Prompt())
	if err != nil || got != answer {
		t.Fatalf("Complete after 429 and 503 = %q, %v; want the answer", got, err)
	}
	if n := len(srv.requests()); n != 3 {
		t.Fatalf("%d requests, want 3", n)
	}
	// 3 s from Retry-After (longer than the 1 s backoff), then the doubled backoff.
	if d := cmp.Diff([]time.Duration{3 * time.Second, 2 * time.Second}, s.got); d != "" {
		t.Fatalf("delays (-want +got):\n%s", d)
	}
}

func testNoRetry(t *testing.T, w Wire, newBackend NewBackend) {
	for _, code := range []int{400, 401, 403, 404, 422} {
		srv := newServer(t, w, step{code: code}, step{text: answer})
		var s sleeps
		_, _, err := newBackend(srv.srv.URL, s.policy()).Complete(context.Background(), Prompt())
		if !errors.Is(err, grading.ErrModelRefused) || errors.Is(err, grading.ErrModelUnavailable) {
			t.Errorf("status %d: err = %v, want ErrModelRefused only", code, err)
		}
		if n := len(srv.requests()); n != 1 {
			t.Errorf("status %d: %d requests, want 1 (no retry)", code, n)
		}
	}
}

func testGivesUp(t *testing.T, w Wire, newBackend NewBackend) {
	srv := newServer(t, w, step{code: 503})
	var s sleeps
	_, _, err := newBackend(srv.srv.URL, s.policy()).Complete(context.Background(), Prompt())
	if !errors.Is(err, grading.ErrModelUnavailable) {
		t.Fatalf("err = %v, want ErrModelUnavailable", err)
	}
	if n := len(srv.requests()); n != 3 {
		t.Fatalf("%d requests, want the policy's 3 attempts", n)
	}
}

func testTimeout(t *testing.T, w Wire, newBackend NewBackend) {
	srv := newServer(t, w, step{stall: 10 * time.Second, text: answer})
	var s sleeps
	pol := s.policy()
	pol.Attempts, pol.Timeout = 2, 200*time.Millisecond
	start := time.Now()
	_, _, err := newBackend(srv.srv.URL, pol).Complete(context.Background(), Prompt())
	if took := time.Since(start); took > 5*time.Second {
		t.Fatalf("two 200ms calls took %v", took)
	}
	if !errors.Is(err, grading.ErrModelUnavailable) {
		t.Fatalf("err = %v, want ErrModelUnavailable", err)
	}
	if n := len(srv.requests()); n != 2 {
		t.Fatalf("%d requests, want 2 (a timeout is retried)", n)
	}
}

// wordings are ways a model words one strong reading, rung 4: the JSON the schema asks
// for and the forms models reach for instead. Every backend hands each to the caller
// exactly as it crossed the wire, and rung.Parse, the one parser, reads rung 4 in each.
var wordings = []string{
	answer,
	"four",
	"Four.",
	"Rung 4",
	"rung four",
	"Tier: 4",
	"Level 4",
	"**Rung:** 4/5",
	"rung: 4\nrationale: delivers the brief and is usable as it stands",
	"Tier: strong\nReason: usable as it stands",
	"score = 80/100",
	"```json\n{\"rung\": 4, \"reason\": \"usable as it stands\"}\n```",
	"Here is my reading:\n\n```json\n{\"merit\": \"four\"}\n```\n",
	`{"grade": "Rung 4", "reason": "usable as it stands"}`,
	`{"score": "tier four"}`,
	"Level 4 (strong)",
}

func testWordings(t *testing.T, w Wire, newBackend NewBackend) {
	for _, text := range wordings {
		srv := newServer(t, w, step{text: text})
		var s sleeps
		got, rec, err := newBackend(srv.srv.URL, s.policy()).Complete(context.Background(), Prompt())
		if err != nil || got != text || rec.ResponseSHA != sha(text) {
			t.Errorf("Complete = %q, %v (response %s); want %q as it was sent", got, err, rec.ResponseSHA, text)
			continue
		}
		if r, err := rung.Parse(got); err != nil || r.Rung != 4 {
			t.Errorf("rung.Parse(%q) = %d, %v; want rung 4", got, r.Rung, err)
		}
	}
}

func testNoRung(t *testing.T, w Wire, newBackend NewBackend) {
	const prose = "I would place this on rung four."
	srv := newServer(t, w, step{text: prose})
	var s sleeps
	got, rec, err := newBackend(srv.srv.URL, s.policy()).Complete(context.Background(), Prompt())
	if err != nil || got != prose || rec.ResponseSHA != sha(prose) {
		t.Fatalf("Complete = %q, %v (response %s); want the prose and its receipt, no error", got, err, rec.ResponseSHA)
	}
	_, perr := rung.Parse(got)
	if msg := grading.ClassifyAnswer(perr).Error(); !errors.Is(perr, rung.ErrNoRung) || msg != "[LLM_ERROR] No merit rung in the response" {
		t.Fatalf("rung.Parse(%q): %v, classed %q; want [LLM_ERROR] No merit rung in the response", got, perr, msg)
	}
	if n := len(srv.requests()); n != 1 {
		t.Fatalf("%d requests, want 1 (an answer is not retried)", n)
	}
}

func testRefusal(t *testing.T, w Wire, newBackend NewBackend) {
	if w.Refusal == nil {
		t.Skipf("%s has no refusal in its wire format", w.Name)
	}
	srv := newServer(t, w, step{refusal: true})
	var s sleeps
	_, _, err := newBackend(srv.srv.URL, s.policy()).Complete(context.Background(), Prompt())
	if !errors.Is(err, grading.ErrModelRefused) || grading.ClassifyModel(err).Error() != "[LLM_ERROR] Model refused the request" {
		t.Fatalf("err = %v, want ErrModelRefused, classed [LLM_ERROR] Model refused the request", err)
	}
	if n := len(srv.requests()); n != 1 {
		t.Fatalf("%d requests, want 1 (a refusal is not retried)", n)
	}
}

func only(t *testing.T, s *server) Sent {
	t.Helper()
	r := s.requests()
	if len(r) != 1 {
		t.Fatalf("%d requests, want 1", len(r))
	}
	return r[0]
}

func sha(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

func decode(t *testing.T, raw json.RawMessage) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("schema %s: %v", raw, err)
	}
	return v
}

func show[T any](p *T) any {
	if p == nil {
		return "omitted"
	}
	return *p
}

func checkTimes(t *testing.T, before time.Time, started, finished string) {
	t.Helper()
	s, err1 := time.Parse(time.RFC3339Nano, started)
	f, err2 := time.Parse(time.RFC3339Nano, finished)
	if err1 != nil || err2 != nil || s.Before(before.Add(-time.Second)) || f.Before(s) {
		t.Errorf("receipt times %q .. %q are not RFC 3339 times in order after %v", started, finished, before)
	}
}
