package node

import (
	"context"

	"github.com/arena/arena/chain/solo"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/validator"
)

// soloChain adapts the solo engine to what a validator worker needs.
type soloChain struct{ e *solo.Engine }

var _ validator.Chain = soloChain{}

// View reads the committed state.
func (c soloChain) View(fn func(*ledger.State)) { c.e.View(fn) }

// Submit returns the outcome of tx once it is committed.
func (c soloChain) Submit(ctx context.Context, tx *ledger.Tx) (ledger.Outcome, error) {
	r, err := c.e.Submit(ctx, tx)
	return r.Outcome, err
}

// Subscribe forwards the height of each committed block; the returned channel closes
// when the engine ends the subscription.
func (c soloChain) Subscribe(buf int) (<-chan uint64, func()) {
	in, stop := c.e.Subscribe(buf)
	out := make(chan uint64, buf)
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
