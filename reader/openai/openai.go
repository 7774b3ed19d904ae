// Package openai is the reader backend for any server that speaks the OpenAI chat
// completions API: vLLM, the llama.cpp server, Ollama's /v1, and hosted OpenAI. It sends
// the system and user messages at temperature 0 with the prompt's seed, and asks for
// JSON under response_format json_schema with strict set.
//
// It speaks the wire format over net/http (POST BASEURL/chat/completions), as the ollama
// backend does, rather than through an SDK: one request is all a reading needs, and the
// SDK was most of a binary. Retries follow the shared call.Policy, which retries 429,
// 408, 5xx, timeouts and connection failures, and nothing else. Nothing is read from
// the environment: the base URL and key are the Config's.
package openai

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/grading/prompt"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/reader/call"
)

// Provider is the name receipts carry for this backend.
const Provider = "openai"

// Config says which server and model to use.
type Config struct {
	BaseURL    string       // the API root, with its /v1: "http://127.0.0.1:8000/v1"
	Model      string       // the model name the server knows
	APIKey     string       // sent as a bearer token; empty for servers that need none
	MaxTokens  int64        // answer limit (max_completion_tokens); 0 leaves it to the server
	Policy     call.Policy  // retries and per-call timeout
	HTTPClient *http.Client // nil: a client with no timeout of its own (the policy's applies)
}

// Client is an OpenAI-compatible backend. It is safe for concurrent use.
type Client struct {
	cfg Config
	hc  *http.Client
	now func() time.Time
}

var _ grading.Model = (*Client)(nil)

// New returns a Client for cfg.
func New(cfg Config) *Client {
	hc := cfg.HTTPClient
	if hc == nil {
		hc = &http.Client{}
	}
	return &Client{cfg: cfg, hc: hc, now: time.Now}
}

type message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type jsonSchema struct {
	Name   string          `json:"name"`
	Schema json.RawMessage `json:"schema"`
	Strict bool            `json:"strict"`
}

type responseFormat struct {
	Type       string     `json:"type"` // "json_schema"
	JSONSchema jsonSchema `json:"json_schema"`
}

type request struct {
	Model          string         `json:"model"`
	Messages       []message      `json:"messages"`
	Temperature    float64        `json:"temperature"` // never omitted: a server's default is not 0
	Seed           int64          `json:"seed"`
	ResponseFormat responseFormat `json:"response_format"`
	MaxTokens      int64          `json:"max_completion_tokens,omitempty"`
}

type response struct {
	Choices []struct {
		Message struct {
			Content *string `json:"content"`
			Refusal *string `json:"refusal"`
		} `json:"message"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
	Error *struct {
		Message string          `json:"message"`
		Type    string          `json:"type"`
		Code    json.RawMessage `json:"code"` // a string, a number or null, by server
	} `json:"error"`
}

// Complete sends p and returns the answer's text, exactly as the server sent it and
// whatever its form (reading it is the caller's: rung.Parse for a reading), with its
// receipt. Errors wrap grading.ErrModelUnavailable (429, 5xx, timeouts, connection
// failures, after the policy's retries) or grading.ErrModelRefused (any other status,
// an error object in the answer, the model's refusal field, a content filter that
// withheld the answer); a response that is not a chat completion is an error wrapping
// neither.
func (c *Client) Complete(ctx context.Context, p prompt.Prompt) (string, ledger.Call, error) {
	body, err := c.body(p)
	if err != nil {
		return "", ledger.Call{}, fmt.Errorf("%s %s: %w", Provider, c.cfg.Model, err)
	}
	return call.Exchange(ctx, c.cfg.Policy, c.now, Provider, c.cfg.Model, p,
		func(ctx context.Context) (string, error) { return c.once(ctx, body) })
}

func (c *Client) body(p prompt.Prompt) ([]byte, error) {
	if !json.Valid(p.Schema) {
		return nil, fmt.Errorf("%w: prompt schema is not JSON", grading.ErrModelRefused)
	}
	return json.Marshal(request{
		Model:       c.cfg.Model,
		Messages:    []message{{Role: "system", Content: p.System}, {Role: "user", Content: p.User}},
		Temperature: 0,
		Seed:        p.Seed,
		ResponseFormat: responseFormat{Type: "json_schema",
			JSONSchema: jsonSchema{Name: p.SchemaName, Schema: p.Schema, Strict: true}},
		MaxTokens: c.cfg.MaxTokens,
	})
}

// once makes one request and returns the answer text, or the failure as the policy
// reads it.
func (c *Client) once(ctx context.Context, body []byte) (string, error) {
	h := http.Header{}
	if c.cfg.APIKey != "" {
		h.Set("Authorization", "Bearer "+c.cfg.APIKey)
	}
	raw, err := call.Post(ctx, c.hc, strings.TrimSuffix(c.cfg.BaseURL, "/")+"/chat/completions", h, body)
	if err != nil {
		return "", err
	}
	return answer(raw)
}

// errorObject is the failure an error object in a 200 stands for. Some servers (routers
// in front of several providers) send a failure that way, with its HTTP status as a
// numeric code, or a server_error: those are the *call.HTTPError of that status (or of
// 500), so the policy retries them as it would the status; any other error object is a
// refusal.
func errorObject(typ string, code json.RawMessage, raw []byte) error {
	var n int
	switch {
	case json.Unmarshal(code, &n) == nil && n >= 400 && n <= 599:
		return call.Status(n, nil, string(raw))
	case typ == "server_error":
		return call.Status(http.StatusInternalServerError, nil, string(raw))
	}
	return fmt.Errorf("%w: server answered: %.200s", grading.ErrModelRefused, raw)
}

// answer reads the text of the first choice of a chat completion.
func answer(raw []byte) (string, error) {
	var r response
	if err := json.Unmarshal(raw, &r); err != nil {
		return "", fmt.Errorf("answer is not a chat completion: %w", err)
	}
	switch {
	case r.Error != nil:
		return "", errorObject(r.Error.Type, r.Error.Code, raw)
	case len(r.Choices) == 0:
		return "", errors.New("no choices in the answer")
	}
	ch := r.Choices[0]
	if ch.Message.Refusal != nil && *ch.Message.Refusal != "" {
		return "", fmt.Errorf("%w: model declined: %.200s", grading.ErrModelRefused, *ch.Message.Refusal)
	}
	if ch.Message.Content == nil {
		if ch.FinishReason == "content_filter" {
			return "", fmt.Errorf("%w: answer withheld by the content filter", grading.ErrModelRefused)
		}
		return "", fmt.Errorf("no content in the answer (finish_reason %q)", ch.FinishReason)
	}
	return *ch.Message.Content, nil
}
