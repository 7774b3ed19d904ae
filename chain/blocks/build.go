package blocks

import (
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// Builder builds one block on a ledger state: the loop both engines run, the solo
// sequencer on the transactions it queued and comet's FinalizeBlock on the ones its
// network decided.
//
//	b, err := blocks.Start(s, ledger.Block{Height: h, Time: t})
//	// err: an *ledger.UpgradeNeeded, the block's version is one this binary lacks: stop
//	for each transaction tx, with id its SigningHash:
//		out, refused, err := b.Add(tx, id) // Check, then Apply and record the outcome
//		// err: the state is unusable, stop; refused: tx is left out of the block
//	cb, err := b.Seal(&checkpoints)         // the state hash, and a checkpoint when due
//	// the engine writes cb with store.CommitBlock, then acknowledges and publishes it
//
// A Builder is used by one goroutine, the one that owns the state.
type Builder struct {
	s   *ledger.State
	blk ledger.Block
	cb  store.CommittedBlock
}

// Start begins block blk on s. It returns the *ledger.UpgradeNeeded of a block whose
// protocol version this binary does not know, before anything changes: the engine must
// stop there.
func Start(s *ledger.State, blk ledger.Block) (*Builder, error) {
	if err := s.NeedsUpgrade(blk.Height); err != nil {
		return nil, err
	}
	return &Builder{s: s, blk: blk, cb: store.CommittedBlock{Height: blk.Height, Time: blk.Time}}, nil
}

// Add admits tx, whose id is its SigningHash, with State.CheckIn at the block's clock. A transaction refused
// at admission changes nothing and is left out of the block: its refusal is returned as
// refused. An admitted one is applied and recorded in the block with its outcome, which
// is returned (a refusal by the rules has Outcome.Err set). err is non-nil only if Apply
// failed: the state is then unusable and the engine must stop.
func (b *Builder) Add(tx *ledger.Tx, id [32]byte) (out ledger.Outcome, refused, err error) {
	if err := b.s.CheckIn(tx, b.blk); err != nil {
		return ledger.Outcome{}, err, nil
	}
	out, err = b.s.Apply(tx, b.blk)
	if err != nil {
		return out, nil, err
	}
	b.cb.Txs = append(b.cb.Txs, store.TxRecord{Index: len(b.cb.Txs), ID: id, Tx: tx, Outcome: out})
	return out, nil, nil
}

// Evidence hands the ledger the consensus evidence the block carries (comet's
// RequestFinalizeBlock.Misbehavior), before any transaction: the block begins, and the
// evidence and what it caused join the block's begin-block events, from which a replay
// reads it back (Misbehaved). It returns those events.
func (b *Builder) Evidence(ms []ledger.Misbehavior) []ledger.Event {
	if len(ms) == 0 {
		return nil
	}
	b.s.BeginBlock(b.blk)
	return b.s.Misbehaved(b.blk.Height, ms)
}

// Misbehaved begins block blk on s and hands the ledger again the evidence the block's
// recorded begin-block events name, as Builder.Evidence handed it when the block was
// made; a block that carried none is left to begin as it would.
func Misbehaved(s *ledger.State, blk ledger.Block, events []ledger.Event) {
	if ms := ledger.EvidenceIn(events); len(ms) > 0 {
		s.BeginBlock(blk)
		s.Misbehaved(blk.Height, ms)
	}
}

// Len returns how many transactions the block records so far.
func (b *Builder) Len() int { return len(b.cb.Txs) }

// Seal ends the block and returns what the store commits: the events the block's
// begin-block work produced, the recorded transactions, the state hash after them and,
// when c says one is due, the full encoding of the state. A block that recorded nothing
// still moves the state's height and time.
func (b *Builder) Seal(c *Checkpoints) (store.CommittedBlock, error) {
	b.s.BeginBlock(b.blk) // a no-op once Add applied a transaction
	b.cb.Version = b.s.Version()
	b.cb.Events = b.s.BlockEvents()
	b.cb.Hash = b.s.Hash()
	if c.due() {
		enc, err := b.s.Encode()
		if err != nil {
			return b.cb, err
		}
		b.cb.Checkpoint = enc
	}
	return b.cb, nil
}

// Checkpoints decides which sealed blocks carry a full checkpoint: one in every Every.
// The zero value checkpoints every block.
type Checkpoints struct {
	Every int // blocks between checkpoints
	since int // blocks sealed since the last checkpoint
}

// due counts one more sealed block and reports whether it carries a checkpoint.
func (c *Checkpoints) due() bool {
	if c.since++; c.since < c.Every {
		return false
	}
	c.since = 0
	return true
}
