package grading

import (
	"context"
	"errors"
	"net"
	"strconv"

	"github.com/arena/arena/ledger"
)

// Protocol messages the pipeline writes. Consensus compares EXTERNAL text exactly, so
// each is fixed; TRANSIENT text is informative only.
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
)

// ClassifyFetch classes an error from a Fetcher, in this order:
//
//   - an error implementing Classed: its own class and message;
//   - a StatusError: 404 gives [EXTERNAL] Work URL returned 404, any other 4xx (and any
//     other non-5xx status) [EXTERNAL] Work URL returned <code>, a 5xx
//     [TRANSIENT] Work host unavailable (<code>);
//   - context.Canceled: [TRANSIENT] Grading cancelled;
//   - context.DeadlineExceeded or a net.Error timeout: [TRANSIENT] Work host unavailable
//     (timeout);
//   - a DNS answer that the host does not exist: [EXTERNAL] Work host not found;
//   - any other net.Error: [TRANSIENT] Work host unavailable (connection failed);
//   - anything else: [EXTERNAL] Work URL could not be fetched.
func ClassifyFetch(err error) *ledger.Error {
	var classed Classed
	var status StatusError
	var dns *net.DNSError
	var ne net.Error
	var e *ledger.Error
	switch {
	case errors.As(err, &classed):
		e = ledger.NewError(classed.Class(), classed.Message())
	case errors.As(err, &status):
		e = statusError(status.StatusCode())
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

// ClassifyModel classes an error from a Model: ErrModelUnavailable, a deadline or a
// cancellation is [TRANSIENT] Model unavailable; ErrModelRefused is [LLM_ERROR] Model
// refused the request; anything else is [LLM_ERROR] Model call failed.
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
