package grading

import (
	"context"
	"errors"
	"net"
	"strconv"

	"github.com/arena/arena/fetch"
	"github.com/arena/arena/ledger"
)

// Protocol messages of grading failures, every one of them in this file. Consensus
// compares EXTERNAL text exactly, so each is fixed; TRANSIENT text is informative only;
// LLM_ERROR never agrees.
const (
	msgNoRung           = "No merit rung in the response"
	msgModelUnavailable = "Model unavailable"
	msgModelRefused     = "Model refused the request"
	msgModelFailed      = "Model call failed"
	msgFetchFailed      = "Work URL could not be fetched"
	msgHostNotFound     = "Work host not found"
	msgTimeout          = "Work host unavailable (timeout)"
	msgConnection       = "Work host unavailable (connection failed)"
	msgNoFetcher        = "Work host unavailable (no fetcher configured)"
	msgCancelled        = "Grading cancelled"
	msgWorkChanged      = "Work changed since filing"
	msgNoVerdict        = "response was not the verdict asked for"
)

// shapeFailures gives each way an answer can fail to be a tender's scorecard or
// scorability verdict its [LLM_ERROR] message, in the order a parser meets them. The
// tender's messages are written in the form its specification gives the range
// failure: "score was outside 0..5".
var shapeFailures = []struct {
	err error
	msg string
}{
	{ErrNoObject, "response held no JSON object"},
	{ErrNoScores, "response held no list of scores"},
	{ErrScoreCount, "scorecard did not have one row per criterion"},
	{ErrCriterion, "a row named no criterion in range"},
	{ErrCriterionRepeat, "a criterion was scored twice"},
	{ErrScoreValue, "score was not a number"},
	{ErrScoreRange, "score was outside 0..5"},
	{ErrReason, "reason was missing or under 3 characters"},
	{ErrNoVerdict, "response held no scorability verdict"},
}

// classed is a protocol class with its message.
type classed struct {
	class ledger.Class
	msg   string
}

// fetchFailures gives each kind of failed fetch its class and message. ErrTooLarge's
// message names the limit the fetch was held to, and is written by tooLarge.
var fetchFailures = map[*fetch.Failure]classed{
	fetch.ErrTooLarge:         {ledger.External, ""},
	fetch.ErrPrivateAddress:   {ledger.External, "Work URL resolves to a private address"},
	fetch.ErrNotHTTPS:         {ledger.External, "Work URL must use https"},
	fetch.ErrBadURL:           {ledger.External, "Work URL is invalid"},
	fetch.ErrContentType:      {ledger.External, "Work must be text or markdown"},
	fetch.ErrTooManyRedirects: {ledger.External, "Work URL redirects too many times"},
	fetch.ErrCertificate:      {ledger.External, "Work host certificate is invalid"},
	fetch.ErrHostNotFound:     {ledger.External, msgHostNotFound},
	fetch.ErrTimeout:          {ledger.Transient, msgTimeout},
	fetch.ErrUnreachable:      {ledger.Transient, msgConnection},
	fetch.ErrCanceled:         {ledger.Transient, msgCancelled},
}

// ErrNoFetcher is what a kind's pipeline hands ClassifyFetch when it must fetch a work
// URL but was given no Fetcher.
var ErrNoFetcher = errors.New("no fetcher configured")

