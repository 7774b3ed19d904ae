// Package grading holds what the grading of every contest kind shares, and nothing that
// belongs to one kind:
//
//   - Model, Fetcher and WorkSource, the interfaces a kind's pipeline calls for a model's
//     answer, for the text of a work URL (implemented under reader/ and by package
//     fetch) and for the work bytes committed at filing (the node's store);
//   - the one classifier of failures (ClassifyFetch, ClassifyModel, ClassifyAnswer):
//     every protocol message a grading failure can carry, "[EXTERNAL] Work URL returned
//     404" and the rest, is written in classify.go and nowhere else;
//   - Grader, Job and Attestation, the interfaces through which a validator grades a
//     round of any kind: Freeze copies the round's inputs under the state lock, Job.Run
//     does the IO after it and returns an Attestation, whose receipts the validator
//     signs and whose Body is the kind's attest transaction; Rotate names the kind's
//     transaction that moves a timed-out attempt on;
//   - receipt stamping (Stamp), which completes the receipt of each model call;
//   - prompt fencing and the provider-neutral Prompt, in grading/prompt.
//
// Each kind's pipeline lives in its own package below this one: grading/bounty grades a
// bounty entry (fetch, compile, sandbox pass, read, arithmetic), grading/tender scores a
// tender's proposal per criterion and checks that criteria can be scored. What the
// program-running kinds' graders share, the sandbox runtime and the artifact sources,
// is grading/host's Host; no kind's package imports another's.
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
// retries: a 429, a 5xx, a timeout, a refused connection. ClassifyModel classes it
// [TRANSIENT] Model unavailable.
var ErrModelUnavailable = errors.New("model unavailable")

// ErrModelRefused is what a Model wraps when the provider refused the request (any other
// 4xx). ClassifyModel classes it [LLM_ERROR] Model refused the request.
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

// WorkSource holds work bytes by the sha256 they were committed with at filing: the
// node's content-addressed store. A pipeline asks it first for the bytes a URL entry
// committed, and fetches the URL (checking what it serves against the digest) only when
// Work reports false. Work reports false for a digest it does not hold, or cannot read
// now; it is safe for concurrent use.
type WorkSource interface {
	Work(ctx context.Context, sha256 string) ([]byte, bool)
}

// WorkKeeper is a WorkSource that also keeps bytes: a pipeline hands it the bytes it
// fetched from a work URL and checked against the digest committed at filing, so that
// the node grades and compares those bytes even after the page changes or goes away,
// whichever node the solver uploaded them to. Keep must be safe for concurrent use; a
// failure to keep is the keeper's to log, never the grade's.
type WorkKeeper interface {
	WorkSource
	Keep(ctx context.Context, b []byte)
}

// ErrWorkChanged is what a pipeline hands ClassifyFetch when a work URL served bytes
// whose sha256 is not the one the entry committed at filing. ClassifyFetch classes it
// [EXTERNAL] Work changed since filing: every validator that fetches the same bytes
// agrees on it, and the entry settles as failed.
var ErrWorkChanged = errors.New("work changed since filing")
