// Package anthropic is the reader backend for Anthropic's messages API. It sends the
// system prompt and one user message at temperature 0 and asks for JSON under
// output_config.format json_schema. The API has no seed; p.Seed is not sent.
//
// It uses github.com/anthropics/anthropic-sdk-go with the SDK's own retries off
// (WithMaxRetries(0)): retries follow the shared call.Policy, which retries 429, 408,
// 5xx (529 overloaded included), timeouts and connection failures, and nothing else. The
// base URL and key are always passed explicitly, so ANTHROPIC_BASE_URL and the SDK's
// other ambient credentials never redirect a configured client.
package anthropic

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	sdk "github.com/anthropics/anthropic-sdk-go"
	"github.com/anthropics/anthropic-sdk-go/option"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/grading/prompt"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/reader/call"
)

// Provider is the name receipts carry for this backend.
const Provider = "anthropic"

// DefaultMaxTokens is the answer limit when Config leaves it zero; the API requires one.
const DefaultMaxTokens = 1024

// Config says which server and model to use.
type Config struct {
	BaseURL    string       // the API root, without /v1: "https://api.anthropic.com"
	Model      string       // e.g. a claude model name
	APIKey     string       // sent as x-api-key
	MaxTokens  int64        // answer limit; default DefaultMaxTokens
	Policy     call.Policy  // retries and per-call timeout
	HTTPClient *http.Client // nil: the SDK's default
}

// Client is an Anthropic backend. It is safe for concurrent use.
type Client struct {
	cfg Config
	sdk sdk.Client
	now func() time.Time
}

var _ grading.Model = (*Client)(nil)

// New returns a Client for cfg.
func New(cfg Config) *Client {
	if cfg.MaxTokens <= 0 {
		cfg.MaxTokens = DefaultMaxTokens
	}
	opts := []option.RequestOption{
		option.WithBaseURL(strings.TrimSuffix(cfg.BaseURL, "/") + "/"),
		option.WithAPIKey(cfg.APIKey),
		option.WithMaxRetries(0),
	}
	if cfg.HTTPClient != nil {
		opts = append(opts, option.WithHTTPClient(cfg.HTTPClient))
	}
	return &Client{cfg: cfg, sdk: sdk.NewClient(opts...), now: time.Now}
}

// Complete sends p and returns the answer's text with its receipt. Errors wrap
// grading.ErrModelUnavailable (429, 5xx, timeouts, connection failures, after the
// policy's retries) or grading.ErrModelRefused (any other status, a refusal, an answer
// that is not a JSON object); the receipt is returned whenever an answer came back.
func (c *Client) Complete(ctx context.Context, p prompt.Prompt) (string, ledger.Call, error) {
	params, err := c.params(p)
	if err != nil {
		return "", ledger.Call{}, fmt.Errorf("anthropic %s: %w", c.cfg.Model, err)
	}
	started := c.now()
	var text string
	err = c.cfg.Policy.Do(ctx, func(ctx context.Context) error {
		var aerr error
		text, aerr = c.once(ctx, params)
		return aerr
	})
	if err != nil {
		return "", ledger.Call{}, fmt.Errorf("anthropic %s: %w", c.cfg.Model, err)
	}
	rec := call.Receipt(Provider, c.cfg.Model, p, text, started, c.now())
	if err := call.CheckJSON(text); err != nil {
		return text, rec, fmt.Errorf("anthropic %s: %w", c.cfg.Model, err)
	}
	return text, rec, nil
}

func (c *Client) params(p prompt.Prompt) (sdk.MessageNewParams, error) {
	var schema map[string]any
	if err := json.Unmarshal(p.Schema, &schema); err != nil {
		return sdk.MessageNewParams{}, fmt.Errorf("%w: prompt schema is not a JSON object: %w", grading.ErrModelRefused, err)
	}
	return sdk.MessageNewParams{
		Model:        sdk.Model(c.cfg.Model),
		MaxTokens:    c.cfg.MaxTokens,
		System:       []sdk.TextBlockParam{{Text: p.System}},
		Messages:     []sdk.MessageParam{sdk.NewUserMessage(sdk.NewTextBlock(p.User))},
		Temperature:  sdk.Float(0),
		OutputConfig: sdk.OutputConfigParam{Format: sdk.JSONOutputFormatParam{Schema: schema}},
	}, nil
}

// once makes one request and returns the answer text (its text blocks, in order) or
// the failure as the policy reads it.
func (c *Client) once(ctx context.Context, params sdk.MessageNewParams) (string, error) {
	msg, err := c.sdk.Messages.New(ctx, params)
	if err != nil {
		return "", httpError(err)
	}
	if msg.StopReason == "refusal" {
		return "", fmt.Errorf("%w: model declined", grading.ErrModelRefused)
	}
	var b strings.Builder
	for _, block := range msg.Content {
		if block.Type == "text" {
			b.WriteString(block.Text)
		}
	}
	return b.String(), nil
}

// httpError turns the SDK's status error into a *call.HTTPError, keeping its headers'
// Retry-After; other errors (the network's) pass through.
func httpError(err error) error {
	var ae *sdk.Error
	if !errors.As(err, &ae) {
		return err
	}
	var h http.Header
	if ae.Response != nil {
		h = ae.Response.Header
	}
	return call.Status(ae.StatusCode, h, ae.RawJSON())
}
