package challenge

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/grading/prompt"
	"github.com/arena/arena/ledger"
)

// Models returns the model that serves a frozen model name on this validator, and
// false when it serves none: a bench that pins a model this validator cannot serve
// exactly is abstained from ([TRANSIENT]), never approximated by another model.
type Models func(name string) (grading.Model, bool)

// Purpose is the purpose a challenge program's model call carries in its receipt and
// prompt.
const Purpose = "agent"

// ModelRequest is the body of a call on the model channel: a system and a user message.
// A request that is not this JSON object is sent whole as the user message.
type ModelRequest struct {
	System string `json:"system,omitempty"`
	User   string `json:"user"`
}

// modelRoute serves a program's model calls.
type modelRoute interface {
	ask(ctx context.Context, req []byte) (string, error)
}

// pinned routes model calls to the validator's reader for the bench's pinned model and
// keeps each call's receipt.
type pinned struct {
	m     grading.Model
	now   func() time.Time
	calls *[]ledger.Call
}

// errModel is wrapped by a model call that could not be served.
var errModel = errors.New("the pinned model could not answer")

// ask sends req to the pinned model and returns its text; a failure of any kind
// (unavailable, refused, unreadable) means this validator cannot serve the run.
func (p pinned) ask(ctx context.Context, req []byte) (string, error) {
	pr := prompt.Prompt{Purpose: Purpose, User: string(req), Seed: prompt.Seed}
	var mr ModelRequest
	if json.Unmarshal(req, &mr) == nil && strings.TrimSpace(mr.User) != "" {
		pr.System, pr.User = mr.System, mr.User
	}
	var started time.Time
	if p.now != nil {
		started = p.now()
	}
	text, call, err := p.m.Complete(ctx, pr)
	if call, ok := grading.Stamp(call, Purpose, started, p.now); ok {
		*p.calls = append(*p.calls, call)
	}
	if err != nil {
		return "", fmt.Errorf("%w: %w", errModel, err)
	}
	return text, nil
}
