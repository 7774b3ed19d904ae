package solo

import (
	"sync"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// Block is a committed block as subscribers see it.
type Block struct {
	Height uint64     `json:"height"`
	Time   int64      `json:"time"`       // unix seconds
	Hash   string     `json:"state_hash"` // 0x hex of the state hash after the block
	Txs    []TxResult `json:"txs"`
}

// TxResult is one transaction of a committed block and what it did.
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

// Subscribe returns a channel that receives every block committed from now on, in
// order, and a function that ends the subscription. The sequencer never waits for a
// subscriber: one whose buffer of buf blocks is full when a block is ready is dropped,
// and its channel closed, so a closed channel means "resubscribe and catch up from the
// store". Close ends every subscription the same way.
func (e *Engine) Subscribe(buf int) (<-chan Block, func()) {
	return e.subs.add(max(buf, 1))
}

type subscribers struct {
	mu     sync.Mutex
	next   int
	chans  map[int]chan Block
	closed bool
}

func (s *subscribers) add(buf int) (<-chan Block, func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := make(chan Block, buf)
	if s.closed {
		close(c)
		return c, func() {}
	}
	if s.chans == nil {
		s.chans = make(map[int]chan Block)
	}
	id := s.next
	s.next++
	s.chans[id] = c
	return c, func() { s.drop(id) }
}

func (s *subscribers) drop(id int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c, ok := s.chans[id]; ok {
		delete(s.chans, id)
		close(c)
	}
}

// publish hands b to every subscriber with room for it and drops the others.
func (s *subscribers) publish(b Block) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for id, c := range s.chans {
		select {
		case c <- b:
		default:
			delete(s.chans, id)
			close(c)
		}
	}
}

func (s *subscribers) closeAll() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	for id, c := range s.chans {
		delete(s.chans, id)
		close(c)
	}
}
