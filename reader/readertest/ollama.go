package readertest

import (
	"encoding/json"
	"errors"
	"fmt"
)

// Ollama is the native chat format (POST /api/chat). The API has a seed (in options)
// and takes the schema itself as format, unnamed.
var Ollama = Wire{
	Name:   "ollama",
	Path:   "/api/chat",
	Seed:   true,
	Decode: decodeOllama,
	Answer: func(model, text string) []byte {
		return mustJSON(map[string]any{
			"model": model, "created_at": "2026-01-01T00:00:00Z",
			"message": map[string]any{"role": "assistant", "content": text},
			"done":    true, "done_reason": "stop",
			"total_duration": 1200000, "prompt_eval_count": 120, "eval_count": 9,
		})
	},
	Failure: func(code int) []byte {
		return mustJSON(map[string]any{"error": fmt.Sprintf("status %d", code)})
	},
}

func decodeOllama(body []byte) (Sent, error) {
	var req struct {
		Model    string `json:"model"`
		Messages []struct {
			Role    string `json:"role"`
			Content string `json:"content"`
		} `json:"messages"`
		Format  json.RawMessage `json:"format"`
		Stream  *bool           `json:"stream"`
		Options struct {
			Temperature *float64 `json:"temperature"`
			Seed        *int64   `json:"seed"`
		} `json:"options"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		return Sent{}, err
	}
	if req.Stream == nil || *req.Stream {
		return Sent{}, errors.New("stream is not explicitly false")
	}
	s := Sent{Model: req.Model, Temperature: req.Options.Temperature, Seed: req.Options.Seed, Schema: req.Format}
	for _, m := range req.Messages {
		if err := s.add(m.Role, m.Content); err != nil {
			return Sent{}, err
		}
	}
	return s, nil
}
