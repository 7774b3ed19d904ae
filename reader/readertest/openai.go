package readertest

import (
	"encoding/json"
	"errors"
	"fmt"
)

// OpenAI is the chat completions format (POST /v1/chat/completions).
var OpenAI = Wire{
	Name:       "openai",
	Path:       "/v1/chat/completions",
	Seed:       true,
	SchemaName: true,
	Decode:     decodeOpenAI,
	Answer: func(model, text string) []byte {
		return mustJSON(map[string]any{
			"id": "chatcmpl-1", "object": "chat.completion", "created": 1767225600, "model": model,
			"choices": []any{map[string]any{
				"index":         0,
				"message":       map[string]any{"role": "assistant", "content": text, "refusal": nil},
				"finish_reason": "stop", "logprobs": nil,
			}},
			"usage": map[string]any{"prompt_tokens": 120, "completion_tokens": 9, "total_tokens": 129},
		})
	},
	Refusal: func(model string) []byte {
		return mustJSON(map[string]any{
			"id": "chatcmpl-2", "object": "chat.completion", "created": 1767225600, "model": model,
			"choices": []any{map[string]any{
				"index":         0,
				"message":       map[string]any{"role": "assistant", "content": nil, "refusal": "I'm sorry, I can't help with that."},
				"finish_reason": "stop", "logprobs": nil,
			}},
		})
	},
	Failure: func(code int) []byte {
		kind := map[int]string{400: "invalid_request_error", 401: "authentication_error", 429: "rate_limit_error"}[code]
		if kind == "" {
			kind = "server_error"
		}
		return mustJSON(map[string]any{"error": map[string]any{
			"message": fmt.Sprintf("status %d", code), "type": kind, "param": nil, "code": nil,
		}})
	},
}

func decodeOpenAI(body []byte) (Sent, error) {
	var req struct {
		Model    string `json:"model"`
		Messages []struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
		Temperature    *float64 `json:"temperature"`
		Seed           *int64   `json:"seed"`
		ResponseFormat struct {
			Type       string `json:"type"`
			JSONSchema struct {
				Name   string          `json:"name"`
				Schema json.RawMessage `json:"schema"`
				Strict *bool           `json:"strict"`
			} `json:"json_schema"`
		} `json:"response_format"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		return Sent{}, err
	}
	rf := req.ResponseFormat
	if rf.Type != "json_schema" || rf.JSONSchema.Strict == nil || !*rf.JSONSchema.Strict {
		return Sent{}, errors.New("response_format is not a strict json_schema")
	}
	s := Sent{Model: req.Model, Temperature: req.Temperature, Seed: req.Seed,
		SchemaName: rf.JSONSchema.Name, Schema: rf.JSONSchema.Schema}
	for _, m := range req.Messages {
		t, err := text(m.Content)
		if err != nil {
			return Sent{}, fmt.Errorf("message %s: %w", m.Role, err)
		}
		if err := s.add(m.Role, t); err != nil {
			return Sent{}, err
		}
	}
	return s, nil
}

// add files one message by role, refusing roles a grader never sends.
func (s *Sent) add(role, t string) error {
	switch role {
	case "system":
		s.System += t
	case "user":
		s.User += t
	default:
		return fmt.Errorf("unexpected message role %q", role)
	}
	return nil
}
