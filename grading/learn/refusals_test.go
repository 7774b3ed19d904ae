package learn_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/arena/arena/learn/data"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/sandbox"
)

// Every bad input of the issue is classed, and every member meets the same class and
// message, since each depends only on the pair, the seed and the split: a trap or
// exhausted gas names the byte, a refused gate costs only the run.
func TestBadPairsAreClassedAtTheirByte(t *testing.T) {
	n := newNode(t)
	for _, tc := range []struct {
		name, arch, train string
		want              string
	}{
		{"predict never returns", "arch-loop", "train", "[EXPECTED] The architecture ran out of gas at byte 3000"},
		{"predict traps midway", "arch-trap", "train", "[EXPECTED] The architecture trapped at byte 5000: "},
		{"learn traps midway", "arch", "train-trap", "[EXPECTED] The training program trapped at byte 7000: "},
		{"frequencies past 2^24", "arch-total", "train", "[EXPECTED] The architecture predicted frequencies summing past 2^24 at byte 10"},
		{"a region over the cap", "arch-big", "train", "[EXPECTED] The parameter region is 1048576 bytes; the cap is 65536"},
		{"one module twice", "arch", "arch", "[EXPECTED] A single combined module is not accepted: the architecture and the training program are the same module"},
		{"a training program as architecture", "train", "arch", "[EXPECTED] The architecture imports arch.update, which the challenge does not offer"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			run := prefix(t, n, runOf(tc.arch, tc.train, "bad"), 10_000)
			run.ParamCap = 1 << 16
			var got [2]string
			for i := range got {
				got[i] = newValidator(t, n).Run(context.Background(), run).Error
			}
			if got[0] != got[1] || !strings.HasPrefix(got[0], tc.want) || strings.HasSuffix(tc.want, ": ") == (got[0] == tc.want) {
				t.Fatalf("failures:\n got %q\n and %q\nwant %q", got[0], got[1], tc.want)
			}
		})
	}
}

// A module that predicts frequency 0 for the byte that comes is charged the escape and
// 8 raw bits for it, never crashed: the run is scored, and costs at least 8 bits for
// every 'e' of the split.
func TestAZeroFrequencyIsChargedNotCrashed(t *testing.T) {
	n := newNode(t)
	run := prefix(t, n, runOf("arch-zero", "train", "zero"), 20_000)
	res := newValidator(t, n).Run(context.Background(), run)
	if res.Error != "" {
		t.Fatal(res.Error)
	}
	es := int64(strings.Count(string(data.Train()[:20_000]), "e"))
	honest := newValidator(t, n).Run(context.Background(), prefix(t, n, runOf("arch", "train", "zero"), 20_000))
	if es == 0 || res.Bits < 8*es || res.Bits <= honest.Bits {
		t.Fatalf("%d bits for %d e's (the honest architecture: %d bits)", res.Bits, es, honest.Bits)
	}
}

// A validator whose runtime is not the platform the challenge pins abstains, before it
// fetches anything.
func TestAnotherPlatformAbstains(t *testing.T) {
	n := newNode(t)
	run := runOf("arch", "train", "platform")
	run.Platform = "wazero v0.0.0 riscv64 arena-gas/0"
	failed(t, newValidator(t, n).Run(context.Background(), run).Error,
		ledger.NewError(ledger.Transient, "this validator runs "+sandbox.Local()+"; the challenge pins "+run.Platform))
	if n.times(run.Arch) != 0 {
		t.Fatal("the abstaining validator fetched the architecture")
	}
}

// A split is fetched by digest like a module: one that no source holds (a node's 404, no
// URL committed) is [TRANSIENT], since it may still be uploaded (blobs.ErrMissing), and
// one whose length is not the committed length is the challenge's [EXPECTED] fault;
// every member meets either.
func TestSplitsAreFetchedByDigestAndChecked(t *testing.T) {
	n := newNode(t)
	run := runOf("arch", "train", "splits")
	missing := run
	missing.Dataset = seedOf("no such split")
	if got := newValidator(t, n).Run(context.Background(), missing).Error; !strings.HasPrefix(got, "[TRANSIENT] The artifact at ") || !strings.HasSuffix(got, "was not found (404)") {
		t.Fatalf("a missing split: %q", got)
	}
	short := run
	short.DatasetBytes--
	failed(t, newValidator(t, n).Run(context.Background(), short).Error,
		ledger.NewError(ledger.Expected, "The dataset is 1048612 bytes; the challenge committed 1048611"))
}

// A run cut short by the validator's deadline midway through the stream is [TRANSIENT]:
// wall time is a safety net, never the pair's failure.
func TestADeadlineMidwayIsTransient(t *testing.T) {
	n := newNode(t)
	v := newValidator(t, n)
	run := prefix(t, n, runOf("order2-arch", "order2-train", "deadline"), 256<<10)
	if res := v.Run(context.Background(), prefix(t, n, run, 1024)); res.Error != "" { // compiles
		t.Fatal(res.Error)
	}
	// The deadline falls a third of the way through the stream on any machine: a third
	// of what the whole run took here just before.
	start := time.Now()
	if res := v.Run(context.Background(), run); res.Error != "" {
		t.Fatal(res.Error)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Since(start)/3)
	defer cancel()
	if got := v.Run(ctx, run).Error; !strings.HasPrefix(got, "[TRANSIENT] ") {
		t.Fatalf("got %q", got)
	}
}