// ClassifyFetch classes an error from a Fetcher, in this order:
//
//   - one of package fetch's kinds of failure: its entry in one table, for example
//     fetch.ErrNotHTTPS is [EXTERNAL] Work URL must use https, fetch.ErrTimeout
//     [TRANSIENT] Work host unavailable (timeout), and fetch.ErrTooLarge
//     [EXTERNAL] Work exceeds 512 KiB, naming the limit the fetch was held to;
//   - a *fetch.StatusError: 404 gives [EXTERNAL] Work URL returned 404, any other 4xx
//     (and any other non-5xx status) [EXTERNAL] Work URL returned <code>, a 5xx
//     [TRANSIENT] Work host unavailable (<code>);
//   - ErrWorkChanged: [EXTERNAL] Work changed since filing;
//   - ErrNoFetcher: [TRANSIENT] Work host unavailable (no fetcher configured);
//   - context.Canceled: [TRANSIENT] Grading cancelled;
//   - context.DeadlineExceeded or a net.Error timeout: [TRANSIENT] Work host unavailable
//     (timeout);
//   - a DNS answer that the host does not exist: [EXTERNAL] Work host not found;
//   - any other net.Error: [TRANSIENT] Work host unavailable (connection failed);
//   - anything else: [EXTERNAL] Work URL could not be fetched.
//
// The result wraps err, for logs; only its class and message are ever compared.
func ClassifyFetch(err error) *ledger.Error {
	var failure *fetch.Failure
	var status *fetch.StatusError
	var dns *net.DNSError
	var ne net.Error
	var e *ledger.Error
	switch {
	case errors.As(err, &failure) && failure == fetch.ErrTooLarge:
		e = ledger.NewError(ledger.External, tooLarge(err))
	case errors.As(err, &failure) && fetchFailures[failure] != classed{}:
		c := fetchFailures[failure]
		e = ledger.NewError(c.class, c.msg)
	case errors.As(err, &status):
		e = statusError(status.Code)
	case errors.Is(err, ErrWorkChanged):
		e = ledger.NewError(ledger.External, msgWorkChanged)
	case errors.Is(err, ErrNoFetcher):
		e = ledger.NewError(ledger.Transient, msgNoFetcher)
	case errors.Is(err, context.Canceled):
		e = ledger.NewError(ledger.Transient, msgCancelled)
	case errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()):
		e = ledger.NewError(ledger.Transient, msgTimeout)
	case errors.As(err, &dns) && dns.IsNotFound:
		e = ledger.NewError(ledger.External, msgHostNotFound)
	case errors.As(err, &ne):
		e = ledger.NewError(ledger.Transient, msgConnection)
	default:
		e = ledger.NewError(ledger.External, msgFetchFailed)
	}
	e.Err = err
	return e
}

func statusError(code int) *ledger.Error {
	if code >= 500 && code <= 599 {
		return ledger.NewError(ledger.Transient, "Work host unavailable ("+strconv.Itoa(code)+")")
	}
	return ledger.NewError(ledger.External, "Work URL returned "+strconv.Itoa(code))
}

// tooLarge is the message of a fetch.ErrTooLarge: "Work exceeds 512 KiB", naming the
// limit the *fetch.Error carries, or fetch's default when it carries none.
func tooLarge(err error) string {
	limit := int64(fetch.DefaultMaxBytes)
	var fe *fetch.Error
	if errors.As(err, &fe) && fe.Limit > 0 {
		limit = fe.Limit
	}
	return "Work exceeds " + sizeText(limit)
}

// sizeText renders a byte limit as the size message states it: "512 KiB", "2 MiB",
// or "1000 bytes".
func sizeText(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + " MiB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + " KiB"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

// ClassifyAnswer classes a model answer in which the rung parser found no reading (err
// says why): [LLM_ERROR] No merit rung in the response. Prose, an apology, an object
// without a rung: none of them is a refusal, which only the provider reports (a status,
// a refusal field or stop reason) and ClassifyModel classes.
func ClassifyAnswer(err error) *ledger.Error {
	return &ledger.Error{Class: ledger.LLMError, Msg: msgNoRung, Err: err}
}

// ClassifyShape classes a model answer that a kind's parser could not read as the
// verdict it asked for (err wraps one of ErrNoObject, ErrNoScores, ErrScoreCount,
// ErrCriterion, ErrCriterionRepeat, ErrScoreValue, ErrScoreRange, ErrReason,
// ErrNoVerdict): always [LLM_ERROR], which never agrees, so the round rotates; its
// message names the first fault, for example [LLM_ERROR] score was outside 0..5. An err
// that wraps none of them is [LLM_ERROR] response was not the verdict asked for.
func ClassifyShape(err error) *ledger.Error {
	msg := msgNoVerdict
	for _, f := range shapeFailures {
		if errors.Is(err, f.err) {
			msg = f.msg
			break
		}
	}
	return &ledger.Error{Class: ledger.LLMError, Msg: msg, Err: err}
}

// ClassifyModel classes an error from a Model: ErrModelUnavailable, a deadline or a
// cancellation is [TRANSIENT] Model unavailable; ErrModelRefused, the provider's own
// refusal, is [LLM_ERROR] Model refused the request; anything else (an answer envelope
// that could not be read) is [LLM_ERROR] Model call failed.
func ClassifyModel(err error) *ledger.Error {
	var e *ledger.Error
	switch {
	case errors.Is(err, ErrModelUnavailable), errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		e = ledger.NewError(ledger.Transient, msgModelUnavailable)
	case errors.Is(err, ErrModelRefused):
		e = ledger.NewError(ledger.LLMError, msgModelRefused)
	default:
		e = ledger.NewError(ledger.LLMError, msgModelFailed)
	}
	e.Err = err
	return e
}
