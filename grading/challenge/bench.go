package challenge

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/arena/arena/challenge/abi"
	"github.com/arena/arena/ledger"
)

// wasi is what a bench command's WASI sees besides stdin: the seed of its random source
// and the wall clock's start, in unix seconds. Neither may change a bench's output.
type wasi struct {
	entropy [32]byte
	clock   int64
}

// benchModule runs one compiled bench module's commands.
type benchModule interface {
	// command runs the module once with stdin under the bench's gas and returns its
	// stdout. failed is how the command failed on its own inputs (a trap, out of gas, a
	// non-zero exit), deterministic; err is the host's.
	command(ctx context.Context, stdin []byte, env wasi) (stdout []byte, failed string, err error)
}

// The WASI clock start of a run's generation and of the check's second generation:
// any fixed value does, since no bench may depend on it.
const (
	runClock   = 1_700_000_000
	otherClock = 1_000_000_000
)

// entropyOf derives the WASI random seed of one use of a run's seed: the generation
// ("generate"), the grading ("grade"), the agent ("agent"). A bench must not depend on
// it; an agent may, and then behaves the same on every validator.
func entropyOf(use, seed string) [32]byte {
	return sha256.Sum256([]byte("arena challenge entropy\n" + use + "\n" + seed))
}

// generate runs op generate for seed and profile and returns the stdout bytes exactly,
// their sha256 and the dataset they hold.
func generate(ctx context.Context, b benchModule, seed, profile string, env wasi) ([]byte, string, *abi.Dataset, error) {
	req, _ := json.Marshal(abi.Request{Op: abi.OpGenerate, Seed: seed, Profile: profile})
	out, failed, err := b.command(ctx, req, env)
	if err != nil {
		return nil, "", nil, err
	}
	if failed != "" {
		return nil, "", nil, failBench("generate the dataset", failed)
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

// grade runs op grade on the dataset's bytes and the canonical transcript, and returns
// one grade per case, in the dataset's order.
func grade(ctx context.Context, b benchModule, dataset []byte, d *abi.Dataset, transcript []byte, seed string) ([]abi.Grade, error) {
	req, _ := json.Marshal(abi.Request{Op: abi.OpGrade, Dataset: dataset, Transcript: transcript})
	out, failed, err := b.command(ctx, req, wasi{entropy: entropyOf("grade", seed), clock: runClock})
	if err != nil {
		return nil, err
	}
	if failed != "" {
		return nil, failBench("grade the transcript", failed)
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

// checkSeed is the seed of a bench version's check: sha256("arena bench check\n" +
// name + "\n" + version), hex.
func checkSeed(name string, version uint32) string {
	h := sha256.Sum256(fmt.Appendf(nil, "arena bench check\n%s\n%d", name, version))
	return hex.EncodeToString(h[:])
}
