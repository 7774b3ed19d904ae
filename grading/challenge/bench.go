package challenge

import (
	"context"
	"crypto/sha256"
	"encoding/json"

	"github.com/arena/arena/challenge/abi"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/sandbox"
	"github.com/arena/arena/sandbox/gas"
)

// bench is a compiled bench module with the limits its version froze.
type bench struct {
	rt  *sandbox.Runtime
	m   *sandbox.Module
	lim sandbox.Limits
}

// wasi is what a bench command's WASI sees besides stdin: the key of its random source
// and its clock's start, in unix seconds. Neither may change a bench's output.
type wasi struct {
	entropy [32]byte
	clock   int64
}

// The WASI clock starts of a run's bench commands and of the check's second generation:
// any fixed values do, since no bench may depend on them.
const (
	runClock   = 1_767_225_600 // 2026-01-01
	otherClock = 1_000_000_000 // 2001-09-09
)

// entropyOf derives the WASI random key of one use of a run's seed: the generation
// ("generate"), the grading ("grade"), the agent ("agent"). A bench must not depend on
// it; an agent may, and then draws the same on every validator.
func entropyOf(use, seed string) [32]byte {
	return sha256.Sum256([]byte("arena challenge entropy\n" + use + "\n" + seed))
}

// benchModule fetches bench version b's module by digest and compiles it through the
// gates, offering WASI alone.
func (h *Host) benchModule(ctx context.Context, b challenge.BenchView) (*bench, error) {
	wasm, err := h.Fetch(ctx, b.Module, b.URL)
	if err != nil {
		return nil, err
	}
	m, err := h.Runtime.Compile(ctx, wasm, sandbox.Offer{})
	if err != nil {
		return nil, err
	}
	return &bench{rt: h.Runtime, m: m, lim: sandbox.Limits{MaxPages: b.MaxPages, Gas: b.BenchGas}}, nil
}

// agentModule fetches a program by digest and compiles it through the gates, offering
// WASI, the arena host module and, when bench version b pins a model, the model channel.
// It returns the program's canonical digest too (gas.Canonical: custom sections aside).
func (h *Host) agentModule(ctx context.Context, b challenge.BenchView, program, url string) (*sandbox.Module, string, error) {
	wasm, err := h.Fetch(ctx, program, url)
	if err != nil {
		return nil, "", err
	}
	m, err := h.Runtime.Compile(ctx, wasm, sandbox.Offer{Arena: true, Model: b.Model != ""})
	if err != nil {
		return nil, "", err
	}
	canonical, err := gas.Canonical(wasm) // a module that compiled has readable sections
	if err != nil {
		return nil, "", &sandbox.Error{Fault: sandbox.FaultInvalid, Detail: err.Error(), Err: err}
	}
	return m, canonical, nil
}

// command runs the bench once with req on stdin and returns its stdout.
func (b *bench) command(ctx context.Context, req abi.Request, env wasi) ([]byte, error) {
	in, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	out, _, err := b.rt.Command(ctx, b.m, in, env.entropy, env.clock, b.lim)
	return out, err
}

// generate runs op generate for seed and profile and returns the stdout bytes exactly,
// their sha256 and the dataset they hold.
func (b *bench) generate(ctx context.Context, seed, profile string, env wasi) ([]byte, string, *abi.Dataset, error) {
	out, err := b.command(ctx, abi.Request{Op: abi.OpGenerate, Seed: seed, Profile: profile}, env)
	if err != nil {
		return nil, "", nil, err
	}
	var d abi.Dataset
	if err := json.Unmarshal(out, &d); err != nil {
		return nil, "", nil, &ledger.Error{Class: ledger.Expected, Msg: msgDatasetJSON, Err: err}
	}
	if len(d.Cases) == 0 {
		return nil, "", nil, ledger.NewError(ledger.Expected, msgNoCases)
	}
	return out, abi.Digest(out), &d, nil
}

// grade runs op grade on the dataset's bytes and a canonical transcript, and returns one
// grade per case, in the dataset's order.
func (b *bench) grade(ctx context.Context, dataset []byte, d *abi.Dataset, transcript []byte, env wasi) ([]abi.Grade, error) {
	out, err := b.command(ctx, abi.Request{Op: abi.OpGrade, Dataset: dataset, Transcript: transcript}, env)
	if err != nil {
		return nil, err
	}
	var g abi.Grades
	if err := json.Unmarshal(out, &g); err != nil {
		return nil, &ledger.Error{Class: ledger.Expected, Msg: msgGradesJSON, Err: err}
	}
	if len(g.Cases) != len(d.Cases) {
		return nil, ledger.NewError(ledger.Expected, msgGradeCount)
	}
	for i, c := range d.Cases {
		if g.Cases[i].ID != c.ID {
			return nil, ledger.NewError(ledger.Expected, msgGradeCount)
		}
	}
	return g.Cases, nil
}
