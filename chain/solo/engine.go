package solo

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"sync"
	"sync/atomic"

	// Imported under another name: this package's tests call their chain id chain.
	arenachain "github.com/arena/arena/chain"
	"github.com/arena/arena/chain/blocks"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// Errors the engine returns besides the ledger's refusals.
var (
	// ErrClosed is returned by Submit after Close (chain.ErrClosed).
	ErrClosed = arenachain.ErrClosed
	// ErrHalted is wrapped by every Submit after a block failed to apply or commit
	// (chain.ErrHalted).
	ErrHalted = arenachain.ErrHalted
	// ErrNoGenesis is returned by Open for a new file without founding terms.
	ErrNoGenesis = errors.New("a new arena needs founding terms")
)

// Receipt acknowledges a transaction: it is in a durably committed block.
type Receipt = arenachain.Receipt

// TxAt is a committed transaction, where it is and what it did.
type TxAt = arenachain.TxAt

var _ arenachain.Engine = (*Engine)(nil)

// Engine orders transactions into blocks, applies them to the ledger and keeps them in
// one SQLite file. Its methods are safe for concurrent use.
type Engine struct {
	cfg   Config
	db    *store.DB
	queue chan *request
	quit  chan struct{} // closed by Close
	done  chan struct{} // closed when the sequencer has stopped
	once  sync.Once

	mu    sync.RWMutex // guards state; held for writing from a block's apply to its commit
	state *ledger.State

	// The pipeline's hold on mu (see hold): blocks applied and not yet committed, and
	// Views waiting for the lock, which the sequencer lets in before it applies more.
	pipe    sync.Mutex
	ahead   int // guarded by pipe; mu is held for writing while it is above 0
	waiting atomic.Int32

	// Owned by the sequencer goroutine.
	last   store.BlockInfo
	ckpts  blocks.Checkpoints
	anchor bool // the state after the last block applied waits for an anchoring block

	// Hooks for tests, nil otherwise: called by the committer before it writes a block,
	// and by the sequencer after it applied a transaction in a block.
	beforeCommit func(height uint64)
	applied      func(height uint64)

	haltMu sync.Mutex
	halt   error         // why the engine stopped accepting, once it has
	haltCh chan struct{} // closed when halt is set

	subs blocks.Feed
}

type request struct {
	tx    *ledger.Tx
	id    [32]byte
	wire  []byte          // tx's wire form, encoded by Submit
	enc   store.EncodedTx // tx's rows, encoded by the sequencer once applied
	reply chan result     // buffered: the sequencer never waits on a submitter
}

type result struct {
	r   Receipt
	err error
}

// Open opens the arena in cfg.Path. A new file needs genesis, its founding terms; an
// existing file accepts genesis nil or identical to the terms it was opened with
// (store.ErrGenesis otherwise). The state is rebuilt from the latest checkpoint and the
// blocks after it, each checked against its recorded outcomes and state hash.
func Open(cfg Config, genesis *ledger.Terms) (*Engine, error) {
	cfg = cfg.withDefaults()
	db, err := store.Open(cfg.Path)
	if err != nil {
		return nil, err
	}
	e, err := open(cfg, db, genesis)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", cfg.Path, err)
	}
	go e.run()
	return e, nil
}

func open(cfg Config, db *store.DB, genesis *ledger.Terms) (*Engine, error) {
	terms, err := genesisTerms(db, genesis)
	if err != nil {
		return nil, err
	}
	s, last, err := restore(db, terms)
	if err != nil {
		return nil, err
	}
	cfg.Logger.Info("arena open", "path", db.Path(), "height", last.Height, "state_hash", store.HexID(s.Hash()))
	return &Engine{
		cfg: cfg, db: db, state: s, last: last, ckpts: blocks.Checkpoints{Every: cfg.CheckpointEvery},
		anchor: s.AwaitsAnchor(),
		queue:  make(chan *request, cfg.MaxBatch),
		quit:   make(chan struct{}),
		done:   make(chan struct{}),
		haltCh: make(chan struct{}),
	}, nil
}

// genesisTerms returns the file's founding terms, recording genesis in a new file.
func genesisTerms(db *store.DB, genesis *ledger.Terms) (ledger.Terms, error) {
	terms, ok, err := db.Genesis()
	switch {
	case err != nil:
		return terms, err
	case !ok && genesis == nil:
		return terms, ErrNoGenesis
	case genesis == nil:
		return terms, nil
	}
	if _, err := ledger.New(*genesis); err != nil {
		return terms, fmt.Errorf("founding terms: %w", err)
	}
	if err := db.SetGenesis(*genesis); err != nil {
		return terms, err
	}
	return *genesis, nil
}

// Submit verifies tx's signature and encodes it in the caller's goroutine, so that every
// core checks signatures, queues it and waits until it is in a durably committed block.
// A transaction refused at admission (bad signature, wrong chain, wrong nonce, short
// balance) is answered with its error and never enters a block; refusals by the ledger
// are *ledger.Error. A transaction admitted but refused by the rules is recorded and
// acknowledged like any other, with Receipt.Outcome.Err set. If ctx ends after tx was
// queued, Submit returns ctx.Err() and the transaction may still be committed.
func (e *Engine) Submit(ctx context.Context, tx *ledger.Tx) (Receipt, error) {
	req, err := e.prepare(tx)
	if err != nil {
		return Receipt{}, err
	}
	if err := e.enqueue(ctx, req); err != nil {
		return Receipt{}, err
	}
	return e.await(ctx, req)
}

