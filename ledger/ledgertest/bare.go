package ledgertest

import (
	"fmt"

	"github.com/arena/arena/ledger"
)

// An Applier applies transactions to an arena, as an engine does, and lets the caller
// read the state the transactions left. Bare is one; a test of an engine adapts the
// engine (Apply submits and waits for the block).
type Applier interface {
	// Apply applies tx and returns its outcome: a refusal by the rules is an Outcome
	// with Err set. The error is non-nil when tx was not applied (an engine's admission
	// refusal) or the arena is no longer sound.
	Apply(tx *ledger.Tx) (ledger.Outcome, error)
	// View calls fn with the state; fn must not keep it or modify it.
	View(fn func(*ledger.State))
}

// A Clock is an Applier whose block time the caller sets, as Bare's is.
type Clock interface {
	Applier
	// Now returns the time of the next block.
	Now() int64
	// Wait moves the time of the next block forward by seconds.
	Wait(seconds int64)
}

// GenesisTime is the block time at which a Bare's clock starts.
const GenesisTime = 1_700_000_000

// Logged is one transaction a Bare applied, with its block.
type Logged struct {
	Tx    *ledger.Tx
	Block ledger.Block
}

// Bare is an Applier over a bare *ledger.State, with blocks of one transaction: each
// transaction's signature is verified and it is applied in a block of its own at the
// Bare's clock; after each, the invariants must hold and the incremental state hash
// must equal the hash of the state decoded afresh (see CheckHash). A Bare is not safe
// for concurrent use.
type Bare struct {
	s         *ledger.State
	now       int64
	log       []Logged
	unchecked bool
}

var _ Clock = (*Bare)(nil)

// NewBare returns a Bare over s whose clock reads GenesisTime.
func NewBare(s *ledger.State) *Bare { return &Bare{s: s, now: GenesisTime} }

// Unchecked makes b apply transactions as an engine applies those it has admitted:
// without verifying signatures and without checking anything after each. It is for
// long random walks and benchmarks, which check what they claim themselves. It returns b.
func (b *Bare) Unchecked() *Bare {
	b.unchecked = true
	return b
}

// Apply verifies tx and applies it in the next block at b's clock, then checks s. The
// error reports a bad signature, a corrupt state, a broken invariant or a drifted hash.
func (b *Bare) Apply(tx *ledger.Tx) (ledger.Outcome, error) {
	if !b.unchecked {
		if err := tx.Verify(); err != nil {
			return ledger.Outcome{}, fmt.Errorf("verify: %w", err)
		}
	}
	blk := ledger.Block{Height: b.s.Height() + 1, Time: b.now}
	b.log = append(b.log, Logged{tx, blk})
	out, err := b.s.Apply(tx, blk)
	if err != nil {
		return out, err
	}
	return out, b.check()
}

// Tick applies an empty block at b's clock, in which tasks close and deadlines pass as
// they would in a block that held a transaction, and checks s.
func (b *Bare) Tick() error {
	b.s.BeginBlock(ledger.Block{Height: b.s.Height() + 1, Time: b.now})
	return b.check()
}

// check checks the invariants and the hash, unless b is unchecked.
func (b *Bare) check() error {
	if b.unchecked {
		return nil
	}
	if err := b.s.CheckInvariants(); err != nil {
		return err
	}
	return CheckHash(b.s)
}

// View calls fn with the state.
func (b *Bare) View(fn func(*ledger.State)) { fn(b.s) }

// Now returns the time of the next block.
func (b *Bare) Now() int64 { return b.now }

// Wait moves the time of the next block forward by seconds.
func (b *Bare) Wait(seconds int64) { b.now += seconds }

// Log returns every transaction b applied, with its block, in order; applying them to a
// fresh state under the same terms replays the arena.
func (b *Bare) Log() []Logged { return b.log }

// CheckHash reports an error when s's incremental state hash has drifted from the hash
// of s encoded and decoded afresh, which a change that was not marked would cause.
func CheckHash(s *ledger.State) error {
	enc, err := s.Encode()
	if err != nil {
		return err
	}
	fresh, err := ledger.Decode(enc)
	if err != nil {
		return err
	}
	if got, want := s.Hash(), fresh.Hash(); got != want {
		return fmt.Errorf("incremental state hash %x differs from the rebuilt hash %x", got, want)
	}
	return nil
}
