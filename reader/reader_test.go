package reader_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/arena/arena/reader"
	"github.com/arena/arena/reader/anthropic"
	"github.com/arena/arena/reader/builtin"
	"github.com/arena/arena/reader/ollama"
	"github.com/arena/arena/reader/openai"
	"github.com/arena/arena/reader/readertest"
	"github.com/arena/arena/reader/replay"
)

func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

// TestSpecsNameTheirBackend: each documented spec opens its backend.
func TestSpecsNameTheirBackend(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.json")
	os.WriteFile(path, []byte(`{}`), 0o644)
	keys := env(map[string]string{"ANTHROPIC_API_KEY": "k"})
	tests := []struct {
		spec string
		want any
	}{
		{"builtin", &builtin.Client{}},
		{"replay:" + path, &replay.Client{}},
		{"openai:http://127.0.0.1:8000/v1#model-name", &openai.Client{}},
		{"openai:https://api.openai.com/v1#gpt-4.1-mini", &openai.Client{}},
		{"ollama:http://127.0.0.1:11434#llama3.2:3b", &ollama.Client{}},
		{"anthropic:https://api.anthropic.com#claude-sonnet-4-5", &anthropic.Client{}},
	}
	for _, tc := range tests {
		m, err := reader.Open(tc.spec, keys)
		if err != nil {
			t.Fatalf("Open(%q): %v", tc.spec, err)
		}
		if reflect.TypeOf(m) != reflect.TypeOf(tc.want) {
			t.Errorf("Open(%q) = %T, want %T", tc.spec, m, tc.want)
		}
	}
}

// TestBadSpecsAreRefused: every spec Open cannot read is refused with ErrSpec, and an
// anthropic spec without a key is refused before any call.
func TestBadSpecsAreRefused(t *testing.T) {
	for _, spec := range []string{
		"", "gpt", "builtin:x", "replay:", "openai:", "openai:http://127.0.0.1:8000/v1",
		"openai:http://127.0.0.1:8000/v1#", "openai:127.0.0.1:8000#m", "ollama:file:///x#m",
		"ollama:http://user:pw@host#m", "anthropic:https://api.anthropic.com#claude",
	} {
		if _, err := reader.Open(spec, nil); !errors.Is(err, reader.ErrSpec) {
			t.Errorf("Open(%q) = %v, want ErrSpec", spec, err)
		}
	}
}

// keyServer answers in w's format and reports the credential header each request bore.
func keyServer(t *testing.T, w readertest.Wire, header string, got *string) string {
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		*got = r.Header.Get(header)
		rw.Header().Set("Content-Type", "application/json")
		rw.Write(w.Answer("m", `{"rung": 3}`))
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// TestKeysComeFromTheEnvironment: ARENA_*_API_KEY wins over the provider's own
// variable, which is used when it is the only one set.
func TestKeysComeFromTheEnvironment(t *testing.T) {
	tests := []struct {
		kind, path, header, want string
		vars                     map[string]string
	}{
		{"openai", "/v1", "Authorization", "Bearer arena", map[string]string{"ARENA_OPENAI_API_KEY": "arena", "OPENAI_API_KEY": "sdk"}},
		{"openai", "/v1", "Authorization", "Bearer sdk", map[string]string{"OPENAI_API_KEY": "sdk"}},
		{"anthropic", "", "X-Api-Key", "arena", map[string]string{"ARENA_ANTHROPIC_API_KEY": "arena", "ANTHROPIC_API_KEY": "sdk"}},
		{"anthropic", "", "X-Api-Key", "sdk", map[string]string{"ANTHROPIC_API_KEY": "sdk"}},
	}
	for _, tc := range tests {
		w := map[string]readertest.Wire{"openai": readertest.OpenAI, "anthropic": readertest.Anthropic}[tc.kind]
		var got string
		base := keyServer(t, w, tc.header, &got)
		m, err := reader.Open(tc.kind+":"+base+tc.path+"#m", env(tc.vars))
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := m.Complete(context.Background(), readertest.Prompt()); err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("%s with %v sent %s %q, want %q", tc.kind, tc.vars, tc.header, got, tc.want)
		}
	}
}
