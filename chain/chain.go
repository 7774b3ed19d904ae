// Package chain declares what an ordering engine offers, whichever it is: Engine, and
// the values it answers with. chain/solo (one embedded sequencer) and chain/comet (a
// CometBFT node) implement it with the block builder they share in chain/blocks; api
// serves any Engine and imports neither; node picks the concrete one.
//
// The values cross the HTTP API as they are, so their JSON is part of the API
// (api/openapi.json).
package chain

import (
	"context"
	"errors"
	"iter"

	"github.com/arena/arena/ledger"
)

// Errors an engine's Submit returns besides the ledger's refusals.
var (
	// ErrClosed is returned by Submit once the engine is closed.
	ErrClosed = errors.New("engine closed")
	// ErrHalted is wrapped by every Submit after a block failed to apply or commit; the
	// last committed block stays the truth.
	ErrHalted = errors.New("engine halted")
)

// Halter is an engine that may stop on its own: Halted is closed once it has, and
// HaltErr says why (for a block under a protocol version the binary does not know, an
// error wrapping *ledger.UpgradeNeeded). A node waits on it and stops with it.
type Halter interface {
	Halted() <-chan struct{}
	HaltErr() error
}

// ErrSenderBusy is an engine's answer to a sender that sends faster than blocks commit.
var (
	// ErrSenderBusy is wrapped by Submit when the sender already has as many
	// transactions waiting to commit as the engine queues for one sender (the CometBFT
	// mempool's cap); the sender may try again after a block.
	ErrSenderBusy = errors.New("sender has too many transactions waiting")
)

// Engine orders signed transactions into blocks, applies them to the ledger and keeps
// the blocks durably. Every block is written to the store before any subscriber or
// submitter hears of it. Implementations are safe for concurrent use.
type Engine interface {
	// Submit admits tx and returns its receipt once the block holding it is durably
	// committed. An error means tx was refused at admission and never enters a block: a
	// *ledger.Error, or an error wrapping ledger.ErrMalformed, ErrUnknownKind,
	// ErrBadSignature or ErrTooLarge; or one wrapping ErrSenderBusy; or the engine
	// stopped (ErrClosed, or an error wrapping ErrHalted). A refusal by the ledger's rules is a receipt whose Outcome has
	// Err set. If ctx ends first, Submit returns ctx.Err() and tx may still be committed.
	Submit(ctx context.Context, tx *ledger.Tx) (Receipt, error)
	// SubmitAll admits each of txs as Submit does, in txs's order, so that a sender's
	// consecutive nonces in one call reach the ledger in turn, and returns once every
	// admitted one is durably committed: the i-th Result is txs[i]'s receipt or the error
	// Submit would have returned for it. One transaction's refusal does not stop the
	// others. If ctx ends first, the transactions not yet answered are answered with
	// ctx.Err() and may still be committed.
	SubmitAll(ctx context.Context, txs []*ledger.Tx) []Result
	// View calls fn with the committed state; fn must not keep the state, modify it or
	// call the engine.
	View(fn func(*ledger.State))
	// Subscribe delivers every block committed from now on, in order, buffering up to
	// buf. The engine never waits on a subscriber: one whose buffer is full is dropped
	// and its channel closed, which means "resubscribe and catch up with Blocks". The
	// returned func ends the subscription and closes the channel.
	Subscribe(buf int) (<-chan Block, func())
	// Head returns the height of the last block the store holds, 0 before the first.
	// Every block up to it can be read with Blocks; a block committed after it is also
	// delivered to every subscription made before Head was called.
	Head() (uint64, error)
	// Blocks iterates over the stored blocks from height from to height to inclusive, in
	// order, in the shape Subscribe delivers them; iteration stops after an error.
	Blocks(from, to uint64) iter.Seq2[Block, error]
	// Tx looks up a committed transaction by its id (its SigningHash), reporting false
	// when no block holds it.
	Tx(id [32]byte) (TxAt, bool, error)
}

// Receipt acknowledges a transaction: it is in a durably committed block.
type Receipt struct {
	TxID    string         `json:"tx_id"` // 0x hex of the transaction's SigningHash
	Height  uint64         `json:"height"`
	Index   int            `json:"index"` // position among the block's recorded transactions, from 0
	Outcome ledger.Outcome `json:"outcome"`
}

// Result is what SubmitAll answers for one transaction: its receipt, or the error that
// refused it (Err set, Receipt empty).
type Result struct {
	Receipt Receipt
	Err     error
}

// TxAt is a committed transaction, where it is and what it did.
type TxAt struct {
	Receipt
	Tx *ledger.Tx `json:"tx"` // the signed transaction as it was sent
}

// Block is a committed block as subscribers see it and GET /v1/events streams it.
// Begin is what the block's begin-block work produced before its first transaction
// (ledger.State.BlockEvents): runs whose seed it anchored, attempts and rounds that
// timed out, and what their ends released.
type Block struct {
	Height uint64         `json:"height"`
	Time   int64          `json:"time"`       // unix seconds
	Hash   string         `json:"state_hash"` // 0x hex of the state hash after the block
	Begin  []ledger.Event `json:"begin_events,omitempty"`
	Txs    []TxResult     `json:"txs"`
}

// TxResult is one recorded transaction of a committed block and what it did.
type TxResult struct {
	ID      string         `json:"id"` // 0x hex of the SigningHash
	Index   int            `json:"index"`
	From    ledger.Address `json:"from"`
	Kind    ledger.Kind    `json:"kind"`
	Outcome ledger.Outcome `json:"outcome"`
}

// Events returns every ledger event of the block, in order: its begin-block events,
// then each transaction's.
func (b Block) Events() []ledger.Event {
	out := append([]ledger.Event(nil), b.Begin...)
	for _, t := range b.Txs {
		out = append(out, t.Outcome.Events...)
	}
	return out
}
