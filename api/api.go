// Package api serves an arena over HTTP: signed transactions in, the ledger's views and
// server-sent events out, as JSON. It holds no rules: every answer is a ledger view or a
// receipt from the ordering engine behind the Chain interface.
package api

import (
	"context"
	"iter"
	"log/slog"
	"net/http"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// Chain is the ordering engine the API serves: the solo sequencer (Solo) or a CometBFT
// node of a network (Comet). Implementations must be safe for concurrent use.
type Chain interface {
	// Submit admits tx and returns its receipt once it is applied. An error means the
	// transaction was refused at admission and nothing was applied: a *ledger.Error, or an
	// error wrapping ledger.ErrMalformed, ErrUnknownKind, ErrBadSignature or ErrTooLarge.
	// A refusal by the ledger itself is a receipt whose Outcome has Err set.
	Submit(ctx context.Context, tx *ledger.Tx) (Receipt, error)
	// View calls fn with the current state; fn must not keep the state or modify it.
	View(fn func(*ledger.State))
	// Subscribe delivers every block committed from now on, buffering up to buf; the
	// returned func cancels the subscription and closes the channel.
	Subscribe(buf int) (<-chan Block, func())
	// Head returns the height of the last block the store holds. Every block up to it
	// can be read with Blocks; a block committed after it is also delivered to every
	// subscription made before Head was called.
	Head() (uint64, error)
	// Blocks iterates over the stored blocks from height from to height to inclusive, in
	// order, in the shape Subscribe delivers them; iteration stops after an error.
	Blocks(from, to uint64) iter.Seq2[Block, error]
	// Tx looks up a committed transaction by its id (the signing hash), reporting false
	// when no block holds it.
	Tx(id [32]byte) (TxAt, bool, error)
	// Deliveries returns every award delivery the node's relayer recorded, one per award
	// and sink, delivered or pending, in log order and then by sink.
	Deliveries() ([]store.Delivery, error)
}

// TxAt is GET /v1/tx/{id}: a committed transaction, where it is and what it did.
type TxAt struct {
	Receipt
	Tx *ledger.Tx `json:"tx"` // the signed transaction as it was sent
}

// Receipt is what applying one transaction produced.
type Receipt struct {
	TxID    string         `json:"tx_id"`
	Height  uint64         `json:"height"`
	Index   int            `json:"index"`
	Outcome ledger.Outcome `json:"outcome"`
}

// Block is one committed block as the API streams it: the same JSON shape as the solo
// engine's blocks.
type Block struct {
	Height uint64     `json:"height"`
	Time   int64      `json:"time"`       // unix seconds
	Hash   string     `json:"state_hash"` // 0x hex of the state hash after the block
	Txs    []TxResult `json:"txs"`
}

// TxResult is one transaction of a block and what it did.
type TxResult struct {
	ID      string         `json:"id"` // 0x hex of the signing hash
	Index   int            `json:"index"`
	From    ledger.Address `json:"from"`
	Kind    ledger.Kind    `json:"kind"`
	Outcome ledger.Outcome `json:"outcome"`
}

// Events returns every ledger event of the block, in order.
func (b Block) Events() []ledger.Event {
	var out []ledger.Event
	for _, t := range b.Txs {
		out = append(out, t.Outcome.Events...)
	}
	return out
}

// Config configures the handler New returns.
type Config struct {
	Chain   Chain
	Logger  *slog.Logger // nil discards
	Board   http.Handler // optional; served at /
	MaxBody int64        // bytes accepted by POST /v1/tx; 0 means ledger.MaxTxBytes
	// MaxReplay is the most blocks one GET /v1/events request replays from the store;
	// 0 means DefaultMaxReplay.
	MaxReplay uint64
}

// server is the state every handler shares.
type server struct {
	chain     Chain
	log       *slog.Logger
	board     http.Handler
	maxBody   int64
	maxReplay uint64 // the most blocks an event stream replays
	metrics   *metrics
}

// New returns the API's handler. Each call has its own metrics registry, so several
// servers can live in one process.
func New(cfg Config) http.Handler {
	s := &server{chain: cfg.Chain, log: cfg.Logger, board: cfg.Board, maxBody: cfg.MaxBody, maxReplay: cfg.MaxReplay}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.maxBody <= 0 {
		s.maxBody = ledger.MaxTxBytes
	}
	if s.maxReplay == 0 {
		s.maxReplay = DefaultMaxReplay
	}
	s.metrics = newMetrics(s.height)
	mux := http.NewServeMux()
	for _, r := range s.routes() {
		mux.Handle(r.Method+" "+r.Path, s.metrics.instrument(r.Path, r.Handler))
	}
	return jsonMisses(mux)
}

// height reads the current block height.
func (s *server) height() uint64 {
	var h uint64
	s.chain.View(func(st *ledger.State) { h = st.Height() })
	return h
}
