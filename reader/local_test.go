package reader_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/arena/arena/reader"
	"github.com/arena/arena/reader/readertest"
)

// TestLocalNamesTheOperatorsOwnServers: a base URL is local when its host is localhost
// or a loopback, private or shared address literal; any other name counts as public,
// since it is not resolved.
func TestLocalNamesTheOperatorsOwnServers(t *testing.T) {
	tests := []struct {
		base string
		want bool
	}{
		{"http://127.0.0.1:8000/v1", true},
		{"http://127.8.9.10", true},
		{"http://[::1]:11434", true},
		{"http://localhost:8080", true},
		{"http://LocalHost", true},
		{"http://gpu.localhost:8000/v1", true},
		{"http://10.0.0.7:8000/v1", true},
		{"http://172.16.3.4", true},
		{"http://192.168.1.20:8000", true},
		{"http://[fd12:3456::1]:8000", true},
		{"http://100.101.102.103:8000", true},
		{"http://[::ffff:192.168.1.2]", true},
		{"https://api.anthropic.com", false},
		{"https://api.openai.com/v1", false},
		{"http://8.8.8.8", false},
		{"http://172.32.0.1", false},
		{"http://gpu-box:8000/v1", false},
		{"http://localhost.example.com", false},
		{"http://[2001:4860::8888]", false},
		{"::not a url", false},
	}
	for _, tc := range tests {
		if got := reader.Local(tc.base); got != tc.want {
			t.Errorf("Local(%q) = %v, want %v", tc.base, got, tc.want)
		}
	}
}

// TestALocalAnthropicReaderNeedsNoKey: the operator's own server speaking Anthropic's
// API needs no key; a public one without a key is refused before any call, with the
// exact message.
func TestALocalAnthropicReaderNeedsNoKey(t *testing.T) {
	for _, spec := range []string{
		"anthropic:http://127.0.0.1:8000#m", "anthropic:http://localhost:8000#m", "anthropic:http://192.168.1.20:8000#m",
	} {
		if _, err := reader.Open(spec, nil); err != nil {
			t.Errorf("Open(%q) without a key: %v", spec, err)
		}
	}
	const want = "bad reader spec: anthropic needs ARENA_ANTHROPIC_API_KEY or ANTHROPIC_API_KEY unless its URL is a loopback or private address"
	for _, spec := range []string{"anthropic:https://api.anthropic.com#claude", "anthropic:http://gpu-box:8000#m"} {
		_, err := reader.Open(spec, nil)
		if !errors.Is(err, reader.ErrSpec) || err.Error() != want {
			t.Errorf("Open(%q) without a key = %v, want %q", spec, err, want)
		}
	}
}

// TestWithoutAKeyNoCredentialIsSent: a reader opened without a key sends no
// Authorization or X-Api-Key header at all, not an empty one.
func TestWithoutAKeyNoCredentialIsSent(t *testing.T) {
	tests := []struct {
		kind, path, header string
		wire               readertest.Wire
	}{
		{"openai", "/v1", "Authorization", readertest.OpenAI},
		{"anthropic", "", "X-Api-Key", readertest.Anthropic},
	}
	for _, tc := range tests {
		var sent []string
		srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
			sent = r.Header.Values(tc.header)
			rw.Header().Set("Content-Type", "application/json")
			rw.Write(tc.wire.Answer("m", `{"rung": 3}`))
		}))
		m, err := reader.Open(tc.kind+":"+srv.URL+tc.path+"#m", nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := m.Complete(context.Background(), readertest.Prompt()); err != nil {
			t.Fatalf("%s: %v", tc.kind, err)
		}
		srv.Close()
		if sent != nil {
			t.Errorf("%s without a key sent %s %q, want no such header", tc.kind, tc.header, sent)
		}
	}
}
