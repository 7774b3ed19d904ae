package learn

import (
	"github.com/arena/arena/grading/host"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/sandbox"
)

// Host is what a validator's learning graders share: the runtime and artifact sources
// of every program-running kind (host.Host: Runtime is required). Splits have no URL:
// they are blobs of the arena. A Host keeps the learners its last runs trained
// (KeptLearners), so that a held-out round of one of those runs codes with the trained
// learner instead of retraining one.
type Host struct {
	host.Host
	kept kept
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
