package api

import "github.com/arena/arena/chain/comet"

// Comet returns the Chain of an in-process CometBFT node: Submit answers once the
// transaction is in a block the network committed.
func Comet(e *comet.Engine) Chain { return engineChain{e} }

var _ engine = (*comet.Engine)(nil)
