package validator_test

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/arena/arena/blobs"
	"github.com/arena/arena/challenge/example/learning"
	"github.com/arena/arena/grading"
	"github.com/arena/arena/grading/host"
	glearn "github.com/arena/arena/grading/learn"
	"github.com/arena/arena/learn/data"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/sandbox"
	"github.com/arena/arena/validator"
)

// learnGraders gives every worker the learning graders, each on its own sandbox runtime
// (sharing one compilation cache), reading modules and splits from the node's blob store.
func learnGraders(t *testing.T, store *blobs.Store, cache string) func(int, *validator.Config) {
	return func(_ int, c *validator.Config) {
		rt, err := sandbox.New(context.Background(), sandbox.Config{CacheDir: cache})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { rt.Close(context.Background()) })
		h := &glearn.Host{Host: host.Host{Runtime: rt, Store: store}}
		c.Graders[glearn.RunKind] = glearn.Runner{Host: h}
		c.Graders[glearn.HeldoutKind] = glearn.Measurer{Host: h}
		c.RunTimeout = time.Minute
	}
}

// A pair committed to a learning challenge is run by the committee on the seed the next
// block anchored and kept on their exact agreement; once the sponsor reveals the
// held-out split (uploaded as a blob, its digest the commitment), the committee measures
// the run on it, and the run is final with held-out terms and a score.
func TestACommitteeRunsAPairAndMeasuresItOnTheRevealedSplit(t *testing.T) {
	a := newArena(t, 3, 1)
	store, err := blobs.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	arch, _ := learning.Arch("order2")
	train, _ := learning.Train("order2")
	split := data.Train()[:32<<10]
	for _, b := range [][]byte{arch, train, split} {
		if err := store.Put(blobs.Digest(b), bytes.NewReader(b)); err != nil {
			t.Fatal(err)
		}
	}
	cache := t.TempDir()
	warmLearners(t, cache, arch, train)
	a.workers([]grading.Model{newScripted(nil), newScripted(nil), newScripted(nil)}, learnGraders(t, store, cache))

	now := a.clock.Now().Unix()
	out := a.contest.Do("sponsor", ledger.Ether(100), learn.Publish{
		Title: "Austen, learned", Dataset: blobs.Digest(split), DatasetBytes: int64(len(split)),
		Heldout: data.HeldoutSHA256, HeldoutBytes: data.HeldoutBytes, CloseAt: now + 600, RevealBy: now + 3600, End: now + 86400,
		Deposit: ledger.Ether(1), PerEpoch: ledger.Ether(10), EpochS: 3600, ParamCap: 8 << 20, DataCap: 1 << 20, ByteGas: 1 << 22,
		Quorum: 3, Platform: learn.Platform,
	})
	cid := learn.ChallengeID(out.Created)
	value, _ := ledger.Ether(1).Add(a.terms.GradingFee)
	out = a.contest.Do(a.solvers[0], value, learn.Commit{Challenge: cid, Arch: blobs.Digest(arch), ArchSize: int64(len(arch)),
		Train: blobs.Digest(train), TrainSize: int64(len(train))})
	id := learn.RunID(out.Created)
	run := waitRun(t, a, id, learn.RunAnchoring, learn.RunRunning)
	if run.State != learn.RunWaiting || run.Kept == nil || run.Kept.Bytes != int64(len(split)) {
		t.Fatalf("run %s, kept %+v", run.State, run.Kept)
	}
	agreeing(t, run, learn.RunKind)

	a.clock.Advance(601 * time.Second)
	held := data.Heldout()
	if err := store.Put(data.HeldoutSHA256, bytes.NewReader(held)); err != nil {
		t.Fatal(err)
	}
	a.contest.Do("sponsor", ledger.Amount{}, learn.Reveal{Challenge: cid, Heldout: data.HeldoutSHA256})
	run = waitRun(t, a, id, learn.RunWaiting, learn.RunHeldout)
	if run.State != learn.RunFinal || run.HeldoutTerms != learn.HeldoutMeasured || run.Score == nil || run.HeldoutKept == nil {
		t.Fatalf("run %s (%s), held-out %+v, score %+v", run.State, run.HeldoutTerms, run.HeldoutKept, run.Score)
	}
	if h := run.HeldoutKept; h.TrainBits != run.Kept.Bits || h.TrainedBits >= h.TwinBits {
		t.Fatalf("held-out %+v for a run that kept %d bits", *h, run.Kept.Bits)
	}
	agreeing(t, run, learn.HeldoutKind)
}

// warmLearners compiles the pair once into the shared cache, so that the committee's
// runtimes load it rather than each compile it within a round's deadline.
func warmLearners(t *testing.T, cache string, arch, train []byte) {
	ctx := context.Background()
	rt, err := sandbox.New(ctx, sandbox.Config{CacheDir: cache})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close(ctx)
	a, err := rt.CompileArch(ctx, arch)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rt.CompileTrain(ctx, train, a); err != nil {
		t.Fatal(err)
	}
}

// waitRun waits for run id to leave the states passing and returns it.
func waitRun(t *testing.T, a *arena, id learn.RunID, passing ...string) learn.RunView {
	t.Helper()
	var run learn.RunView
	waitLong(t, "the learning run", func() bool {
		a.engine.View(func(s *ledger.State) { run, _ = s.LearnRun(id) })
		for _, p := range passing {
			if run.State == p {
				return false
			}
		}
		return true
	})
	return run
}

// agreeing asserts that every attestation of run's round of kind agrees with the kept
// result.
func agreeing(t *testing.T, run learn.RunView, kind string) {
	t.Helper()
	n := 0
	for _, x := range run.Attestations {
		if x.Kind != kind {
			continue
		}
		n++
		if !x.Agrees {
			t.Fatalf("%s attestation %+v does not agree", kind, x)
		}
	}
	if n < 3 {
		t.Fatalf("%d %s attestations", n, kind)
	}
}
