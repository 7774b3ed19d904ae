package comet

import (
	"sync"

	"github.com/arena/arena/chain"
	"github.com/arena/arena/chain/blocks"
	"github.com/arena/arena/store"
)

// Receipt acknowledges a transaction: it is in a committed block.
type Receipt = chain.Receipt

// Block is a committed block as subscribers see it: the solo engine's shape.
type Block = chain.Block

// TxResult is one recorded transaction of a committed block and what it did.
type TxResult = chain.TxResult

// TxAt is a committed transaction, where it is and what it did.
type TxAt = chain.TxAt

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
	feed    blocks.Feed
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
	for i, t := range cb.Txs {
		h.deliver(t.ID, answer{r: blocks.ReceiptOf(cb, i)})
	}
	h.mu.Unlock()
	if h.feed.Subscribed() {
		h.feed.Publish(blocks.Of(cb))
	}
}

// close ends every subscription; later ones start closed.
func (h *hub) close() { h.feed.Close() }

// Subscribe returns a channel that receives every block committed from now on, in
// order, and a function that ends the subscription. Commit never waits: a subscriber
// whose buffer of buf blocks is full is dropped and its channel closed, which means
// "resubscribe and catch up from the store".
func (a *App) Subscribe(buf int) (<-chan Block, func()) { return a.hub.feed.Subscribe(buf) }
