package learn

import (
	"context"
	"encoding/hex"
	"fmt"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/sandbox"
)

// Run is one run as its rounds froze it: the pair, its seed, and its challenge's
// dataset, held-out commitment and limits, copied out of a learn.RunView by RunOf.
type Run struct {
	ID           learn.RunID
	Arch         string // sha256 of the architecture module
	ArchURL      string // where the committer said it may be fetched; "" none
	Train        string // sha256 of the training module
	TrainURL     string
	Seed         string // the run's seed, 64 hex digits
	Dataset      string // sha256 of the train split
	DatasetBytes int64
	Heldout      string // sha256 of the held-out split: the commitment
	HeldoutBytes int64
	ParamCap     int64
	DataCap      int64
	ByteGas      int64
	Platform     string
	Kept         int64 // the bits the run's learn_run round kept; what a held-out round's retraining must code
}

// RunOf copies out of v what its rounds froze.
func RunOf(v learn.RunView) Run {
	r := Run{
		ID: v.ID, Arch: v.Arch, ArchURL: v.ArchURL, Train: v.Train, TrainURL: v.TrainURL, Seed: v.Seed,
		Dataset: v.Dataset, DatasetBytes: v.DatasetBytes, Heldout: v.Heldout, HeldoutBytes: v.HeldoutBytes,
		ParamCap: v.ParamCap, DataCap: v.DataCap, ByteGas: v.ByteGas, Platform: v.Platform,
	}
	if v.Kept != nil {
		r.Kept = v.Kept.Bits
	}
	return r
}

// Derivation is everything a run produced: the result a validator attests and the
// arithmetic-coded train split (nil when the run failed), whose length in bits is the
// result's Bits rounded up to whole bytes.
type Derivation struct {
	Result learn.RunResult
	Coded  []byte
}

// Run runs the pair of run over its dataset and returns the result a committee member
// attests: fetch both modules by digest and gate them, fetch the train split, build the
// learner on the run's seed and code every byte before the training program learns it.
// A failure is classed into the result, never returned; Run never panics on a module's
// behalf. The learner a run trained without failing is kept for the run's held-out round
// (see Heldout).
func (h *Host) Run(ctx context.Context, run Run) learn.RunResult {
	return h.derive(ctx, run, true).Result
}

// Rederive runs the pair of run exactly as Run does and returns the result with the
// coded stream: what `arena audit run` needs to re-derive a run offline from its
// published modules and split (a Host with the auditor's Runtime and Nodes), and to
// decode the stream back to the split with a second learner of the same seed. It keeps
// no learner.
func (h *Host) Rederive(ctx context.Context, run Run) Derivation {
	return h.derive(ctx, run, false)
}

func (h *Host) derive(ctx context.Context, run Run, keep bool) (d Derivation) {
	defer func() {
		if p := recover(); p != nil {
			d = Derivation{Result: learn.RunResult{Error: grading.ClassifyRun(fmt.Errorf("panic: %v", p)).Error()}}
		}
	}()
	d, err := h.rederive(ctx, run, keep)
	if err != nil {
		return Derivation{Result: learn.RunResult{Error: grading.ClassifyRun(err).Error()}}
	}
	return d
}

func (h *Host) rederive(ctx context.Context, run Run, keep bool) (Derivation, error) {
	p, err := h.prepare(ctx, run)
	if err != nil {
		return Derivation{}, err
	}
	l, err := p.learner(ctx)
	if err != nil {
		return Derivation{}, err
	}
	t, err := code(ctx, l, p.dataset, l.Learn)
	if err != nil {
		l.Close(ctx)
		return Derivation{}, err
	}
	res := learn.RunResult{Bits: t.bits, Bytes: int64(len(p.dataset)), WindowBits: t.window, Curve: t.curve, Gas: l.Gas()}
	if keep {
		h.kept.put(ctx, trainingKey(run), l, t.bits)
	} else {
		l.Close(ctx)
	}
	return Derivation{Result: res, Coded: t.stream}, nil
}

// pair is a run's gated modules, its train split and its learner limits.
type pair struct {
	rt      *sandbox.Runtime
	arch    *sandbox.Arch
	train   *sandbox.Train
	seed    [32]byte
	lim     sandbox.LearnLimits
	dataset []byte
}

// prepare checks the platform, fetches and gates both modules and fetches the train
// split: everything a learner of run needs.
func (h *Host) prepare(ctx context.Context, run Run) (*pair, error) {
	if local := sandbox.Local(); local != run.Platform {
		return nil, failPlatform(local, run.Platform)
	}
	seed, err := seedOf(run.Seed)
	if err != nil {
		return nil, err
	}
	p := &pair{rt: h.Runtime, seed: seed, lim: limitsOf(run)}
	if p.arch, p.train, err = h.modules(ctx, run); err != nil {
		return nil, err
	}
	if p.dataset, err = h.split(ctx, "dataset", run.Dataset, run.DatasetBytes); err != nil {
		return nil, err
	}
	return p, nil
}

// modules fetches the architecture and the training program by digest and compiles
// them through the gates.
func (h *Host) modules(ctx context.Context, run Run) (*sandbox.Arch, *sandbox.Train, error) {
	wasm, err := h.Fetch(ctx, run.Arch, run.ArchURL)
	if err != nil {
		return nil, nil, err
	}
	arch, err := h.Runtime.CompileArch(ctx, wasm)
	if err != nil {
		return nil, nil, err
	}
	if wasm, err = h.Fetch(ctx, run.Train, run.TrainURL); err != nil {
		return nil, nil, err
	}
	train, err := h.Runtime.CompileTrain(ctx, wasm, arch)
	if err != nil {
		return nil, nil, err
	}
	return arch, train, nil
}

// split fetches a split by digest and checks its length against the challenge's.
func (h *Host) split(ctx context.Context, what, digest string, n int64) ([]byte, error) {
	b, err := h.Fetch(ctx, digest, "")
	if err != nil {
		return nil, err
	}
	if int64(len(b)) != n {
		return nil, failSize(what, int64(len(b)), n)
	}
	return b, nil
}

// learner builds a fresh learner of the pair: a fresh instance of each module, the
// parameter region gated and filled from the run's seed.
func (p *pair) learner(ctx context.Context) (*sandbox.Learner, error) {
	return p.rt.Learner(ctx, p.arch, p.train, p.seed, p.lim)
}

// limitsOf returns the learner limits of run's challenge.
func limitsOf(run Run) sandbox.LearnLimits {
	return sandbox.LearnLimits{
		MaxPages: MaxPages, InitGas: InitGas, ByteGas: run.ByteGas,
		ParamCap: uint32(min(run.ParamCap, learn.MaxParamCap)), DataCap: uint32(min(run.DataCap, learn.MaxDataCap)),
	}
}

// seedOf decodes a run's seed; the ledger writes 64 hex digits, so anything else is the
// host's fault.
func seedOf(s string) ([32]byte, error) {
	var seed [32]byte
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != len(seed) {
		return seed, fmt.Errorf("the run's seed %q is not 32 bytes in hex", s)
	}
	copy(seed[:], b)
	return seed, nil
}
