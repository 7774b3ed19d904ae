package anthropic_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/grading/prompt"
	"github.com/arena/arena/reader/anthropic"
	"github.com/arena/arena/reader/call"
	"github.com/arena/arena/reader/readertest"
)

// exchange is one request as a fake server saw it.
type exchange struct {
	header http.Header
	body   map[string]any
}

// serve starts a server that answers every request with status and body, and returns
// its URL with what it saw.
func serve(t *testing.T, status int, body string) (string, *[]exchange) {
	t.Helper()
	var seen []exchange
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		var m map[string]any
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Errorf("request body is not JSON: %v", err)
		}
		seen = append(seen, exchange{header: r.Header.Clone(), body: m})
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		io.WriteString(w, body)
	}))
	t.Cleanup(srv.Close)
	return srv.URL, &seen
}

const message = `{"id":"msg_01","type":"message","role":"assistant","content":[{"type":"text","text":"{\"rung\":"},{"type":"text","text":"4}"}],"stop_reason":"end_turn"}`

func client(url string) *anthropic.Client {
	return anthropic.New(anthropic.Config{BaseURL: url, Model: readertest.Model, APIKey: "sk-ant-test",
		Policy: call.Policy{Attempts: 1}})
}

// TestEveryRequestCarriesTheKeyAndTheAPIVersion: the messages API wants x-api-key and
// anthropic-version on every request.
func TestEveryRequestCarriesTheKeyAndTheAPIVersion(t *testing.T) {
	url, seen := serve(t, 200, message)
	if _, _, err := client(url).Complete(context.Background(), readertest.Prompt()); err != nil {
		t.Fatal(err)
	}
	h := (*seen)[0].header
	if h.Get("X-Api-Key") != "sk-ant-test" || h.Get("Anthropic-Version") != anthropic.Version || h.Get("Content-Type") != "application/json" {
		t.Errorf("headers %v, want x-api-key, anthropic-version %s and a JSON content type", h, anthropic.Version)
	}
	if got := (*seen)[0].body["max_tokens"]; got != float64(anthropic.DefaultMaxTokens) {
		t.Errorf("max_tokens = %v, want the default %d", got, anthropic.DefaultMaxTokens)
	}
}

// TestAnEmptySystemPromptIsNotSent: the API refuses an empty text block, so a prompt
// without a system part sends no system field.
func TestAnEmptySystemPromptIsNotSent(t *testing.T) {
	url, seen := serve(t, 200, message)
	p := readertest.Prompt()
	p.System = ""
	if _, _, err := client(url).Complete(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	if s, ok := (*seen)[0].body["system"]; ok {
		t.Errorf("system = %v, want it omitted", s)
	}
}

// TestASchemaThatIsNotAnObjectIsNotSent: output_config.format needs a schema object; a
// prompt whose schema is not one is refused before anything is sent.
func TestASchemaThatIsNotAnObjectIsNotSent(t *testing.T) {
	url, seen := serve(t, 200, message)
	p := prompt.Prompt{Purpose: prompt.Read, User: "u", Schema: json.RawMessage(`[1]`)}
	if _, _, err := client(url).Complete(context.Background(), p); !errors.Is(err, grading.ErrModelRefused) {
		t.Errorf("err = %v, want ErrModelRefused", err)
	}
	if len(*seen) != 0 {
		t.Errorf("%d requests sent", len(*seen))
	}
}

// TestTheAnswerIsReadFromTheMessage: the answer is the message's text blocks in order;
// a refusal stop reason is the provider's refusal; an error object in a 200 is classed
// as the status the API sends its type with (an overload is retried, a bad request is
// refused), and an unknown type is a refusal; a body that is no message is a failed
// call, not a refusal.
func TestTheAnswerIsReadFromTheMessage(t *testing.T) {
	tests := []struct {
		name, body string
		want       string
		class      string
	}{
		{"text blocks", message, `{"rung":4}`, ""},
		{"refusal", `{"type":"message","role":"assistant","content":[],"stop_reason":"refusal"}`, "", refused},
		{"bad request object", `{"type":"error","error":{"type":"invalid_request_error","message":"max_tokens: required"}}`, "", refused},
		{"unknown error object", `{"type":"error","error":{"type":"novel_error","message":"?"}}`, "", refused},
		{"overloaded object", `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`, "", unavailable},
		{"not JSON", `<html>bad gateway</html>`, "", failed},
	}
	for _, tc := range tests {
		url, _ := serve(t, 200, tc.body)
		got, _, err := client(url).Complete(context.Background(), readertest.Prompt())
		if got != tc.want || classOf(err) != tc.class {
			t.Errorf("%s: Complete = %q, %v; want %q, %s", tc.name, got, err, tc.want, tc.class)
		}
	}
}

const (
	refused     = "refused"     // grading.ErrModelRefused: [LLM_ERROR] Model refused the request
	unavailable = "unavailable" // grading.ErrModelUnavailable: [TRANSIENT] Model unavailable
	failed      = "failed"      // neither: [LLM_ERROR] Model call failed
)

func classOf(err error) string {
	switch {
	case err == nil:
		return ""
	case errors.Is(err, grading.ErrModelRefused):
		return refused
	case errors.Is(err, grading.ErrModelUnavailable):
		return unavailable
	}
	return failed
}
