// Package replay answers prompts from recorded answers, for tests and demonstrations
// that must not reach a model, and records such answers from a live backend.
//
// A replay file is one JSON object mapping a prompt's key to the answer text:
//
//	{"<sha256 hex of System + \"\\n\\n\" + User>": "<response text>"}
//
// The key is the prompt hash every receipt carries (call.PromptText, call.Hash), so an
// answer can be found from a receipt. Answers are returned exactly as recorded, whatever
// their wording; the rung parser decides what they mean.
package replay

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/grading/prompt"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/reader/call"
)

// Provider is the name receipts carry for this backend.
const Provider = "replay"

// Key returns the key p's answer is filed under: the hash of its prompt bytes.
func Key(p prompt.Prompt) string { return call.Hash(call.PromptText(p)) }

// Client answers from a fixed set of recorded answers. It is safe for concurrent use.
type Client struct {
	answers map[string]string
	name    string
	now     func() time.Time
}

var _ grading.Model = (*Client)(nil)

// New returns a Client answering from answers (key to text), which it copies; name is
// the model name its receipts carry.
func New(name string, answers map[string]string) *Client {
	cp := make(map[string]string, len(answers))
	for k, v := range answers {
		cp[k] = v
	}
	return &Client{answers: cp, name: name, now: time.Now}
}

// Open reads the replay file at path.
func Open(path string) (*Client, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	var answers map[string]string
	if err := json.Unmarshal(b, &answers); err != nil {
		return nil, fmt.Errorf("replay %s: %w", path, err)
	}
	return New(filepath.Base(path), answers), nil
}

// Complete returns the answer recorded for p, with its receipt. A prompt with no
// recorded answer is an error wrapping grading.ErrModelRefused that names its key.
func (c *Client) Complete(ctx context.Context, p prompt.Prompt) (string, ledger.Call, error) {
	started := c.now()
	key := Key(p)
	text, ok := c.answers[key]
	if !ok {
		return "", ledger.Call{}, fmt.Errorf("replay %s: %w: no recorded answer for prompt %s", c.name, grading.ErrModelRefused, key)
	}
	return text, call.Receipt(Provider, c.name, p, text, started, c.now()), nil
}
