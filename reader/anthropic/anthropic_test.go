package anthropic_test

import (
	"testing"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/reader/anthropic"
	"github.com/arena/arena/reader/call"
	"github.com/arena/arena/reader/readertest"
)

// TestAnthropicBackend: LIBRARIES §4, "anthropic-sdk-go with output_config.format"; the
// backend passes the suite every reader backend passes, over real HTTP.
func TestAnthropicBackend(t *testing.T) {
	readertest.Run(t, readertest.Anthropic, func(baseURL string, pol call.Policy) grading.Model {
		return anthropic.New(anthropic.Config{BaseURL: baseURL, Model: readertest.Model, APIKey: "sk-ant-test", Policy: pol})
	})
}
