package bounty

import (
	"context"
	"log/slog"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/round"
)

// Kind is the contest kind a Pipeline grades: the key a validator files it under.
const Kind = "bounty"

var _ grading.Grader = (*Pipeline)(nil)

// Freeze copies out of s the inputs round r froze when it opened: the task, the entry
// and every entry filed before it on the task that s still holds, in filing order. The
// views s returns are copies, so the Job keeps nothing that points into s; Freeze does
// no IO. It reports false when r is not a bounty round or s no longer holds the task or
// the entry.
func (p *Pipeline) Freeze(s *ledger.State, r round.View) (grading.Job, bool) {
	rv, ok := s.Round(r.ID)
	if !ok {
		return nil, false
	}
	t, ok := s.Task(rv.Inputs.Task)
	if !ok {
		return nil, false
	}
	e, ok := s.Entry(rv.Inputs.Entry)
	if !ok {
		return nil, false
	}
	in := Inputs{Task: t, Entry: e, Earlier: make([]ledger.EntryView, 0, len(rv.Inputs.Earlier))}
	for _, id := range rv.Inputs.Earlier {
		if ev, ok := s.Entry(id); ok {
			in.Earlier = append(in.Earlier, ev)
		}
	}
	return job{p, in}, true
}

// Rotate returns grade(entry), which moves a timed-out attempt of the entry's round on,
// a first grading and an appeal's regrade alike.
func (p *Pipeline) Rotate(_ *ledger.State, r round.View) (ledger.Body, bool) {
	return ledger.Grade{Entry: ledger.EntryID(r.Subject)}, true
}

// job is one bounty round's frozen inputs, graded by the Pipeline that froze them.
type job struct {
	p  *Pipeline
	in Inputs
}

// Run runs the pipeline on the frozen inputs.
func (j job) Run(ctx context.Context) grading.Attestation {
	return &attestation{j.p.Run(ctx, j.in)}
}

// Failed returns a result that carries e alone.
func (j job) Failed(e *ledger.Error) grading.Attestation {
	return &attestation{ledger.Result{Error: e.Error()}}
}

// attestation is a bounty result as a validator attests it.
type attestation struct{ res ledger.Result }

// Receipts returns the result's calls, shared, for the validator to sign in place.
func (a *attestation) Receipts() []ledger.Call { return a.res.Calls }

// Failure returns the result's classed error, or "".
func (a *attestation) Failure() string { return a.res.Error }

// Body returns attest(round, attempt, result).
func (a *attestation) Body(id ledger.RoundID, attempt int) ledger.Body {
	return ledger.Attest{Round: id, Attempt: attempt, Result: a.res}
}

// LogValue is what the validator's log says the run found.
func (a *attestation) LogValue() slog.Value {
	return slog.GroupValue(slog.Int("tier", a.res.Tier), slog.Int("score", a.res.Score), slog.String("error", a.res.Error))
}
