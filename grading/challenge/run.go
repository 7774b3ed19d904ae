package challenge

import (
	"context"
	"errors"
	"fmt"

	"github.com/arena/arena/challenge/abi"
	"github.com/arena/arena/grading"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/challenge/composite"
	"github.com/arena/arena/sandbox"
)

// Run is one run as its round froze it: the program, the bench version it runs on, its
// seed and its profile.
type Run struct {
	ID      challenge.RunID
	Program string // sha256 of the agent module
	URL     string // where the committer said the program may be fetched; "" none
	Seed    string // 64 hex digits
	Profile string
	Bench   challenge.BenchView
}

// Outcome is everything a run produced: the result a validator attests, and the
// transcript and dataset it was graded on (nil when the run failed before them).
type Outcome struct {
	Result     challenge.RunResult
	Dataset    []byte          // the generate op's stdout, exactly
	Transcript *abi.Transcript // what the host observed
	Grades     []abi.Grade
	Calls      []ledger.Call // receipts of the pinned model's calls
}

// Run runs the program of run on its bench: fetch both modules by digest, gate them,
// check the platform, generate the dataset from the seed (refusing one of more cases
// than the bench's check counted, which its attempts' deadline was sized for), run the probe and every
// case, grade the transcript (cut to fit the blob cap: fit) with the bench, score the
// grades (refusing what the ledger would refuse: checkShape) and publish the
// transcript. The result names the program's canonical digest (gas.Canonical). A failure is classed into the result, never returned; Run never panics
// on a module's behalf.
func (h *Host) Run(ctx context.Context, run Run) (out Outcome) {
	defer func() {
		if p := recover(); p != nil {
			out = Outcome{Result: challenge.RunResult{Error: grading.ClassifyRun(fmt.Errorf("panic: %v", p)).Error()}}
		}
	}()
	if err := h.run(ctx, run, &out); err != nil {
		e := grading.ClassifyRun(err)
		out.Result = challenge.RunResult{Error: e.Error()}
	}
	return out
}

func (h *Host) run(ctx context.Context, run Run, out *Outcome) error {
	b := run.Bench
	if local := sandbox.Local(); local != b.Platform {
		return failPlatform(local, b.Platform)
	}
	var model modelRoute
	if b.Model != "" {
		m, ok := h.models(b.Model)
		if !ok {
			return failModel(b.Model)
		}
		model = pinned{m: m, now: h.Now, calls: &out.Calls}
	}
	bench, err := h.benchModule(ctx, b)
	if err != nil {
		return err
	}
	agent, canonical, err := h.agentModule(ctx, b, run.Program, run.URL)
	if err != nil {
		return err
	}
	raw, dsha, d, err := bench.generate(ctx, run.Seed, run.Profile, wasi{entropy: entropyOf("generate", run.Seed), clock: runClock})
	if err != nil {
		return err
	}
	out.Dataset = raw
	if b.Cases > 0 && len(d.Cases) > b.Cases {
		return failCases(len(d.Cases), b.Cases)
	}
	p, err := h.play(ctx, agent, b, entropyOf("agent", run.Seed), d, model)
	if errors.Is(err, errModel) {
		return failModelCall(b.Model)
	}
	if err != nil {
		return err
	}
	t := &abi.Transcript{Bench: b.Module, Program: run.Program, Dataset: dsha, Seed: run.Seed, Probe: p.probe, Cases: p.cases}
	out.Transcript = t
	canon, err := fit(t, maxTranscript)
	if err != nil {
		return err
	}
	grades, err := bench.grade(ctx, raw, d, canon, wasi{entropy: entropyOf("grade", run.Seed), clock: runClock})
	if err != nil {
		return err
	}
	out.Grades = grades
	score, err := composite.Score(grades)
	if err != nil {
		return failComposite(err)
	}
	if err := checkShape(score); err != nil {
		return err
	}
	tsha := abi.Digest(canon)
	if err := h.publish(ctx, tsha, canon); err != nil {
		return &ledger.Error{Class: ledger.Transient, Msg: msgPublish, Err: err}
	}
	out.Result = challenge.RunResult{Dataset: dsha, Transcript: tsha, Canonical: canonical, Composite: score, Gas: p.gas}
	return nil
}

// models returns the validator's model for name.
func (h *Host) models(name string) (grading.Model, bool) {
	if h.Models == nil {
		return nil, false
	}
	return h.Models(name)
}
