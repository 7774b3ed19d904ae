package api

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/arena/arena/chain"
	"github.com/arena/arena/ledger"
)

// classStatus is the one table from a failure's class to the HTTP status it is served
// with. Anything without a class is a 500 whose detail goes only to the log.
var classStatus = map[ledger.Class]int{
	ledger.Expected:  http.StatusUnprocessableEntity,
	ledger.External:  http.StatusBadGateway,
	ledger.Transient: http.StatusServiceUnavailable,
	ledger.LLMError:  http.StatusBadGateway,
}

// admissionStatus refines the status of refusals at admission, which are [EXPECTED]:
// the request itself was wrong and nothing was applied. A nonce that is not the
// sender's next one (a replay or a gap) is a conflict with the sender's state, which a
// client resolves by re-reading the nonce, so it is a 409 where other refusals are 422:
// a wallet below the value, or one that cannot pay the fee (a key holding nothing).
var admissionStatus = []struct {
	err    error
	status int
}{
	{ledger.ErrTooLarge, http.StatusRequestEntityTooLarge},
	{ledger.ErrMalformed, http.StatusBadRequest},
	{ledger.ErrUnknownKind, http.StatusBadRequest},
	{ledger.ErrBadSignature, http.StatusUnauthorized},
	{ledger.ErrNonce, http.StatusConflict},
	{ledger.ErrFunds, http.StatusUnprocessableEntity},
	{ledger.ErrFee, http.StatusUnprocessableEntity},
}

// busyMsg is the message of a transaction refused because its sender already has as
// many waiting as the engine queues for one sender.
const busyMsg = "This sender has too many transactions waiting to commit; try again after a block"

// unavailable maps the engine's own failures to [TRANSIENT] 503s: the node could not take
// the transaction now, and the client may try again. A request that ended while it
// waited may still see its transaction committed, so the message says how to find out.
var unavailable = []struct {
	err error
	msg string
}{
	{chain.ErrHalted, "The node has halted and accepts no transactions"},
	{chain.ErrClosed, "The node is shutting down"},
	{context.Canceled, "The request ended before the receipt; the transaction may still commit: GET /v1/tx/{id}"},
	{context.DeadlineExceeded, "The request ended before the receipt; the transaction may still commit: GET /v1/tx/{id}"},
}

// internal is the class word of an unclassed failure.
const internal = "INTERNAL"

// httpError is a failure the API decided itself, with its status.
type httpError struct {
	status int
	class  string
	msg    string
}

func (e *httpError) Error() string { return e.msg }

// notFound answers a view of something that does not exist.
func notFound(msg string) error {
	return &httpError{http.StatusNotFound, ledger.Expected.String(), msg}
}

// conflict answers a view of something whose state has no such view yet, or never will.
func conflict(msg string) error {
	return &httpError{http.StatusConflict, ledger.Expected.String(), msg}
}

// badRequest answers a request the API cannot read.
func badRequest(msg string) error {
	return &httpError{http.StatusBadRequest, ledger.Expected.String(), msg}
}

// unprocessable answers a request the API read but refuses.
func unprocessable(msg string) error {
	return &httpError{http.StatusUnprocessableEntity, ledger.Expected.String(), msg}
}

// classify returns the status, class word and message err is served with. An
// unclassed error is reported only as "internal error".
func classify(err error) (int, ErrorDetail) {
	var he *httpError
	if errors.As(err, &he) {
		return he.status, ErrorDetail{Class: he.class, Message: he.msg}
	}
	var le *ledger.Error
	isLedger := errors.As(err, &le)
	for _, a := range admissionStatus {
		if !errors.Is(err, a.err) {
			continue
		}
		if isLedger {
			return a.status, ErrorDetail{Class: le.Class.String(), Message: le.Msg}
		}
		return a.status, ErrorDetail{Class: ledger.Expected.String(), Message: err.Error()}
	}
	if errors.Is(err, chain.ErrSenderBusy) {
		return http.StatusTooManyRequests, ErrorDetail{Class: ledger.Transient.String(), Message: busyMsg}
	}
	for _, u := range unavailable {
		if errors.Is(err, u.err) {
			return http.StatusServiceUnavailable, ErrorDetail{Class: ledger.Transient.String(), Message: u.msg}
		}
	}
	if isLedger {
		if st, ok := classStatus[le.Class]; ok {
			return st, ErrorDetail{Class: le.Class.String(), Message: le.Msg}
		}
	}
	return http.StatusInternalServerError, ErrorDetail{Class: internal, Message: "internal error"}
}

// fail writes err as an ErrorBody, logging the detail of a 500.
func (s *server) fail(w http.ResponseWriter, r *http.Request, err error) {
	st, d := s.classifyLogged(r, err)
	if st == http.StatusTooManyRequests {
		retryAfter(w, time.Second) // a block
	}
	writeJSON(w, st, ErrorBody{Error: d})
}

// classifyLogged is classify, logging the detail of a 500, which the answer leaves out.
func (s *server) classifyLogged(r *http.Request, err error) (int, ErrorDetail) {
	st, d := classify(err)
	if st == http.StatusInternalServerError {
		s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	}
	return st, d
}
