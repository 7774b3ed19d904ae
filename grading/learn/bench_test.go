package learn_test

import (
	"context"
	"encoding/hex"
	"slices"
	"testing"
	"time"

	glearn "github.com/arena/arena/grading/learn"
	"github.com/arena/arena/learn/data"
	"github.com/arena/arena/ledger/learn/coder"
	"github.com/arena/arena/sandbox"
)

// benchBytes is the prefix of the train split the benchmarks stream.
const benchBytes = 256 << 10

// BenchmarkRun measures a validator's run of each example pair over 256 KiB of the
// train split, metered (the modules compiled once, outside the loop): bytes per second
// through the pair, the coder and the host, and gas per byte. cpu-bytes/s divides by the
// process's CPU time instead of wall time: the figure to compare on a shared machine.
func BenchmarkRun(b *testing.B) {
	for _, name := range []string{"order2", "mix"} {
		b.Run(name, func(b *testing.B) {
			n := newNode(b)
			v := newValidator(b, n)
			run := prefix(b, n, runOf(name+"-arch", name+"-train", "bench"), benchBytes)
			res := v.Run(context.Background(), run) // compiles
			if res.Error != "" {
				b.Fatal(res.Error)
			}
			cpu := cpuTime()
			for b.Loop() {
				v.Run(context.Background(), run)
			}
			if cpu := cpuTime() - cpu; cpu > 0 {
				b.ReportMetric(float64(benchBytes)*float64(b.N)/cpu.Seconds(), "cpu-bytes/s")
			}
			b.ReportMetric(float64(benchBytes)*float64(b.N)/b.Elapsed().Seconds(), "bytes/s")
			b.ReportMetric(float64(res.Gas)/benchBytes, "gas/byte")
			b.ReportMetric(float64(res.Bits)/benchBytes, "bits/byte")
		})
	}
}

// BenchmarkCoder measures the coder alone coding the same 256 KiB with frequencies the
// order2 example predicted (its first 256 predictions, in turn, so that they stay in
// cache as the one prediction of a run does): its time per byte against a run's is the
// coder's share.
func BenchmarkCoder(b *testing.B) {
	freqs := predictions(b, "order2", 256)
	split := data.Train()[:benchBytes]
	for b.Loop() {
		enc := coder.NewEncoder()
		for i, c := range split {
			if err := enc.Encode(freqs[i%len(freqs)], c); err != nil {
				b.Fatal(err)
			}
		}
		enc.Finish()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/benchBytes, "ns/byte")
}

// predictions returns what the example pair name predicted for each of the first n bytes
// of the train split, learning each.
func predictions(b *testing.B, name string, n int) [][]uint32 {
	ctx := context.Background()
	rt, err := sandbox.New(ctx, sandbox.Config{CacheDir: cacheDir})
	if err != nil {
		b.Fatal(err)
	}
	defer rt.Close(ctx)
	a, err := rt.CompileArch(ctx, guests[name+"-arch"])
	if err != nil {
		b.Fatal(err)
	}
	t, err := rt.CompileTrain(ctx, guests[name+"-train"], a)
	if err != nil {
		b.Fatal(err)
	}
	var seed [32]byte
	hex.Decode(seed[:], []byte(seedOf("bench")))
	l, err := rt.Learner(ctx, a, t, seed, sandbox.LearnLimits{InitGas: 2_000_000_000, ByteGas: byteGas, ParamCap: paramCap, DataCap: dataCap})
	if err != nil {
		b.Fatal(err)
	}
	defer l.Close(ctx)
	split := data.Train()
	out := make([][]uint32, n)
	for i := range int64(n) {
		f, err := l.Predict(ctx, i)
		if err != nil {
			b.Fatal(err)
		}
		out[i] = slices.Clone(f)
		if err := l.Learn(ctx, i, split[i]); err != nil {
			b.Fatal(err)
		}
	}
	return out
}

// BenchmarkHeldout measures a held-out round of a run over 256 KiB of the train split on
// the example pair order2: by the validator that ran it, coding with the learner its run
// trained ("kept"; the run itself is outside the timer), and by one that never ran it,
// which retrains ("retrained"). Each validator has measured once before the timer starts
// (its runtime has compiled the pair). kept-MiB is the memory of the kept learner (both
// modules' memories); cpu-ms/op the process's CPU time per round.
func BenchmarkHeldout(b *testing.B) {
	n := newNode(b)
	n.put(b, data.Heldout())
	run := prefix(b, n, runOf("order2-arch", "order2-train", "bench"), benchBytes)
	res := newValidator(b, n).Run(context.Background(), run)
	if res.Error != "" {
		b.Fatal(res.Error)
	}
	run.Kept = res.Bits
	heldout := func(b *testing.B, v *glearn.Host) {
		if h := v.Heldout(context.Background(), run); h.Error != "" {
			b.Fatal(h.Error)
		}
	}
	b.Run("kept", func(b *testing.B) {
		v := newValidator(b, n)
		heldout(b, v)
		var kept uint64
		var cpu time.Duration
		for b.Loop() {
			b.StopTimer()
			v.Run(context.Background(), run)
			kept = v.KeptMemory()
			b.StartTimer()
			start := cpuTime()
			heldout(b, v)
			cpu += cpuTime() - start
		}
		b.ReportMetric(float64(kept)/(1<<20), "kept-MiB")
		b.ReportMetric(cpu.Seconds()*1000/float64(b.N), "cpu-ms/op")
	})
	b.Run("retrained", func(b *testing.B) {
		v := newValidator(b, n)
		heldout(b, v)
		cpu := cpuTime()
		for b.Loop() {
			heldout(b, v)
		}
		b.ReportMetric((cpuTime()-cpu).Seconds()*1000/float64(b.N), "cpu-ms/op")
	})
}
