package solo

import "github.com/arena/arena/chain/blocks"

// Block is a committed block as subscribers see it.
type Block = blocks.Block

// TxResult is one transaction of a committed block and what it did.
type TxResult = blocks.TxResult

// Subscribe returns a channel that receives every block committed from now on, in
// order, and a function that ends the subscription. The sequencer never waits for a
// subscriber: one whose buffer of buf blocks is full when a block is ready is dropped,
// and its channel closed, so a closed channel means "resubscribe and catch up from the
// store". Close ends every subscription the same way.
func (e *Engine) Subscribe(buf int) (<-chan Block, func()) {
	return e.subs.Subscribe(max(buf, 1))
}
