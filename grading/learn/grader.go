package learn

import (
	"context"
	"log/slog"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/ledger/round"
)

// RunKind and HeldoutKind are the round kinds a Runner and a Measurer grade: the keys a
// validator files them under.
const (
	RunKind     = learn.RunKind
	HeldoutKind = learn.HeldoutKind
)

// Runner runs pairs over their challenge's dataset: the Grader of the rounds of RunKind.
// It is safe for concurrent use; every Runner and Measurer of a validator share one Host.
type Runner struct{ *Host }

// Measurer measures scored runs on the revealed held-out split: the Grader of the rounds
// of HeldoutKind.
type Measurer struct{ *Host }

var (
	_ grading.Grader = Runner{}
	_ grading.Grader = Measurer{}
)

// Freeze copies out of s what run round r froze: the run's pair, seed and challenge
// terms. It reports false when r is not a run round s holds, or its run has no seed yet.
func (g Runner) Freeze(s *ledger.State, r round.View) (grading.Job, bool) {
	if r.Kind != RunKind {
		return nil, false
	}
	v, ok := s.LearnRun(learn.RunID(r.Subject))
	if !ok || v.Seed == "" {
		return nil, false
	}
	return runJob{g.Host, RunOf(v)}, true
}

// Rotate reports false: the ledger moves a timed-out attempt of a learning round on by
// itself at the next block, so no transaction is needed.
func (g Runner) Rotate(*ledger.State, round.View) (ledger.Body, bool) { return nil, false }

// Metered marks a run's outcome as decided by gas (grading.Metered).
func (Runner) Metered() {}

// Freeze copies out of s what held-out round r measures: the run as Runner froze it,
// with the bits its run round kept. It reports false when r is not a held-out round s
// holds, or its run has no kept result or its challenge no reveal.
func (g Measurer) Freeze(s *ledger.State, r round.View) (grading.Job, bool) {
	if r.Kind != HeldoutKind {
		return nil, false
	}
	v, ok := s.LearnRun(learn.RunID(r.Subject))
	if !ok || v.Seed == "" || v.Kept == nil || !v.Kept.Scored() || !v.Revealed {
		return nil, false
	}
	return heldoutJob{g.Host, RunOf(v)}, true
}

// Rotate reports false, as Runner's does.
func (g Measurer) Rotate(*ledger.State, round.View) (ledger.Body, bool) { return nil, false }

// Metered marks a measurement's outcome as decided by gas (grading.Metered).
func (Measurer) Metered() {}

// runJob is one run round's frozen inputs.
type runJob struct {
	h   *Host
	run Run
}

// Run runs the frozen run.
func (j runJob) Run(ctx context.Context) grading.Attestation {
	return runAttestation{j.h.Run(ctx, j.run)}
}

// Failed returns a result that carries e alone.
func (j runJob) Failed(e *ledger.Error) grading.Attestation {
	return runAttestation{learn.RunResult{Error: e.Error()}}
}

// runAttestation is a run's result as a validator attests it.
type runAttestation struct{ res learn.RunResult }

// Receipts returns none: a learning run calls no model.
func (runAttestation) Receipts() []ledger.Call { return nil }

// Failure returns the result's classed error, or "".
func (a runAttestation) Failure() string { return a.res.Error }

// Body returns learn_attest(round, attempt, result).
func (a runAttestation) Body(id ledger.RoundID, attempt int) ledger.Body {
	res := a.res
	return learn.Attest{Round: id, Attempt: attempt, Result: &res}
}

// LogValue is what the validator's log says the run found.
func (a runAttestation) LogValue() slog.Value {
	return slog.GroupValue(slog.Int64("bits", a.res.Bits), slog.Int64("bytes", a.res.Bytes),
		slog.Int64("window_bits", a.res.WindowBits), slog.Int64("gas", a.res.Gas), slog.String("error", a.res.Error))
}

// heldoutJob is one held-out round's frozen inputs.
type heldoutJob struct {
	h   *Host
	run Run
}

// Run measures the frozen run on the held-out split.
func (j heldoutJob) Run(ctx context.Context) grading.Attestation {
	return heldoutAttestation{j.h.Heldout(ctx, j.run)}
}

// Failed returns a measurement that carries e alone.
func (j heldoutJob) Failed(e *ledger.Error) grading.Attestation {
	return heldoutAttestation{learn.HeldoutResult{Error: e.Error()}}
}

// heldoutAttestation is a held-out measurement as a validator attests it.
type heldoutAttestation struct{ res learn.HeldoutResult }

// Receipts returns none.
func (heldoutAttestation) Receipts() []ledger.Call { return nil }

// Failure returns the measurement's classed error, or "".
func (a heldoutAttestation) Failure() string { return a.res.Error }

// Body returns learn_attest(round, attempt, heldout).
func (a heldoutAttestation) Body(id ledger.RoundID, attempt int) ledger.Body {
	res := a.res
	return learn.Attest{Round: id, Attempt: attempt, Heldout: &res}
}

// LogValue is what the validator's log says the measurement found.
func (a heldoutAttestation) LogValue() slog.Value {
	return slog.GroupValue(slog.Int64("train_bits", a.res.TrainBits), slog.Int64("trained_bits", a.res.TrainedBits),
		slog.Int64("twin_bits", a.res.TwinBits), slog.String("error", a.res.Error))
}
