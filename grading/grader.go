package grading

import (
	"context"

	"github.com/arena/arena/ledger"
)

// A Grader grades the rounds of one contest kind for a validator; grading/bounty's
// Pipeline is the bounty's. The validator calls Freeze while it holds the committed
// state and runs the Job only after letting the state go, so that no fetch or model
// call ever happens under the state lock.
type Grader interface {
	// Freeze copies out of s the inputs round r froze when it opened (for a bounty: the
	// task, the entry and every entry filed before it) into a Job that keeps nothing
	// pointing into s. It runs under the engine's state lock: it must be cheap, do no
	// IO and not block. It reports false when s does not hold those inputs, and the
	// round is then not graded.
	Freeze(s *ledger.State, r ledger.RoundView) (Job, bool)
}

// A Job is one round's frozen inputs, bound to the Grader that froze them.
type Job interface {
	// Run grades the job and returns the result to attest. Every fetch and model call
	// of the grading happens here, bounded by ctx. A failure is classed into
	// Result.Error, never returned, and Run never panics. Jobs may run concurrently.
	Run(ctx context.Context) ledger.Result
}
