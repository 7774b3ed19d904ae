// Package anthropic is the reader backend for Anthropic's messages API. It sends the
// system prompt and one user message at temperature 0 and asks for JSON under
// output_config.format json_schema. The API has no seed; p.Seed is not sent.
//
// It speaks the wire format over net/http (POST BASEURL/v1/messages with x-api-key and
// anthropic-version 2023-06-01), as the ollama backend does, rather than through an
// SDK: one request is all a reading needs. Retries follow the shared call.Policy, which
// retries 429, 408, 5xx (529 overloaded included), timeouts and connection failures,
// and nothing else. Nothing is read from the environment: the base URL and key are the
// Config's.
package anthropic

import (
	"context"
	"encoding/json"
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
const Provider = "anthropic"

// DefaultMaxTokens is the answer limit when Config leaves it zero; the API requires one.
const DefaultMaxTokens = 1024

// Version is the anthropic-version header every request carries.
const Version = "2023-06-01"

// Config says which server and model to use.
type Config struct {
	BaseURL    string       // the API root, without /v1: "https://api.anthropic.com"
	Model      string       // e.g. a claude model name
	APIKey     string       // sent as x-api-key; empty sends none (a local server)
	MaxTokens  int64        // answer limit; default DefaultMaxTokens
	Policy     call.Policy  // retries and per-call timeout
	HTTPClient *http.Client // nil: a client with no timeout of its own (the policy's applies)
}

// Client is an Anthropic backend. It is safe for concurrent use.
type Client struct {
	cfg Config
	hc  *http.Client
	now func() time.Time
}

var _ grading.Model = (*Client)(nil)

// New returns a Client for cfg.
func New(cfg Config) *Client {
	if cfg.MaxTokens <= 0 {
		cfg.MaxTokens = DefaultMaxTokens
	}
	hc := cfg.HTTPClient
	if hc == nil {
		hc = &http.Client{}
	}
	return &Client{cfg: cfg, hc: hc, now: time.Now}
}

type block struct {
	Type string `json:"type"` // "text"
	Text string `json:"text"`
}

type message struct {
	Role    string  `json:"role"`
	Content []block `json:"content"`
}

type format struct {
	Type   string          `json:"type"` // "json_schema"
	Schema json.RawMessage `json:"schema"`
}

type outputConfig struct {
	Format format `json:"format"`
}

type request struct {
	Model        string       `json:"model"`
	MaxTokens    int64        `json:"max_tokens"`
	System       []block      `json:"system,omitempty"` // the API refuses an empty text block
	Messages     []message    `json:"messages"`
	Temperature  float64      `json:"temperature"` // never omitted: the API's default is 1
	OutputConfig outputConfig `json:"output_config"`
}

type response struct {
	Type       string  `json:"type"` // "message", or "error"
	Content    []block `json:"content"`
	StopReason string  `json:"stop_reason"`
	Error      *struct {
		Type    string `json:"type"`
		Message string `json:"message"`
	} `json:"error"`
}

// Complete sends p and returns the answer's text, exactly as the server sent it and
// whatever its form (reading it is the caller's: rung.Parse for a reading), with its
// receipt. Errors wrap grading.ErrModelUnavailable (429, 5xx, timeouts, connection
// failures, after the policy's retries) or grading.ErrModelRefused (any other status,
// an error object in the answer, the refusal stop reason); a response that is not a
// message is an error wrapping neither.
func (c *Client) Complete(ctx context.Context, p prompt.Prompt) (string, ledger.Call, error) {
	body, err := c.body(p)
	if err != nil {
		return "", ledger.Call{}, fmt.Errorf("%s %s: %w", Provider, c.cfg.Model, err)
	}
	return call.Exchange(ctx, c.cfg.Policy, c.now, Provider, c.cfg.Model, p,
		func(ctx context.Context) (string, error) { return c.once(ctx, body) })
}

func (c *Client) body(p prompt.Prompt) ([]byte, error) {
	var schema map[string]json.RawMessage
	if err := json.Unmarshal(p.Schema, &schema); err != nil {
		return nil, fmt.Errorf("%w: prompt schema is not a JSON object: %w", grading.ErrModelRefused, err)
	}
	r := request{
		Model:        c.cfg.Model,
		MaxTokens:    c.cfg.MaxTokens,
		Messages:     []message{{Role: "user", Content: []block{{Type: "text", Text: p.User}}}},
		Temperature:  0,
		OutputConfig: outputConfig{Format: format{Type: "json_schema", Schema: p.Schema}},
	}
	if p.System != "" {
		r.System = []block{{Type: "text", Text: p.System}}
	}
	return json.Marshal(r)
}

// once makes one request and returns the answer text (its text blocks, in order), or
// the failure as the policy reads it.
func (c *Client) once(ctx context.Context, body []byte) (string, error) {
	h := http.Header{}
	if c.cfg.APIKey != "" {
		h.Set("X-Api-Key", c.cfg.APIKey)
	}
	h.Set("Anthropic-Version", Version)
	raw, err := call.Post(ctx, c.hc, strings.TrimSuffix(c.cfg.BaseURL, "/")+"/v1/messages", h, body)
	if err != nil {
		return "", err
	}
	return answer(raw)
}

// statusOf is the HTTP status the API sends with each type of error object, so that
// one that comes in a 200 is classed as its status would be.
var statusOf = map[string]int{
	"invalid_request_error": http.StatusBadRequest,
	"authentication_error":  http.StatusUnauthorized,
	"permission_error":      http.StatusForbidden,
	"not_found_error":       http.StatusNotFound,
	"request_too_large":     http.StatusRequestEntityTooLarge,
	"rate_limit_error":      http.StatusTooManyRequests,
	"api_error":             http.StatusInternalServerError,
	"overloaded_error":      529,
}

// errorObject is the failure an error object in a 200 stands for: the *call.HTTPError
// of the status its type is sent with (so the policy retries an overload and refuses
// a bad request), or a refusal when its type is unknown.
func errorObject(r response, raw []byte) error {
	if r.Error != nil {
		if code, ok := statusOf[r.Error.Type]; ok {
			return call.Status(code, nil, string(raw))
		}
	}
	return fmt.Errorf("%w: server answered: %.200s", grading.ErrModelRefused, raw)
}

// answer reads the text of a message: its text blocks, in order.
func answer(raw []byte) (string, error) {
	var r response
	if err := json.Unmarshal(raw, &r); err != nil {
		return "", fmt.Errorf("answer is not a message: %w", err)
	}
	switch {
	case r.Type == "error" || r.Error != nil:
		return "", errorObject(r, raw)
	case r.StopReason == "refusal":
		return "", fmt.Errorf("%w: model declined", grading.ErrModelRefused)
	}
	var b strings.Builder
	for _, blk := range r.Content {
		if blk.Type == "text" {
			b.WriteString(blk.Text)
		}
	}
	return b.String(), nil
}
