package challenge_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/arena/arena/challenge/abi"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
)

// The example bench passes its check, and two checkers with their own runtimes agree on
// the verdict: the check seed's dataset digest, its case count and its kinds.
func TestTheExampleBenchPassesItsCheck(t *testing.T) {
	n, m := newNode(t), newMirror(t)
	b := toolbench(m)
	var got [2]challenge.BenchCheck
	for i := range got {
		got[i] = newValidator(t, n, m).Check(context.Background(), b)
		if got[i].Error != "" {
			t.Fatalf("checker %d: %s", i, got[i].Error)
		}
	}
	if !reflect.DeepEqual(got[0], got[1]) {
		t.Fatalf("two checkers disagree: %+v %+v", got[0], got[1])
	}
	if got[0].Cases != 110 || !reflect.DeepEqual(got[0].Kinds, []string{abi.KindMemory, abi.KindTool}) || len(got[0].Dataset) != 64 {
		t.Fatalf("verdict %+v", got[0])
	}
}

// A bench fails its check, with a fixed [EXPECTED] message, when it is not
// deterministic, generates fewer cases than it registered, names another bench, version
// or profile in its dataset, or grades cases of kinds it did not register.
func TestABenchThatBreaksItsContractIsRefusedAtTheCheck(t *testing.T) {
	n, m := newNode(t), newMirror(t)
	v := newValidator(t, n, m)
	cases := []struct {
		name  string
		bench func(challenge.BenchView) challenge.BenchView
		want  *ledger.Error
	}{
		{"a bench that mixes WASI randomness into its dataset", func(b challenge.BenchView) challenge.BenchView {
			wasm := guests["randbench"]
			b.Name, b.Module, b.Size, b.URL = "rand", abi.Digest(wasm), int64(len(wasm)), m.serve("randbench.wasm", wasm)
			return b
		}, ledger.NewError(ledger.Expected, "The bench is not deterministic: two generations of one seed differ")},
		{"fewer cases than registered", func(b challenge.BenchView) challenge.BenchView {
			b.MinCases = 200
			return b
		}, ledger.NewError(ledger.Expected, "The bench generated 110 cases; it registered at least 200")},
		{"another bench's name", func(b challenge.BenchView) challenge.BenchView {
			b.Name = "otherbench"
			b.CheckSeed = challenge.CheckSeed(b.Name, b.Version)
			return b
		}, ledger.NewError(ledger.Expected, `The bench's dataset names bench "toolbench"; want "otherbench"`)},
		{"another version", func(b challenge.BenchView) challenge.BenchView {
			b.Version = 2
			b.CheckSeed = challenge.CheckSeed(b.Name, b.Version)
			return b
		}, ledger.NewError(ledger.Expected, `The bench's dataset names version "1"; want "2"`)},
		{"kinds it did not register", func(b challenge.BenchView) challenge.BenchView {
			b.Kinds = []string{abi.KindTool}
			return b
		}, ledger.NewError(ledger.Expected, "The bench's cases are of kinds memory, tool; it registered tool")},
		{"a profile it cannot generate", func(b challenge.BenchView) challenge.BenchView {
			b.Profiles = []string{abi.ProfileFull, "marathon"}
			return b
		}, ledger.NewError(ledger.Expected, "The bench module failed: exit code 1")},
		{"a module that is not WebAssembly", func(b challenge.BenchView) challenge.BenchView {
			junk := []byte("#!/bin/sh\necho not a module\n")
			b.Module, b.Size, b.URL = abi.Digest(junk), int64(len(junk)), m.serve("junk.wasm", junk)
			return b
		}, ledger.NewError(ledger.Expected, "The program is not a valid WebAssembly module: invalid magic number")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := v.Check(context.Background(), c.bench(toolbench(m)))
			failed(t, got.Error, c.want)
			if got.Dataset != "" || got.Cases != 0 || got.Kinds != nil {
				t.Fatalf("a failed check carries a verdict: %+v", got)
			}
		})
	}
}
