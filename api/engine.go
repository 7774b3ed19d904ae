package api

import (
	"context"
	"fmt"
	"iter"
	"sync"

	"github.com/arena/arena/chain/blocks"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// engine is what the API needs of an ordering engine; the solo and comet engines both
// have it.
type engine interface {
	Submit(ctx context.Context, tx *ledger.Tx) (blocks.Receipt, error)
	View(fn func(*ledger.State))
	Subscribe(buf int) (<-chan blocks.Block, func())
	DB() *store.DB
}

// engineChain is an engine as the Chain the API serves.
type engineChain struct{ e engine }

func (c engineChain) Submit(ctx context.Context, tx *ledger.Tx) (Receipt, error) {
	rc, err := c.e.Submit(ctx, tx)
	if err != nil {
		return Receipt{}, err
	}
	return Receipt{TxID: rc.TxID, Height: rc.Height, Index: rc.Index, Outcome: rc.Outcome}, nil
}

func (c engineChain) View(fn func(*ledger.State)) { c.e.View(fn) }

// Tx reads a committed transaction from the engine's store.
func (c engineChain) Tx(id [32]byte) (TxAt, bool, error) {
	t, ok, err := c.e.DB().Tx(id)
	if err != nil || !ok {
		return TxAt{}, ok, err
	}
	rc := Receipt{TxID: store.HexID(t.ID), Height: t.Height, Index: t.Index, Outcome: t.Outcome}
	return TxAt{Receipt: rc, Tx: t.Tx}, true, nil
}

// Deliveries reads the award deliveries recorded in the engine's store.
func (c engineChain) Deliveries() ([]store.Delivery, error) {
	ds, err := c.e.DB().Deliveries()
	if err != nil {
		return nil, fmt.Errorf("deliveries: %w", err)
	}
	return ds, nil
}

// Subscribe relays the engine's blocks; the channel closes when the engine drops the
// subscription or cancel is called.
func (c engineChain) Subscribe(buf int) (<-chan Block, func()) {
	in, cancel := c.e.Subscribe(buf)
	out := make(chan Block, max(buf, 1))
	done := make(chan struct{})
	go func() {
		defer close(out)
		for b := range in {
			select {
			case out <- blockOf(b):
			case <-done:
				return
			}
		}
	}()
	var once sync.Once
	return out, func() {
		once.Do(func() {
			close(done)
			cancel()
		})
	}
}

// Head reads the height of the last block in the engine's store. Both engines write a
// block to the store before they publish it, which is what lets a subscriber read
// the blocks before its subscription from the store with no gap.
func (c engineChain) Head() (uint64, error) {
	b, _, err := c.e.DB().LastBlock()
	if err != nil {
		return 0, fmt.Errorf("head: %w", err)
	}
	return b.Height, nil
}

// Blocks reads stored blocks and converts them as the engines convert the blocks they
// publish.
func (c engineChain) Blocks(from, to uint64) iter.Seq2[Block, error] {
	return func(yield func(Block, error) bool) {
		for sb, err := range c.e.DB().Blocks(from, to) {
			if err != nil {
				yield(Block{}, fmt.Errorf("read blocks %d-%d: %w", from, to, err))
				return
			}
			cb := store.CommittedBlock{Height: sb.Height, Time: sb.Time, Hash: sb.Hash, Txs: sb.Txs}
			if !yield(blockOf(blocks.Of(&cb)), nil) {
				return
			}
		}
	}
}

// blockOf is b in the API's JSON shape.
func blockOf(b blocks.Block) Block {
	out := Block{Height: b.Height, Time: b.Time, Hash: b.Hash, Txs: make([]TxResult, len(b.Txs))}
	for i, t := range b.Txs {
		out.Txs[i] = TxResult{ID: t.ID, Index: t.Index, From: t.From, Kind: t.Kind, Outcome: t.Outcome}
	}
	return out
}
