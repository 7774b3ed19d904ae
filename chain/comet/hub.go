package comet

import (
	"sync"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// Receipt acknowledges a transaction: it is in a committed block.
type Receipt struct {
	TxID    string // 0x hex of the transaction's SigningHash
	Height  uint64
	Index   int // position among the block's recorded transactions, from 0
	Outcome ledger.Outcome
}

// Block is a committed block as subscribers see it: the solo engine's JSON shape.
type Block struct {
	Height uint64     `json:"height"`
	Time   int64      `json:"time"`       // unix seconds
	Hash   string     `json:"state_hash"` // 0x hex of the state hash after the block
	Txs    []TxResult `json:"txs"`
}

// TxResult is one recorded transaction of a committed block and what it did.
type TxResult struct {
	ID      string         `json:"id"` // 0x hex of the SigningHash
	Index   int            `json:"index"`
	From    ledger.Address `json:"from"`
	Kind    ledger.Kind    `json:"kind"`
	Outcome ledger.Outcome `json:"outcome"`
}

// Events returns every event of the block, in order.
func (b *Block) Events() []ledger.Event {
	var out []ledger.Event
	for _, t := range b.Txs {
		out = append(out, t.Outcome.Events...)
	}
	return out
}

func blockOf(cb *store.CommittedBlock) Block {
	b := Block{Height: cb.Height, Time: cb.Time, Hash: store.HexID(cb.Hash), Txs: make([]TxResult, len(cb.Txs))}
	for i, t := range cb.Txs {
		b.Txs[i] = TxResult{ID: store.HexID(t.ID), Index: t.Index, From: t.Tx.From, Kind: t.Tx.Body.Kind(), Outcome: t.Outcome}
	}
	return b
}

// answer is what a waiting Submit hears.
type answer struct {
	r   Receipt
	err error
}

// hub hands committed blocks to subscribers and receipts to waiting submitters. Commit
// never waits on either: a subscriber whose buffer is full is dropped, its channel
// closed; a waiter's channel has room for its one answer.
type hub struct {
	mu      sync.Mutex
	waiters map[[32]byte][]chan answer
	next    int
	subs    map[int]chan Block
	closed  bool
}

// wait registers interest in the transaction with id; cancel forgets it.
func (h *hub) wait(id [32]byte) (<-chan answer, func()) {
	h.mu.Lock()
	defer h.mu.Unlock()
	c := make(chan answer, 1)
	if h.waiters == nil {
		h.waiters = map[[32]byte][]chan answer{}
	}
	h.waiters[id] = append(h.waiters[id], c)
	return c, func() { h.forget(id, c) }
}

func (h *hub) forget(id [32]byte, c chan answer) {
	h.mu.Lock()
	defer h.mu.Unlock()
	list := h.waiters[id]
	for i, w := range list {
		if w == c {
			list = append(list[:i], list[i+1:]...)
			break
		}
	}
	if len(list) == 0 {
		delete(h.waiters, id)
	} else {
		h.waiters[id] = list
	}
}

// deliver answers and forgets every waiter on id.
func (h *hub) deliver(id [32]byte, a answer) {
	for _, c := range h.waiters[id] {
		select {
		case c <- a:
		default:
		}
	}
	delete(h.waiters, id)
}

// fail answers the waiters on id with err: the mempool dropped the transaction.
func (h *hub) fail(id [32]byte, err error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.deliver(id, answer{err: err})
}

// committed answers the waiters on cb's transactions and publishes cb.
func (h *hub) committed(cb *store.CommittedBlock) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, t := range cb.Txs {
		h.deliver(t.ID, answer{r: Receipt{TxID: store.HexID(t.ID), Height: cb.Height, Index: t.Index, Outcome: t.Outcome}})
	}
	if len(h.subs) == 0 {
		return
	}
	b := blockOf(cb)
	for id, c := range h.subs {
		select {
		case c <- b:
		default:
			delete(h.subs, id)
			close(c)
		}
	}
}

// subscribe returns a channel of every block committed from now on.
func (h *hub) subscribe(buf int) (<-chan Block, func()) {
	h.mu.Lock()
	defer h.mu.Unlock()
	c := make(chan Block, max(buf, 1))
	if h.closed {
		close(c)
		return c, func() {}
	}
	if h.subs == nil {
		h.subs = map[int]chan Block{}
	}
	id := h.next
	h.next++
	h.subs[id] = c
	return c, func() { h.drop(id) }
}

func (h *hub) drop(id int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if c, ok := h.subs[id]; ok {
		delete(h.subs, id)
		close(c)
	}
}

// close ends every subscription; later ones start closed.
func (h *hub) close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	for id, c := range h.subs {
		delete(h.subs, id)
		close(c)
	}
}

// Subscribe returns a channel that receives every block committed from now on, in
// order, and a function that ends the subscription. Commit never waits: a subscriber
// whose buffer of buf blocks is full is dropped and its channel closed, which means
// "resubscribe and catch up from the store".
func (a *App) Subscribe(buf int) (<-chan Block, func()) { return a.hub.subscribe(buf) }
