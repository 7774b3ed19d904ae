package validator_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/arena/arena/api"
	"github.com/arena/arena/blobs"
	"github.com/arena/arena/challenge/abi"
	"github.com/arena/arena/challenge/example"
	"github.com/arena/arena/grading"
	gchallenge "github.com/arena/arena/grading/challenge"
	"github.com/arena/arena/grading/host"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/sandbox"
	"github.com/arena/arena/validator"
)

// challengeGraders gives every worker the challenge's two graders, each on its own
// sandbox runtime (sharing one compilation cache, as runtimes of one machine would),
// reading the modules from the node's blob store and publishing transcripts there.
func challengeGraders(t *testing.T, store *blobs.Store, cache string) func(int, *validator.Config) {
	return func(_ int, c *validator.Config) {
		rt, err := sandbox.New(context.Background(), sandbox.Config{CacheDir: cache})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { rt.Close(context.Background()) })
		h := &gchallenge.Host{Host: host.Host{Runtime: rt, Store: store}}
		c.Graders[gchallenge.RunKind] = gchallenge.Runner{Host: h}
		c.Graders[gchallenge.CheckKind] = gchallenge.Checker{Host: h}
		c.RunTimeout = time.Minute
	}
}

// warm compiles the modules once into the shared cache, so that the committee's
// runtimes load them rather than each compile them within a round's deadline.
func warm(t *testing.T, cache string, modules ...[]byte) {
	ctx := context.Background()
	rt, err := sandbox.New(ctx, sandbox.Config{CacheDir: cache})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close(ctx)
	for i, m := range modules {
		if _, err := rt.Compile(ctx, m, sandbox.Offer{Arena: i > 0}); err != nil {
			t.Fatal(err)
		}
	}
}

// postTx signs body from the named account and sends it by a plain POST /v1/tx to the
// arena's API, as a client other than the CLI would, asserting that it was applied.
func postTx(t *testing.T, a *arena, from string, value ledger.Amount, body ledger.Body) {
	t.Helper()
	srv := httptest.NewServer(api.New(api.Config{Chain: a.engine}))
	defer srv.Close()
	k := ledgertest.Key(from)
	tx := ledgertest.Stamped(a.terms, &ledger.Tx{Value: value, Body: body})
	a.engine.View(func(s *ledger.State) { tx.Nonce = s.NextNonce(k.Address()) })
	if err := k.SignTx(tx); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(tx)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.Post(srv.URL+"/v1/tx", "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if answer, _ := io.ReadAll(resp.Body); resp.StatusCode != http.StatusOK {
		t.Fatalf("POST /v1/tx: %s %s", resp.Status, answer)
	}
}

// waitLong waits for ok, for as long as a committee of runtimes takes to grade.
func waitLong(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// A bench registered on the ledger is checked by its committee, each member running it
// in its own sandbox, and accepted; a program committed to a challenge on it by a raw
// POST /v1/tx, with no other traffic, is run by the committee on the seed of the block
// the engine made to anchor it, and its run is final on their exact agreement, with the
// transcript published in the node's blob store.
func TestACommitteeChecksABenchAndRunsAProgramToAFinalScore(t *testing.T) {
	a := newArena(t, 3, 1)
	store, err := blobs.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	bench := example.Bench()
	sharp, _ := example.Agent("sharp")
	for _, m := range [][]byte{bench, sharp} {
		if err := store.Put(abi.Digest(m), bytes.NewReader(m)); err != nil {
			t.Fatal(err)
		}
	}
	cache := t.TempDir()
	warm(t, cache, bench, sharp)
	a.workers([]grading.Model{newScripted(nil), newScripted(nil), newScripted(nil)}, challengeGraders(t, store, cache))

	out := a.contest.Do("sponsor", ledger.Amount{}, challenge.BenchRegister{
		Name: "toolbench", Version: 1, Module: abi.Digest(bench), Size: int64(len(bench)),
		Kinds: []string{abi.KindMemory, abi.KindTool}, MinCases: 100, Profiles: []string{abi.ProfileFull, abi.ProfilePractice},
		Quorum: 3, InitGas: 200_000_000, CaseGas: 200_000_000, BenchGas: 50_000_000_000, MaxPages: 2048,
		Platform: challenge.Platform, Fold: challenge.DefaultFold(),
	})
	id := ledger.BenchID(out.Created)
	var b ledger.BenchView
	waitLong(t, "the bench check", func() bool {
		a.engine.View(func(s *ledger.State) { b, _ = s.Bench(id) })
		return b.State != challenge.BenchChecking
	})
	if b.State != challenge.BenchAccepted || b.Cases != 110 {
		t.Fatalf("bench %s (%s) with %d cases", b.State, b.Reason, b.Cases)
	}

	out = a.contest.Do("sponsor", ledger.Ether(100), challenge.Publish{Bench: "toolbench", Title: "tools and memory",
		Deposit: ledger.Ether(1), PerEpoch: ledger.Ether(10), EpochS: 3600, End: a.clock.Now().Unix() + 86400})
	cid := ledger.ChallengeID(out.Created)
	fee := a.terms.GradingFee
	value, _ := ledger.Ether(1).Add(fee)
	// The commit comes as any client would send it, and no transaction follows it: the
	// engine itself makes the block that anchors the run's seed.
	postTx(t, a, a.solvers[0], value, challenge.Commit{Challenge: cid, Program: abi.Digest(sharp), Size: int64(len(sharp)), Profile: abi.ProfileFull})
	var run ledger.RunView
	waitLong(t, "the run", func() bool {
		a.engine.View(func(s *ledger.State) {
			c, _ := s.Challenge(cid)
			run = c.Runs[0]
		})
		return run.State != challenge.RunAnchoring && run.State != challenge.RunRunning
	})
	if run.State != challenge.RunFinal || run.Kept == nil || run.Kept.Composite.N != 110 {
		t.Fatalf("run %s, kept %+v", run.State, run.Kept)
	}
	for _, x := range run.Attestations {
		if !x.Agrees || x.Result.Transcript != run.Kept.Transcript || x.Result.Gas != run.Kept.Gas {
			t.Fatalf("attestation %+v does not agree exactly with the kept result %+v", x, *run.Kept)
		}
	}
	if !store.Has(run.Kept.Transcript) {
		t.Fatalf("the transcript %s is not in the node's blob store", run.Kept.Transcript)
	}
}
