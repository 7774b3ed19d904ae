// Package grading is the pipeline one validator runs on one entry: fetch the work if the
// entry gave a URL, compile the rubric into checks, one sandbox pass (checks and overlap
// against every earlier entry), one reading by a model, and the arithmetic. The stages
// live in facts, checks, overlap, rung and prompt; this package wires them and classes
// every failure.
package grading

import (
	"context"
	"errors"
	"fmt"

	"github.com/arena/arena/fetch"
	"github.com/arena/arena/grading/prompt"
	"github.com/arena/arena/ledger"
)

// ErrModelUnavailable is what a Model wraps when the model could not be reached after its
// retries: a 429, a 5xx, a timeout, a refused connection. The pipeline classes it
// [TRANSIENT] Model unavailable.
var ErrModelUnavailable = errors.New("model unavailable")

// ErrModelRefused is what a Model wraps when the provider refused the request (any other
// 4xx). The pipeline classes it [LLM_ERROR].
var ErrModelRefused = errors.New("model refused the request")

// Model answers one prompt. Implementations live under reader/. The returned Call is
// unsigned; the validator signs it. Complete returns an error wrapping
// ErrModelUnavailable or ErrModelRefused when the provider failed; any other error is
// classed [LLM_ERROR]. A Call is returned whenever the model produced an answer, even
// when text cannot be used.
type Model interface {
	Complete(ctx context.Context, p prompt.Prompt) (text string, call ledger.Call, err error)
}

// ErrNoModel is what a pipeline hands ClassifyModel when it has no Model to call; it
// wraps ErrModelUnavailable.
var ErrNoModel = fmt.Errorf("no model configured: %w", ErrModelUnavailable)

// Fetcher fetches the text of a work URL. Package fetch implements it. Its errors are
// classed by ClassifyFetch: package fetch's typed errors each by one table, a deadline
// or net timeout as transient, anything else as [EXTERNAL] Work URL could not be
// fetched.
type Fetcher interface {
	Fetch(ctx context.Context, url string) ([]byte, error)
}

var _ Fetcher = (*fetch.Client)(nil)
