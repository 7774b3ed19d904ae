package bridge

import "context"

// Sink is one place awards cross to. Deliver may be called more than once for the same
// award (after a failure or a restart), so what it does must be idempotent on Award.ID.
type Sink interface {
	// Name identifies the sink in the deliveries table; it must stay the same across
	// restarts, or every award is delivered to it again.
	Name() string
	// Accepts reports whether a is for this sink at all; a refused award gets no
	// delivery row. The EVM registry accepts only awards that were won.
	Accepts(a Award) bool
	// Deliver carries a across once. A nil error means a arrived.
	Deliver(ctx context.Context, a Award) (Receipt, error)
}

// Receipt is what a sink reports about one attempt, failed or not.
type Receipt struct {
	TxHash     string // EVM transaction hash, 0x hex
	HTTPStatus int    // the webhook's answer
}