// SubmitAll verifies and encodes every one of txs in the caller's goroutine, queues
// those it admits in txs's order, which is the order the sequencer takes them in, and
// waits until each is in a durably committed block.
func (e *Engine) SubmitAll(ctx context.Context, txs []*ledger.Tx) []arenachain.Result {
	out := make([]arenachain.Result, len(txs))
	reqs := make([]*request, len(txs))
	for i, tx := range txs {
		reqs[i], out[i].Err = e.prepare(tx)
	}
	for i, req := range reqs {
		if req == nil {
			continue
		}
		if err := e.enqueue(ctx, req); err != nil {
			for j := i; j < len(reqs); j++ {
				if reqs[j] != nil {
					out[j].Err, reqs[j] = err, nil
				}
			}
			break
		}
	}
	for i, req := range reqs {
		if req != nil {
			out[i].Receipt, out[i].Err = e.await(ctx, req)
		}
	}
	return out
}

// prepare checks tx's signature and encodes its wire form, unless the engine has
// stopped.
func (e *Engine) prepare(tx *ledger.Tx) (*request, error) {
	select {
	case <-e.done:
		return nil, e.stopped()
	default:
	}
	id, err := tx.VerifyID()
	if err != nil {
		return nil, err
	}
	wire, err := tx.MarshalJSON()
	if err != nil {
		return nil, err
	}
	return &request{tx: tx, id: id, wire: wire, reply: make(chan result, 1)}, nil
}

// enqueue hands req to the sequencer.
func (e *Engine) enqueue(ctx context.Context, req *request) error {
	select {
	case e.queue <- req:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-e.done:
		return e.stopped()
	}
}

// await waits for the sequencer's answer to a queued req.
func (e *Engine) await(ctx context.Context, req *request) (Receipt, error) {
	select {
	case res := <-req.reply:
		return res.r, res.err
	case <-ctx.Done():
		return Receipt{}, ctx.Err()
	case <-e.done:
		select { // the sequencer may have answered just before it stopped
		case res := <-req.reply:
			return res.r, res.err
		default:
			return Receipt{}, e.stopped()
		}
	}
}

// View calls fn with the current state under a read lock. While the engine runs, the
// state is exactly the committed blocks: View waits while a block is being applied and
// committed, and the sequencer applies no further block until the waiting Views have
// read. fn must not keep s or call the engine.
func (e *Engine) View(fn func(s *ledger.State)) {
	e.waiting.Add(1)
	e.mu.RLock()
	e.waiting.Add(-1)
	defer e.mu.RUnlock()
	fn(e.state)
}

// DB returns the engine's store, for reads (a transaction by id, blocks to catch up a
// dropped subscriber, award events and deliveries). Nothing but the engine writes
// blocks to it.
func (e *Engine) DB() *store.DB { return e.db }

// Head returns the height of the last committed block, 0 before the first.
func (e *Engine) Head() (uint64, error) { return blocks.Head(e.db) }

// Blocks iterates over the committed blocks from height from to height to inclusive, in
// the shape Subscribe delivers them.
func (e *Engine) Blocks(from, to uint64) iter.Seq2[Block, error] {
	return blocks.Stored(e.db, from, to)
}

// Tx looks up a committed transaction by its id, reporting false when no block holds it.
func (e *Engine) Tx(id [32]byte) (TxAt, bool, error) { return blocks.TxAt(e.db, id) }

// Close stops the sequencer after the block it is building, answers every transaction
// still queued with ErrClosed, ends every subscription and closes the file.
func (e *Engine) Close() error {
	e.once.Do(func() { close(e.quit) })
	<-e.done
	e.subs.Close()
	return e.db.Close()
}

// halted returns the error that stopped the engine, or nil while it accepts.
func (e *Engine) halted() error {
	e.haltMu.Lock()
	defer e.haltMu.Unlock()
	return e.halt
}

// stopped is what a submitter hears once the sequencer has stopped.
func (e *Engine) stopped() error {
	if err := e.halted(); err != nil {
		return err
	}
	return ErrClosed
}

// fail halts the engine: nothing more is admitted or written, and the sequencer stops
// as it does on Close.
func (e *Engine) fail(err error) {
	e.haltMu.Lock()
	defer e.haltMu.Unlock()
	if e.halt == nil {
		e.halt = fmt.Errorf("%w: %w", ErrHalted, err)
		e.cfg.Logger.Error("engine halted", "err", err)
		e.once.Do(func() { close(e.quit) })
		close(e.haltCh)
	}
}

// Halted is closed once the engine has halted on its own (a block that failed to apply
// or commit, or a block under a protocol version this binary does not know); HaltErr
// then says why.
func (e *Engine) Halted() <-chan struct{} { return e.haltCh }

// HaltErr returns why the engine halted, or nil while it runs.
func (e *Engine) HaltErr() error { return e.halted() }
