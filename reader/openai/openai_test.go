package openai_test

import (
	"testing"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/reader/call"
	"github.com/arena/arena/reader/openai"
	"github.com/arena/arena/reader/readertest"
)

// TestOpenAICompatibleBackend: LIBRARIES §4, "openai-go/v3 for any OpenAI-compatible
// server"; the backend passes the suite every reader backend passes, over real HTTP.
func TestOpenAICompatibleBackend(t *testing.T) {
	readertest.Run(t, readertest.OpenAI, func(baseURL string, pol call.Policy) grading.Model {
		return openai.New(openai.Config{BaseURL: baseURL + "/v1", Model: readertest.Model, APIKey: "sk-test", Policy: pol})
	})
}

// TestNoKeyIsNeededForALocalServer: vLLM and llama.cpp servers take no key; the backend
// still works without one.
func TestNoKeyIsNeededForALocalServer(t *testing.T) {
	readertest.Run(t, readertest.OpenAI, func(baseURL string, pol call.Policy) grading.Model {
		return openai.New(openai.Config{BaseURL: baseURL + "/v1/", Model: readertest.Model, Policy: pol})
	})
}
