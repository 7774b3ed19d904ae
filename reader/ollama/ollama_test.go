package ollama_test

import (
	"testing"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/reader/call"
	"github.com/arena/arena/reader/ollama"
	"github.com/arena/arena/reader/readertest"
)

// TestOllamaBackend: LIBRARIES §4, "our own ~100 lines over net/http for /api/chat
// (format = schema, options.temperature/seed, stream: false)"; the backend passes the
// suite every reader backend passes, over real HTTP.
func TestOllamaBackend(t *testing.T) {
	readertest.Run(t, readertest.Ollama, func(baseURL string, pol call.Policy) grading.Model {
		return ollama.New(ollama.Config{BaseURL: baseURL, Model: readertest.Model, Policy: pol})
	})
}
