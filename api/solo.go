package api

import "github.com/arena/arena/chain/solo"

// Solo returns the Chain of an embedded solo engine.
func Solo(e *solo.Engine) Chain { return engineChain{e} }

var _ engine = (*solo.Engine)(nil)
