package comet

import (
	"context"
	"sync"

	"github.com/arena/arena/api"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/validator"
)

// ValidatorChain returns e as the Chain a grading worker reads and writes through.
func ValidatorChain(e *Engine) validator.Chain { return validatorChain{e} }

type validatorChain struct{ e *Engine }

func (c validatorChain) View(fn func(*ledger.State)) { c.e.View(fn) }

func (c validatorChain) Submit(ctx context.Context, tx *ledger.Tx) (ledger.Outcome, error) {
	r, err := c.e.Submit(ctx, tx)
	return r.Outcome, err
}

// Subscribe forwards the height of each committed block; a full buffer skips heights.
func (c validatorChain) Subscribe(buf int) (<-chan uint64, func()) {
	in, stop := c.e.Subscribe(buf)
	out := make(chan uint64, max(buf, 1))
	go func() {
		defer close(out)
		for b := range in {
			select {
			case out <- b.Height:
			default: // the worker looks at the state, not at each block
			}
		}
	}()
	return out, stop
}

// APIChain returns e as the Chain the HTTP API serves.
func APIChain(e *Engine) api.Chain { return apiChain{e} }

type apiChain struct{ e *Engine }

func (c apiChain) Submit(ctx context.Context, tx *ledger.Tx) (api.Receipt, error) {
	r, err := c.e.Submit(ctx, tx)
	if err != nil {
		return api.Receipt{}, err
	}
	return api.Receipt{TxID: r.TxID, Height: r.Height, Index: r.Index, Outcome: r.Outcome}, nil
}

func (c apiChain) View(fn func(*ledger.State)) { c.e.View(fn) }

// Subscribe relays the engine's blocks; the channel closes when the engine drops the
// subscription or cancel is called.
func (c apiChain) Subscribe(buf int) (<-chan api.Block, func()) {
	in, cancel := c.e.Subscribe(buf)
	out := make(chan api.Block, max(buf, 1))
	done := make(chan struct{})
	go func() {
		defer close(out)
		for b := range in {
			select {
			case out <- apiBlock(b):
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

func apiBlock(b Block) api.Block {
	out := api.Block{Height: b.Height, Time: b.Time, Hash: b.Hash, Txs: make([]api.TxResult, len(b.Txs))}
	for i, t := range b.Txs {
		out.Txs[i] = api.TxResult{ID: t.ID, Index: t.Index, From: t.From, Kind: t.Kind, Outcome: t.Outcome}
	}
	return out
}
