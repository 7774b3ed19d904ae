package tender

import (
	"context"
	"log/slog"
	"slices"
	"time"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/round"
	"github.com/arena/arena/ledger/tender"
)

// Checker checks whether criteria can be scored from a proposal's text alone: the
// Grader of the rounds of CheckKind. Its zero value needs only Model. It is safe for
// concurrent use.
type Checker struct {
	Model grading.Model    // reads the criteria
	Now   func() time.Time // stamps a Call the Model left unstamped; nil: leave it
}

var _ grading.Grader = (*Checker)(nil)

// Run asks the model, in one call, whether each of v's frozen criteria can be scored
// from a proposal's text alone, and returns the verdict a validator attests to:
// scorable, or not with the flagged criteria ascending and distinct, each with its
// reason; or the classed failure. Run never panics on any input.
func (c *Checker) Run(ctx context.Context, v ledger.TenderRoundView) tender.CheckResult {
	res := tender.CheckResult{Flagged: []int{}, Reasons: []string{}, Calls: []ledger.Call{}}
	text, e := complete(ctx, c.Model, c.Now, checkPrompt(v.Criteria), &res.Calls)
	if e != nil {
		res.Error = e.Error()
		return res
	}
	got, err := shapeVerdict(text, len(v.Criteria))
	if err != nil {
		res.Error = classifyShape(err).Error()
		return res
	}
	res.Scorable, res.Flagged, res.Reasons = got.scorable, got.flagged, got.reasons
	return res
}

// Freeze copies out of s the criteria scorability round r froze when it opened. It
// reports false when r is not a scorability round s holds.
func (c *Checker) Freeze(s *ledger.State, r round.View) (grading.Job, bool) {
	v, ok := s.TenderRound(r.ID)
	if !ok || v.Kind != CheckKind {
		return nil, false
	}
	return checkJob{c, inputs(v)}, true
}

// Rotate returns check(criteria) with the round's frozen criteria, which moves a
// timed-out attempt of the check of their digest on.
func (c *Checker) Rotate(s *ledger.State, r round.View) (ledger.Body, bool) {
	v, ok := s.TenderRound(r.ID)
	if !ok || v.Kind != CheckKind {
		return nil, false
	}
	return tender.Check{Criteria: slices.Clone(v.Criteria)}, true
}

// checkJob is one scorability round's frozen inputs.
type checkJob struct {
	c *Checker
	v ledger.TenderRoundView
}

// Run checks the frozen criteria.
func (j checkJob) Run(ctx context.Context) grading.Attestation {
	return &checkAttestation{j.c.Run(ctx, j.v)}
}

// Failed returns a verdict that carries e alone.
func (j checkJob) Failed(e *ledger.Error) grading.Attestation {
	return &checkAttestation{tender.CheckResult{Flagged: []int{}, Reasons: []string{}, Error: e.Error(), Calls: []ledger.Call{}}}
}

// checkAttestation is a scorability verdict as a validator attests it.
type checkAttestation struct{ res tender.CheckResult }

// Receipts returns the verdict's calls, shared, for the validator to sign in place.
func (a *checkAttestation) Receipts() []ledger.Call { return a.res.Calls }

// Failure returns the verdict's classed error, or "".
func (a *checkAttestation) Failure() string { return a.res.Error }

// Body returns tender_check_attest(round, attempt, verdict).
func (a *checkAttestation) Body(id ledger.RoundID, attempt int) ledger.Body {
	return tender.CheckAttest{Round: id, Attempt: attempt, Result: a.res}
}

// LogValue is what the validator's log says the run found.
func (a *checkAttestation) LogValue() slog.Value {
	return slog.GroupValue(slog.Bool("scorable", a.res.Scorable), slog.Any("flagged", a.res.Flagged), slog.String("error", a.res.Error))
}
