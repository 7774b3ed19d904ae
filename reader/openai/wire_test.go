package openai_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/reader/call"
	"github.com/arena/arena/reader/openai"
	"github.com/arena/arena/reader/readertest"
)

// exchange is one request as a fake server saw it.
type exchange struct {
	auth string
	body map[string]any
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
		seen = append(seen, exchange{auth: r.Header.Get("Authorization"), body: m})
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		io.WriteString(w, body)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/v1", &seen
}

const completion = `{"choices":[{"index":0,"message":{"role":"assistant","content":"{\"rung\":4}","refusal":null},"finish_reason":"stop"}]}`

func client(url, key string, maxTokens int64) *openai.Client {
	return openai.New(openai.Config{BaseURL: url, Model: readertest.Model, APIKey: key, MaxTokens: maxTokens,
		Policy: call.Policy{Attempts: 1}})
}

// TestTheKeyIsABearerTokenAndOnlyWhenThereIsOne: the key goes as "Authorization: Bearer
// KEY"; a local server configured without one is sent no Authorization at all.
func TestTheKeyIsABearerTokenAndOnlyWhenThereIsOne(t *testing.T) {
	for key, want := range map[string]string{"sk-test": "Bearer sk-test", "": ""} {
		url, seen := serve(t, 200, completion)
		if _, _, err := client(url, key, 0).Complete(context.Background(), readertest.Prompt()); err != nil {
			t.Fatal(err)
		}
		if got := (*seen)[0].auth; got != want {
			t.Errorf("key %q: Authorization %q, want %q", key, got, want)
		}
	}
}

// TestMaxTokensIsSentOnlyWhenSet: MaxTokens is max_completion_tokens; zero leaves the
// limit to the server by omitting the field.
func TestMaxTokensIsSentOnlyWhenSet(t *testing.T) {
	for max, want := range map[int64]any{0: nil, 300: 300.0} {
		url, seen := serve(t, 200, completion)
		if _, _, err := client(url, "", max).Complete(context.Background(), readertest.Prompt()); err != nil {
			t.Fatal(err)
		}
		if got := (*seen)[0].body["max_completion_tokens"]; !cmp.Equal(got, want) {
			t.Errorf("MaxTokens %d: max_completion_tokens = %v, want %v", max, got, want)
		}
	}
}

// TestTheAnswerIsReadFromTheChatCompletion: the first choice's content is the answer; a
// refusal field or a content filter that withheld the answer is the provider's
// refusal; an error object in a 200 is classed as the status it stands for (a numeric
// code, or 500 for a server_error) and is otherwise a refusal; a body that is no chat
// completion is a failed call, not a refusal.
func TestTheAnswerIsReadFromTheChatCompletion(t *testing.T) {
	tests := []struct {
		name, body string
		want       string
		class      string
	}{
		{"content", completion, `{"rung":4}`, ""},
		{"refusal", `{"choices":[{"message":{"role":"assistant","content":null,"refusal":"I can't help with that."},"finish_reason":"stop"}]}`, "", refused},
		{"content filter", `{"choices":[{"message":{"role":"assistant","content":null},"finish_reason":"content_filter"}]}`, "", refused},
		{"error object", `{"error":{"message":"bad schema","type":"invalid_request_error","param":null,"code":null}}`, "", refused},
		{"error object with a status", `{"error":{"message":"Rate limit exceeded","code":429}}`, "", unavailable},
		{"server error object", `{"error":{"message":"The server had an error","type":"server_error","param":null,"code":null}}`, "", unavailable},
		{"no choices", `{"choices":[]}`, "", failed},
		{"not JSON", `<html>bad gateway</html>`, "", failed},
	}
	for _, tc := range tests {
		url, _ := serve(t, 200, tc.body)
		got, _, err := client(url, "", 0).Complete(context.Background(), readertest.Prompt())
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
