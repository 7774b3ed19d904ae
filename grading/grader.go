package grading

import (
	"context"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/round"
)

// A Grader grades the rounds of one contest kind for a validator and moves them on:
// grading/bounty's Pipeline is the bounty's, grading/tender's Scorer and Checker the
// tender's. The validator calls Freeze and Rotate while it holds the committed state,
// and runs a Job only after letting the state go, so that no fetch or model call ever
// happens under the state lock.
type Grader interface {
	// Freeze copies out of s the inputs round r froze when it opened (for a bounty: the
	// task, the entry and every entry filed before it; for a tender: the criteria, the
	// proposal and an appeal's argument) into a Job that keeps nothing pointing into s.
	// It runs under the engine's state lock: it must be cheap, do no IO and not block.
	// It reports false when s does not hold those inputs, and the round is then not
	// graded.
	Freeze(s *ledger.State, r round.View) (Job, bool)
	// Rotate returns the transaction that moves round r on once its current attempt has
	// passed its deadline (a bounty's Grade, a tender's Score or Resolve, a scorability
	// check's Check of the same criteria). It runs under the state lock, as Freeze does,
	// and reports false when s does not hold what the transaction names.
	Rotate(s *ledger.State, r round.View) (ledger.Body, bool)
}

// A Metered Grader grades program runs whose outcome gas decides, never wall time (a
// benchmark run or bench check, a learning run or held-out measurement). The ledger
// keeps each attempt of such a round open until a validator metering the terms' gas
// rate can have spent the whole budget, so a validator runs its jobs until the
// attempt's deadline rather than its own run timeout, abstains (attests nothing) when
// that deadline cuts a run, and does not sit on them at all when it meters slower than
// the terms' rate.
type Metered interface {
	Grader
	// Metered marks the Grader; it does nothing.
	Metered()
}

// A Job is one round's frozen inputs, bound to the Grader that froze them.
type Job interface {
	// Run grades the job and returns what to attest. Every fetch and model call of the
	// grading happens here, bounded by ctx. A failure is classed into the Attestation,
	// never returned, and Run never panics. Jobs may run concurrently.
	Run(ctx context.Context) Attestation
	// Failed returns the attestation of a run that ended with e before it answered:
	// what the validator attests when a run ignores its deadline.
	Failed(e *ledger.Error) Attestation
}

// An Attestation is what one run found, in its kind's own terms (a bounty's Result, a
// tender's Scorecard or CheckResult), as a validator attests it: it signs the receipts
// and sends Body. Implementations may implement slog.LogValuer to say what was found
// in the validator's log.
type Attestation interface {
	// Receipts returns the run's model-call receipts in a slice the attestation shares,
	// so that the validator signs them in place before it calls Body.
	Receipts() []ledger.Call
	// Failure returns the run's classed failure, "[CLASS] message", or "" when the run
	// produced a verdict.
	Failure() string
	// Body returns the kind's attest transaction for attempt of round id, carrying the
	// verdict and its receipts as they stand.
	Body(id ledger.RoundID, attempt int) ledger.Body
}
