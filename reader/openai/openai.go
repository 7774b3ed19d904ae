// Package openai is the reader backend for any server that speaks the OpenAI chat
// completions API: vLLM, the llama.cpp server, Ollama's /v1, and hosted OpenAI. It sends
// the system and user messages at temperature 0 with the prompt's seed, and asks for
// JSON under response_format json_schema with strict set.
//
// It uses github.com/openai/openai-go/v3 with the SDK's own retries off
// (WithMaxRetries(0)): retries follow the shared call.Policy, which retries 429, 408,
// 5xx, timeouts and connection failures, and nothing else. The base URL and key are
// always passed explicitly, so OPENAI_BASE_URL and OPENAI_API_KEY in the environment
// never redirect a configured client.
package openai

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	oai "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/shared"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/grading/prompt"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/reader/call"
)

// Provider is the name receipts carry for this backend.
const Provider = "openai"

// noKey is sent when the server needs no key (a local vLLM or llama.cpp server): the
// SDK wants one, and such servers ignore it.
const noKey = "none"

// Config says which server and model to use.
type Config struct {
	BaseURL    string       // the API root, with its /v1: "http://127.0.0.1:8000/v1"
	Model      string       // the model name the server knows
	APIKey     string       // sent as a bearer token; empty for servers that need none
	MaxTokens  int64        // answer limit; 0 leaves it to the server
	Policy     call.Policy  // retries and per-call timeout
	HTTPClient *http.Client // nil: the SDK's default
}

// Client is an OpenAI-compatible backend. It is safe for concurrent use.
type Client struct {
	cfg Config
	sdk oai.Client
	now func() time.Time
}

var _ grading.Model = (*Client)(nil)

// New returns a Client for cfg.
func New(cfg Config) *Client {
	key := cfg.APIKey
	if key == "" {
		key = noKey
	}
	opts := []option.RequestOption{
		option.WithBaseURL(strings.TrimSuffix(cfg.BaseURL, "/") + "/"),
		option.WithAPIKey(key),
		option.WithMaxRetries(0),
	}
	if cfg.HTTPClient != nil {
		opts = append(opts, option.WithHTTPClient(cfg.HTTPClient))
	}
	return &Client{cfg: cfg, sdk: oai.NewClient(opts...), now: time.Now}
}

// Complete sends p and returns the answer's text with its receipt. Errors wrap
// grading.ErrModelUnavailable (429, 5xx, timeouts, connection failures, after the
// policy's retries) or grading.ErrModelRefused (any other status, a refusal, an answer
// that is not a JSON object); the receipt is returned whenever an answer came back.
func (c *Client) Complete(ctx context.Context, p prompt.Prompt) (string, ledger.Call, error) {
	params, err := c.params(p)
	if err != nil {
		return "", ledger.Call{}, fmt.Errorf("openai %s: %w", c.cfg.Model, err)
	}
	started := c.now()
	var text string
	err = c.cfg.Policy.Do(ctx, func(ctx context.Context) error {
		var aerr error
		text, aerr = c.once(ctx, params)
		return aerr
	})
	if err != nil {
		return "", ledger.Call{}, fmt.Errorf("openai %s: %w", c.cfg.Model, err)
	}
	rec := call.Receipt(Provider, c.cfg.Model, p, text, started, c.now())
	if err := call.CheckJSON(text); err != nil {
		return text, rec, fmt.Errorf("openai %s: %w", c.cfg.Model, err)
	}
	return text, rec, nil
}

func (c *Client) params(p prompt.Prompt) (oai.ChatCompletionNewParams, error) {
	if !json.Valid(p.Schema) {
		return oai.ChatCompletionNewParams{}, fmt.Errorf("%w: prompt schema is not JSON", grading.ErrModelRefused)
	}
	params := oai.ChatCompletionNewParams{
		Model: shared.ChatModel(c.cfg.Model),
		Messages: []oai.ChatCompletionMessageParamUnion{
			oai.SystemMessage(p.System),
			oai.UserMessage(p.User),
		},
		Temperature: oai.Float(0),
		Seed:        oai.Int(p.Seed),
		ResponseFormat: oai.ChatCompletionNewParamsResponseFormatUnion{
			OfJSONSchema: &shared.ResponseFormatJSONSchemaParam{
				JSONSchema: shared.ResponseFormatJSONSchemaJSONSchemaParam{
					Name:   p.SchemaName,
					Schema: p.Schema,
					Strict: oai.Bool(true),
				},
			},
		},
	}
	if c.cfg.MaxTokens > 0 {
		params.MaxCompletionTokens = oai.Int(c.cfg.MaxTokens)
	}
	return params, nil
}

// once makes one request and returns the answer text or the failure as the policy
// reads it.
func (c *Client) once(ctx context.Context, params oai.ChatCompletionNewParams) (string, error) {
	res, err := c.sdk.Chat.Completions.New(ctx, params)
	if err != nil {
		return "", httpError(err)
	}
	if len(res.Choices) == 0 {
		return "", fmt.Errorf("%w: no choices in the answer", grading.ErrModelRefused)
	}
	msg := res.Choices[0].Message
	if msg.Refusal != "" {
		return "", fmt.Errorf("%w: model declined: %.200s", grading.ErrModelRefused, msg.Refusal)
	}
	return msg.Content, nil
}

// httpError turns the SDK's status error into a *call.HTTPError, keeping its headers'
// Retry-After; other errors (the network's) pass through.
func httpError(err error) error {
	var ae *oai.Error
	if !errors.As(err, &ae) {
		return err
	}
	var h http.Header
	if ae.Response != nil {
		h = ae.Response.Header
	}
	return call.Status(ae.StatusCode, h, ae.RawJSON())
}
