package challenge

import (
	"context"
	"log/slog"
	"slices"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/round"
)

// RunKind and CheckKind are the round kinds a Runner and a Checker grade: the keys a
// validator files them under.
const (
	RunKind   = challenge.RunKind
	CheckKind = challenge.CheckKind
)

// Runner runs programs: the Grader of the rounds of RunKind. It is safe for concurrent
// use; every Runner and Checker of a validator share one Host.
type Runner struct{ *Host }

// Checker checks bench versions: the Grader of the rounds of CheckKind.
type Checker struct{ *Host }

var (
	_ grading.Grader = Runner{}
	_ grading.Grader = Checker{}
)

// Freeze copies out of s what run round r froze: the run's program, seed and profile
// and its bench version's identity. It reports false when r is not a run round s holds,
// or its run has no seed yet.
func (g Runner) Freeze(s *ledger.State, r round.View) (grading.Job, bool) {
	if r.Kind != RunKind {
		return nil, false
	}
	v, ok := s.Run(challenge.RunID(r.Subject))
	if !ok || v.Seed == "" {
		return nil, false
	}
	b, ok := s.Bench(v.Bench)
	if !ok {
		return nil, false
	}
	return runJob{g.Host, Run{ID: v.ID, Program: v.Program, URL: v.URL, Seed: v.Seed, Profile: v.Profile, Bench: identityOf(b)}}, true
}

// Rotate reports false: the ledger moves an expired attempt of a challenge round on by
// itself at the next block, so no transaction is needed.
func (g Runner) Rotate(*ledger.State, round.View) (ledger.Body, bool) { return nil, false }

// Metered marks a run's outcome as decided by gas (grading.Metered).
func (Runner) Metered() {}

// Freeze copies out of s the bench version check round r checks. It reports false when
// r is not a check round s holds.
func (g Checker) Freeze(s *ledger.State, r round.View) (grading.Job, bool) {
	if r.Kind != CheckKind {
		return nil, false
	}
	b, ok := s.Bench(challenge.BenchID(r.Subject))
	if !ok {
		return nil, false
	}
	return checkJob{g.Host, identityOf(b)}, true
}

// Rotate reports false, as Runner's does.
func (g Checker) Rotate(*ledger.State, round.View) (ledger.Body, bool) { return nil, false }

// Metered marks a check's outcome as decided by gas (grading.Metered).
func (Checker) Metered() {}

// identityOf returns the part of bench view b a run or a check reads, copied: its
// state and attestations stay behind.
func identityOf(b challenge.BenchView) challenge.BenchView {
	return challenge.BenchView{
		ID: b.ID, Name: b.Name, Version: b.Version, Module: b.Module, Size: b.Size, URL: b.URL,
		Kinds: slices.Clone(b.Kinds), MinCases: b.MinCases, Profiles: slices.Clone(b.Profiles), Model: b.Model,
		Quorum: b.Quorum, InitGas: b.InitGas, CaseGas: b.CaseGas, BenchGas: b.BenchGas, MaxPages: b.MaxPages,
		Platform: b.Platform, Fold: b.Fold, CheckSeed: b.CheckSeed,
	}
}

// runJob is one run round's frozen inputs.
type runJob struct {
	h   *Host
	run Run
}

// Run runs the frozen run.
func (j runJob) Run(ctx context.Context) grading.Attestation {
	out := j.h.Run(ctx, j.run)
	return &runAttestation{res: out.Result, calls: out.Calls}
}

// Failed returns a result that carries e alone.
func (j runJob) Failed(e *ledger.Error) grading.Attestation {
	return &runAttestation{res: challenge.RunResult{Error: e.Error()}}
}

// runAttestation is a run's result as a validator attests it.
type runAttestation struct {
	res   challenge.RunResult
	calls []ledger.Call
}

// Receipts returns the pinned model's calls, shared, for the validator to sign in place.
// The kind's verdict carries none yet, so they are signed and logged, not attested.
func (a *runAttestation) Receipts() []ledger.Call { return a.calls }

// Failure returns the result's classed error, or "".
func (a *runAttestation) Failure() string { return a.res.Error }

// Body returns challenge_attest(round, attempt, result).
func (a *runAttestation) Body(id ledger.RoundID, attempt int) ledger.Body {
	return challenge.Attest{Round: id, Attempt: attempt, Result: a.res}
}

// LogValue is what the validator's log says the run found.
func (a *runAttestation) LogValue() slog.Value {
	return slog.GroupValue(slog.String("dataset", a.res.Dataset), slog.String("transcript", a.res.Transcript),
		slog.Int64("composite", a.res.Composite.Composite), slog.Int64("gas", a.res.Gas), slog.String("error", a.res.Error))
}

// checkJob is one check round's frozen bench version.
type checkJob struct {
	h *Host
	b challenge.BenchView
}

// Run checks the frozen bench version.
func (j checkJob) Run(ctx context.Context) grading.Attestation {
	return &checkAttestation{j.h.Check(ctx, j.b)}
}

// Failed returns a verdict that carries e alone.
func (j checkJob) Failed(e *ledger.Error) grading.Attestation {
	return &checkAttestation{challenge.BenchCheck{Error: e.Error()}}
}

// checkAttestation is a bench check's verdict as a validator attests it.
type checkAttestation struct{ res challenge.BenchCheck }

// Receipts returns none: a check calls no model.
func (a *checkAttestation) Receipts() []ledger.Call { return nil }

// Failure returns the verdict's classed error, or "".
func (a *checkAttestation) Failure() string { return a.res.Error }

// Body returns bench_check_attest(round, attempt, verdict).
func (a *checkAttestation) Body(id ledger.RoundID, attempt int) ledger.Body {
	return challenge.BenchCheckAttest{Round: id, Attempt: attempt, Result: a.res}
}

// LogValue is what the validator's log says the check found.
func (a *checkAttestation) LogValue() slog.Value {
	return slog.GroupValue(slog.String("dataset", a.res.Dataset), slog.Int("cases", a.res.Cases),
		slog.Any("kinds", a.res.Kinds), slog.String("error", a.res.Error))
}
