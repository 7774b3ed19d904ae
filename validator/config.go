package validator

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/arena/arena/account"
	"github.com/arena/arena/grading"
	"github.com/arena/arena/ledger"
)

// Chain is the ordering engine a worker reads and writes through. The solo engine and a
// CometBFT engine each satisfy it through a small adapter in the package that wires them.
type Chain interface {
	// View calls fn with the committed state. fn must not keep the state or anything
	// that points into it, and must not block.
	View(fn func(*ledger.State))
	// Submit sends a signed transaction and waits until it is committed, returning what
	// applying it did (a refusal has Outcome.Err set). An error means the transaction
	// was not ordered: refused at admission, or the engine failed or ctx ended.
	Submit(ctx context.Context, tx *ledger.Tx) (ledger.Outcome, error)
	// Subscribe returns a channel that receives the height of each committed block, and
	// a function that ends the subscription. Heights may be skipped when the buffer is
	// full. The engine may close the channel at any time (a slow subscriber dropped, or
	// the engine closing); the worker then subscribes again.
	Subscribe(buf int) (<-chan uint64, func())
}

// Syncer is an optional part of a Chain: one whose node may be behind the network (a
// CometBFT node block syncing after a restart, or joining) reports so. While CatchingUp
// is true the worker plans nothing, so it never grades from a stale state an attempt
// the network already closed, nor spends a nonce on a transaction the ledger would
// refuse.
type Syncer interface {
	CatchingUp() bool
}

// Defaults for a zero Config field.
const (
	DefaultConcurrency = 2
	DefaultRunTimeout  = 90 * time.Second
	DefaultPoll        = 2 * time.Second
	DefaultRotateGrace = 5 * time.Second
)

// Config configures a Worker. Key, Graders and Chain are required.
type Config struct {
	Key *account.Key
	// Graders holds one Grader per contest kind, by the kind's name (bounty.Kind,
	// tender.Kind, tender.CheckKind, challenge.RunKind, challenge.CheckKind, learn.RunKind, learn.HeldoutKind). A round of a kind with no Grader here is neither
	// graded nor moved on by this worker.
	Graders map[string]grading.Grader
	Chain   Chain
	// Concurrency bounds the grading runs in flight at once; 0 means DefaultConcurrency.
	Concurrency int
	// RunTimeout bounds one grading run; a run cut short attests the classed error the
	// grader produced. It does not bound a program run (grading.Metered), which runs
	// until its attempt's deadline. 0 means DefaultRunTimeout.
	RunTimeout time.Duration
	// Poll is how often the worker looks at the state even without a new block, so a
	// missed notification never stalls it. 0 means DefaultPoll.
	Poll time.Duration
	// RotateGrace staggers who moves on an expired attempt: the committee member of
	// rank i by address sends grade once the deadline has passed by i*RotateGrace, so
	// one member acts and the rest only if it is absent. 0 means DefaultRotateGrace.
	RotateGrace time.Duration
	// GasRate is the metered rate this validator measured of itself at start, in gas a
	// second. When it is below the rate the arena's terms require, the worker does not
	// sit on program runs (grading.Metered): it never runs them, and attests on each a
	// [TRANSIENT] failure that says so (never a verdict a round keeps; on the record, so
	// the arena's judges show why), and says so in its log and its Stats. 0 means
	// unmeasured: it sits on every round.
	GasRate int64
	// Now is the wall clock; nil means time.Now.
	Now func() time.Time
	// Logger receives one line per run and per refusal; nil discards.
	Logger *slog.Logger
}

// withDefaults returns c with every zero optional field filled in.
func (c Config) withDefaults() Config {
	if c.Concurrency <= 0 {
		c.Concurrency = DefaultConcurrency
	}
	if c.RunTimeout <= 0 {
		c.RunTimeout = DefaultRunTimeout
	}
	if c.Poll <= 0 {
		c.Poll = DefaultPoll
	}
	if c.RotateGrace <= 0 {
		c.RotateGrace = DefaultRotateGrace
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	return c
}

// validate reports a missing required field.
func (c Config) validate() error {
	switch {
	case c.Key == nil:
		return errors.New("validator: config has no key")
	case len(c.Graders) == 0:
		return errors.New("validator: config has no grader")
	case c.Chain == nil:
		return errors.New("validator: config has no chain")
	}
	return nil
}
