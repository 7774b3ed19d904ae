package api

import (
	"context"
	"sync"

	"github.com/arena/arena/chain/solo"
	"github.com/arena/arena/ledger"
)

// Solo returns the Chain of an embedded solo engine.
func Solo(e *solo.Engine) Chain { return soloChain{e} }

type soloChain struct{ e *solo.Engine }

func (c soloChain) Submit(ctx context.Context, tx *ledger.Tx) (Receipt, error) {
	rc, err := c.e.Submit(ctx, tx)
	if err != nil {
		return Receipt{}, err
	}
	return Receipt{TxID: rc.TxID, Height: rc.Height, Index: rc.Index, Outcome: rc.Outcome}, nil
}

func (c soloChain) View(fn func(*ledger.State)) { c.e.View(fn) }

// Subscribe relays the engine's blocks; the channel closes when the engine drops the
// subscription or cancel is called.
func (c soloChain) Subscribe(buf int) (<-chan Block, func()) {
	in, cancel := c.e.Subscribe(buf)
	out := make(chan Block, buf)
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

func blockOf(b solo.Block) Block {
	out := Block{Height: b.Height, Time: b.Time, Hash: b.Hash, Txs: make([]TxResult, len(b.Txs))}
	for i, t := range b.Txs {
		out.Txs[i] = TxResult{ID: t.ID, Index: t.Index, From: t.From, Kind: t.Kind, Outcome: t.Outcome}
	}
	return out
}
