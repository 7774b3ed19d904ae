package challenge_test

import (
	"context"
	"testing"

	"github.com/arena/arena/challenge/abi"
	"github.com/arena/arena/grading"
	gchallenge "github.com/arena/arena/grading/challenge"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/reader/builtin"
	"github.com/arena/arena/sandbox"
)

// Every way a run can fail is a classed failure with a fixed message: the static gates
// and the bench's own faults are [EXPECTED] (every member meets them; the run is refused
// and costs only itself), bytes that are not their digest [EXTERNAL], and what may pass
// on a retry [TRANSIENT] (the validator abstains; never a score of zero).
func TestRunFailuresAreClassed(t *testing.T) {
	n, m := newNode(t), newMirror(t)
	v := newValidator(t, n, m)
	b := toolbench(m)
	cases := []struct {
		name string
		run  func() gchallenge.Run
		want *ledger.Error
	}{
		{"a program importing what the bench does not offer", func() gchallenge.Run {
			return runOf(m, b, "greedy", "greedy")
		}, ledger.NewError(ledger.Expected, "The program imports env.clock, which the bench does not offer")},
		{"a program that is a command, not a reactor", func() gchallenge.Run {
			return runOf(m, b, "toolbench", "command")
		}, ledger.NewError(ledger.Expected, "The program does not export handle")},
		{"an artifact whose bytes do not match its digest", func() gchallenge.Run {
			r := runOf(m, b, "sharp", "swapped")
			r.URL = m.serve("swapped.wasm", guests["steady"])
			return r
		}, ledger.NewError(ledger.External, "The artifact at "+m.url+"/swapped.wasm does not match its digest "+abi.Digest(guests["sharp"]))},
		{"a program that never calls the tool in the probe", func() gchallenge.Run {
			return runOf(m, b, "silent", "silent")
		}, ledger.NewError(ledger.Transient, "The program never reached the tool endpoint")},
		{"a bench pinned to another platform", func() gchallenge.Run {
			r := runOf(m, b, "sharp", "platform")
			r.Bench.Platform = "wazero v1.12.0 arm64 arena-gas/1"
			return r
		}, ledger.NewError(ledger.Transient, "this validator runs "+sandbox.Local()+"; the bench pins wazero v1.12.0 arm64 arena-gas/1")},
		{"a bench pinning a model this validator cannot serve", func() gchallenge.Run {
			r := runOf(m, b, "sharp", "model")
			r.Bench.Model = "qwen/qwen3-32b"
			return r
		}, ledger.NewError(ledger.Transient, "This validator cannot serve the bench's model qwen/qwen3-32b")},
		{"a bench whose init gas cannot start the program", func() gchallenge.Run {
			r := runOf(m, b, "sharp", "init")
			r.Bench.InitGas = 1000
			return r
		}, ledger.NewError(ledger.Expected, "The program ran out of gas in _initialize")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := v.Run(context.Background(), c.run())
			failed(t, out.Result.Error, c.want)
			if out.Result.Dataset != "" || out.Result.Transcript != "" || out.Result.Gas != 0 {
				t.Fatalf("a failed run carries a result: %+v", out.Result)
			}
		})
	}
}

// A validator whose model for the bench's pin is served abstains when it cannot serve
// that exact model, whatever other models it has.
func TestAValidatorServesOnlyTheExactPinnedModel(t *testing.T) {
	n, m := newNode(t), newMirror(t)
	v := newValidator(t, n, m)
	v.Models = func(name string) (grading.Model, bool) {
		if name == "qwen/qwen3-32b" {
			return builtin.New(), true
		}
		return nil, false
	}
	r := runOf(m, toolbench(m), "sharp", "other-model")
	r.Bench.Model = "qwen/qwen3-32b-instruct"
	failed(t, v.Run(context.Background(), r).Result.Error,
		ledger.NewError(ledger.Transient, "This validator cannot serve the bench's model qwen/qwen3-32b-instruct"))
}
