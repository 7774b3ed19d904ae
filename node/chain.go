package node

import (
	"context"

	"github.com/arena/arena/chain"
	"github.com/arena/arena/chain/comet"
	"github.com/arena/arena/chain/solo"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
	"github.com/arena/arena/validator"
)

// engine is what the node needs of an ordering engine: the one every engine offers
// (chain.Engine), the store the bridge's relayer records deliveries in, and Close. The
// solo and comet engines both have it.
type engine interface {
	chain.Engine
	DB() *store.DB
	Close() error
}

var (
	_ engine = (*solo.Engine)(nil)
	_ engine = (*comet.Engine)(nil)
)

// engineChain adapts an engine to what a validator worker needs.
type engineChain struct{ e engine }

var (
	_ validator.Chain  = engineChain{}
	_ validator.Syncer = engineChain{}
)

// CatchingUp reports whether the engine's node is still catching up with its network
// (see comet.Engine.CatchingUp); the solo engine never is.
func (c engineChain) CatchingUp() bool {
	s, ok := c.e.(validator.Syncer)
	return ok && s.CatchingUp()
}

// View reads the committed state.
func (c engineChain) View(fn func(*ledger.State)) { c.e.View(fn) }

// Submit returns the outcome of tx once it is committed.
func (c engineChain) Submit(ctx context.Context, tx *ledger.Tx) (ledger.Outcome, error) {
	r, err := c.e.Submit(ctx, tx)
	return r.Outcome, err
}

// Subscribe forwards the height of each committed block; the returned channel closes
// when the engine ends the subscription.
func (c engineChain) Subscribe(buf int) (<-chan uint64, func()) {
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
