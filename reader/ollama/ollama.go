// Package ollama is the reader backend for Ollama's native chat API (POST /api/chat),
// written over net/http so as not to import the ollama module. It sends the system and
// user messages with format set to the prompt's schema, options.temperature 0,
// options.seed, and stream false.
package ollama

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
const Provider = "ollama"

// Config says which server and model to use.
type Config struct {
	BaseURL    string       // the server root: "http://127.0.0.1:11434"
	Model      string       // e.g. "llama3.2"
	NumCtx     int          // context window (options.num_ctx); 0 leaves the model's
	Policy     call.Policy  // retries and per-call timeout
	HTTPClient *http.Client // nil: a client with no timeout of its own (the policy's applies)
}

// Client is an Ollama backend. It is safe for concurrent use.
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

type options struct {
	Temperature float64 `json:"temperature"` // never omitted: Ollama's default is not 0
	Seed        int64   `json:"seed"`
	NumCtx      int     `json:"num_ctx,omitempty"`
}

type request struct {
	Model    string          `json:"model"`
	Messages []message       `json:"messages"`
	Format   json.RawMessage `json:"format"`
	Stream   bool            `json:"stream"`
	Options  options         `json:"options"`
}

type response struct {
	Message message `json:"message"`
	Done    bool    `json:"done"`
	Error   string  `json:"error"`
}

// Complete sends p and returns the answer's text, exactly as the server sent it and
// whatever its form (reading it is the caller's: rung.Parse for a reading), with its
// receipt. Errors wrap grading.ErrModelUnavailable (429, 5xx, timeouts, connection
// failures, after the policy's retries) or grading.ErrModelRefused (any other status,
// an error in the answer); a response that is not a finished /api/chat answer is an
// error wrapping neither.
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
		Model:    c.cfg.Model,
		Messages: []message{{Role: "system", Content: p.System}, {Role: "user", Content: p.User}},
		Format:   p.Schema,
		Stream:   false,
		Options:  options{Temperature: 0, Seed: p.Seed, NumCtx: c.cfg.NumCtx},
	})
}

// once makes one request and returns the answer text, or the failure as the policy
// reads it.
func (c *Client) once(ctx context.Context, body []byte) (string, error) {
	raw, err := call.Post(ctx, c.hc, strings.TrimSuffix(c.cfg.BaseURL, "/")+"/api/chat", nil, body)
	if err != nil {
		return "", err
	}
	var r response
	if err := json.Unmarshal(raw, &r); err != nil {
		return "", fmt.Errorf("answer is not an /api/chat response: %w", err)
	}
	switch {
	case r.Error != "":
		return "", fmt.Errorf("%w: server answered: %.200s", grading.ErrModelRefused, r.Error)
	case !r.Done:
		return "", errors.New("answer is not finished (done=false)")
	}
	return r.Message.Content, nil
}
