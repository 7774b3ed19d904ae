package learn

import (
	"context"
	"errors"

	"github.com/arena/arena/grading/host"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/sandbox"
)

// Host is what a validator's learning graders share: the runtime and artifact sources
// of every program-running kind (host.Host: Runtime is required). Splits have no URL:
// they are blobs of the arena.
type Host struct {
	host.Host
}

// Limits of every learner, the same on every validator: part of the protocol, as the
// injector's gas weights are.
const (
	// InitGas is the gas of each module's initialisation (the architecture's _initialize,
	// params and params_len together; the training program's _initialize): far above
	// what a Go reactor's runtime and a few MiB of tables need.
	InitGas = learn.InitGas
	// MaxPages is each module's memory, in 64 KiB pages (128 MiB).
	MaxPages = sandbox.DefaultMaxPages
)

// classify returns err as the classed failure it carries, or as a [TRANSIENT] one: an
// error no gate, source or stream classed is the host's, never the pair's.
func classify(err error) *ledger.Error {
	var e *ledger.Error
	switch {
	case errors.As(err, &e):
		return e
	case errors.Is(err, context.DeadlineExceeded):
		return &ledger.Error{Class: ledger.Transient, Msg: msgDeadline, Err: err}
	case errors.Is(err, context.Canceled):
		return &ledger.Error{Class: ledger.Transient, Msg: msgCancelled, Err: err}
	}
	return &ledger.Error{Class: ledger.Transient, Msg: msgHost, Err: err}
}
