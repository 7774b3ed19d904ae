package challenge

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/arena/arena/challenge/abi"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/challenge/composite"
	"github.com/arena/arena/sandbox/gas"
)

// Regrade re-derives run's result from nothing but its bench, its seed and the
// transcript a validator published: it regenerates the dataset from the seed, checks
// that the transcript is canonical and names this bench, program, dataset and seed,
// grades it with the bench and scores the grades. The program is not run, only fetched
// for its canonical digest. An honest
// validator's attested result for the run equals what Regrade returns, gas included
// (the gas is the transcript's, summed over the probe and every case). An error says
// why the transcript cannot be the run's, or why the bench could not be run.
func (h *Host) Regrade(ctx context.Context, run Run, transcript []byte) (challenge.RunResult, error) {
	var t abi.Transcript
	if err := json.Unmarshal(transcript, &t); err != nil {
		return challenge.RunResult{}, fmt.Errorf("regrade: the transcript is not one: %w", err)
	}
	if !bytes.Equal(t.Canonical(), transcript) {
		return challenge.RunResult{}, fmt.Errorf("regrade: the transcript's bytes are not canonical")
	}
	bench, err := h.benchModule(ctx, run.Bench)
	if err != nil {
		return challenge.RunResult{}, fmt.Errorf("regrade: %w", err)
	}
	raw, dsha, d, err := bench.generate(ctx, run.Seed, run.Profile, wasi{entropy: entropyOf("generate", run.Seed), clock: runClock})
	if err != nil {
		return challenge.RunResult{}, fmt.Errorf("regrade: %w", err)
	}
	switch {
	case t.Bench != run.Bench.Module:
		return challenge.RunResult{}, fmt.Errorf("regrade: the transcript names bench %s, not %s", t.Bench, run.Bench.Module)
	case t.Program != run.Program:
		return challenge.RunResult{}, fmt.Errorf("regrade: the transcript names program %s, not %s", t.Program, run.Program)
	case t.Dataset != dsha:
		return challenge.RunResult{}, fmt.Errorf("regrade: the transcript names dataset %s; the seed generates %s", t.Dataset, dsha)
	case t.Seed != run.Seed:
		return challenge.RunResult{}, fmt.Errorf("regrade: the transcript names seed %s, not %s", t.Seed, run.Seed)
	}
	grades, err := bench.grade(ctx, raw, d, transcript, wasi{entropy: entropyOf("grade", run.Seed), clock: runClock})
	if err != nil {
		return challenge.RunResult{}, fmt.Errorf("regrade: %w", err)
	}
	score, err := composite.Score(grades)
	if err != nil {
		return challenge.RunResult{}, fmt.Errorf("regrade: %w", failComposite(err))
	}
	if err := checkShape(score); err != nil {
		return challenge.RunResult{}, fmt.Errorf("regrade: %w", err)
	}
	prog, err := h.Fetch(ctx, run.Program, run.URL)
	if err != nil {
		return challenge.RunResult{}, fmt.Errorf("regrade: %w", err)
	}
	canonical, err := gas.Canonical(prog)
	if err != nil {
		return challenge.RunResult{}, fmt.Errorf("regrade: the program: %w", err)
	}
	gas := t.Probe.Gas
	for _, r := range t.Cases {
		gas += r.Gas
	}
	return challenge.RunResult{Dataset: dsha, Transcript: abi.Digest(transcript), Canonical: canonical, Composite: score, Gas: gas}, nil
}
