package readertest

import (
	"encoding/json"
	"errors"
	"fmt"
)

// Anthropic is the messages format (POST /v1/messages). The API has no seed and does not
// name the schema.
var Anthropic = Wire{
	Name:   "anthropic",
	Path:   "/v1/messages",
	Decode: decodeAnthropic,
	Answer: func(model, text string) []byte {
		return mustJSON(map[string]any{
			"id": "msg_01", "type": "message", "role": "assistant", "model": model,
			"content":     []any{map[string]any{"type": "text", "text": text}},
			"stop_reason": "end_turn", "stop_sequence": nil,
			"usage": map[string]any{"input_tokens": 120, "output_tokens": 9},
		})
	},
	Refusal: func(model string) []byte {
		return mustJSON(map[string]any{
			"id": "msg_02", "type": "message", "role": "assistant", "model": model,
			"content": []any{}, "stop_reason": "refusal", "stop_sequence": nil,
			"usage": map[string]any{"input_tokens": 120, "output_tokens": 0},
		})
	},
	Failure: func(code int) []byte {
		kind := map[int]string{400: "invalid_request_error", 401: "authentication_error", 429: "rate_limit_error", 529: "overloaded_error"}[code]
		if kind == "" {
			kind = "api_error"
		}
		return mustJSON(map[string]any{"type": "error", "error": map[string]any{
			"type": kind, "message": fmt.Sprintf("status %d", code),
		}})
	},
}

func decodeAnthropic(body []byte) (Sent, error) {
	var req struct {
		Model     string          `json:"model"`
		MaxTokens int64           `json:"max_tokens"`
		System    json.RawMessage `json:"system"`
		Messages  []struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
		Temperature  *float64 `json:"temperature"`
		OutputConfig struct {
			Format struct {
				Type   string          `json:"type"`
				Schema json.RawMessage `json:"schema"`
			} `json:"format"`
		} `json:"output_config"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		return Sent{}, err
	}
	if req.MaxTokens <= 0 {
		return Sent{}, errors.New("max_tokens missing")
	}
	f := req.OutputConfig.Format
	if f.Type != "json_schema" {
		return Sent{}, errors.New("output_config.format is not json_schema")
	}
	s := Sent{Model: req.Model, Temperature: req.Temperature, Schema: f.Schema}
	if len(req.System) > 0 {
		t, err := text(req.System)
		if err != nil {
			return Sent{}, fmt.Errorf("system: %w", err)
		}
		s.System = t
	}
	for _, m := range req.Messages {
		t, err := text(m.Content)
		if err != nil {
			return Sent{}, fmt.Errorf("message %s: %w", m.Role, err)
		}
		if m.Role != "user" {
			return Sent{}, fmt.Errorf("unexpected message role %q", m.Role)
		}
		s.User += t
	}
	return s, nil
}
