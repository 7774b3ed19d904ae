package comet_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	abci "github.com/cometbft/cometbft/abci/types"

	"github.com/arena/arena/account"
	"github.com/arena/arena/blobs"
	"github.com/arena/arena/chain/comet"
	"github.com/arena/arena/chain/solo"
	"github.com/arena/arena/challenge/abi"
	"github.com/arena/arena/challenge/example"
	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/sandbox"
	"github.com/arena/arena/store"
)

// challengeAgents are the example agents the network challenge runs, in commit order,
// each committed by its own solver: steady, then sharp, which leads it by far more than
// the dethrone band.
var challengeAgents = []string{"steady", "sharp"}

// TestFourNodesRunAChallengeToOneAppHash: issue 13, "Works on the CometBFT engine":
// four node processes, each with its own validator, sandbox and blob store, agree on a
// whole benchmark challenge. The example bench and agents are uploaded to node 0 only,
// through its API; the other nodes' validators fetch them from it by digest, and keep
// them; the bench is registered and checked by a committee of three, a challenge is published
// with an emission pool, two agents are committed, and each run's seed comes from the
// state hash after its commit's block; three validators run each program in their
// sandboxes, grade it with the bench and attest the same composite, each publishing its
// transcript to its own node; a fold crowns the clear leader and pays the champion and
// the tail. Every node ends at one app hash, and each node's file replays under
// solo.Verify.
func TestFourNodesRunAChallengeToOneAppHash(t *testing.T) {
	c := newCluster(t, 4)
	warmWasmCache(t, c.dir)
	bench := example.Bench()
	modules := [][]byte{bench}
	for _, name := range challengeAgents {
		wasm, _ := example.Agent(name)
		modules = append(modules, wasm)
	}
	c.upload(0, c.sponsor, bench) // node 0 only: the other nodes' validators fetch from it
	for i, wasm := range modules[1:] {
		c.upload(0, c.solvers[i], wasm)
	}

	out := c.send(c.sponsor, ledger.Amount{}, challenge.BenchRegister{
		Name: "toolbench", Version: 1, Module: abi.Digest(bench), Size: int64(len(bench)),
		Kinds: []string{abi.KindMemory, abi.KindTool}, MinCases: 100, Profiles: []string{challenge.ProfileFull, challenge.ProfilePractice},
		Quorum: 3, InitGas: 200_000_000, CaseGas: 200_000_000, BenchGas: 50_000_000_000, MaxPages: challenge.DefaultPages,
		Platform: challenge.Platform, Fold: challenge.DefaultFold(),
	})
	benchPath := fmt.Sprintf("/bench/%d", out.Created)
	var bv ledger.BenchView
	c.waitFor("the bench checked", func() bool {
		return c.query(c.up()[0], benchPath, &bv) && bv.State != challenge.BenchChecking
	})
	if bv.State != challenge.BenchAccepted || bv.Cases < bv.MinCases {
		t.Fatalf("bench %s (%s) with %d cases: want accepted with at least %d", bv.State, bv.Reason, bv.Cases, bv.MinCases)
	}

	var arena ledger.ArenaView
	c.mustQuery("/arena", &arena)
	out = c.send(c.sponsor, ledger.Ether(50), challenge.Publish{
		Bench: "toolbench", Title: "Tool use and memory", Deposit: ledger.Ether(2), PerEpoch: ledger.Ether(10),
		EpochS: 3600, End: arena.Time + 30*86400,
	})
	id := ledger.ChallengeID(out.Created)
	path := fmt.Sprintf("/challenge/%d", id)
	entries := make([]ledger.ChallengeEntryID, len(challengeAgents))
	committed := make([]int64, len(challengeAgents)) // the height of each commit's block
	for i, wasm := range modules[1:] {
		h, o := c.submit(c.solvers[i], ledger.Ether(2), challenge.Commit{Challenge: id, Program: abi.Digest(wasm), Size: int64(len(wasm)), Profile: challenge.ProfileFull})
		if !o.OK() {
			t.Fatalf("commit of %s refused: %s", challengeAgents[i], o.Err)
		}
		entries[i], committed[i] = ledger.ChallengeEntryID(o.Created), h
	}
	var cv ledger.ChallengeView
	c.waitFor("both entry runs final", func() bool {
		if !c.query(c.up()[0], path, &cv) || len(cv.Runs) != len(entries) {
			return false
		}
		for _, r := range cv.Runs {
			if r.State != challenge.RunFinal {
				return false
			}
		}
		return true
	})
	for i, r := range cv.Runs {
		if r.Kept == nil || r.Kept.Composite.N < bv.MinCases {
			t.Fatalf("run %d of %s: kept %+v from %d attestations", r.ID, challengeAgents[i], r.Kept, len(r.Attestations))
		}
		scored := 0
		for _, a := range r.Attestations {
			res := a.Result
			if !res.Scored() { // a busy machine may run past a validator's wall-time net: [TRANSIENT], never a score
				t.Logf("run %d: validator %s attested %s", r.ID, a.Validator, res.Error)
				continue
			}
			scored++
			if res.Dataset != r.Kept.Dataset || res.Transcript != r.Kept.Transcript || res.Gas != r.Kept.Gas || !challenge.SameResult(res.Composite, r.Kept.Composite) {
				t.Errorf("run %d: validator %s attested %+v, not the bytes the others ran to (%+v)", r.ID, a.Validator, res, *r.Kept)
			}
		}
		if scored < bv.Quorum {
			t.Errorf("run %d: %d scored attestations, want at least the quorum of %d", r.ID, scored, bv.Quorum)
		}
		t.Logf("run %d (%s): composite %d ± %d over %d cases, seed %s", r.ID, challengeAgents[i], r.Kept.Composite.Composite, r.Kept.Composite.SE, r.Kept.Composite.N, r.Seed)
	}
	published(t, c, cv.Runs)
	travelled(t, c, cv.Runs, bench)

	c.send(c.sponsor, ledger.Amount{}, ledger.Advance{Seconds: 3600})
	c.send(c.solvers[2], ledger.Amount{}, challenge.Fold{Challenge: id})
	c.mustQuery(path, &cv)
	f := cv.Folds[0]
	if f.Champion != entries[1] || len(f.Tail) != 1 || f.Tail[0] != entries[0] || len(f.Contested) != 0 {
		t.Fatalf("fold: champion %d, tail %v, contested %v: want sharp (entry %d) crowned outright, steady in the tail", f.Champion, f.Tail, f.Contested, entries[1])
	}
	if f.Payments[0].Amount.Units() != "9" || f.Payments[1].Amount.Units() != "1" || cv.Pool.Units() != "40" {
		t.Errorf("fold paid %s and %s, pool %s left: want 9 to the champion, 1 to the tail, 40 left", f.Payments[0].Amount.Units(), f.Payments[1].Amount.Units(), cv.Pool.Units())
	}
	h, wd := c.submit(c.solvers[1], ledger.Amount{}, ledger.Withdraw{})
	if !wd.OK() {
		t.Fatalf("withdraw refused: %s", wd.Err)
	}
	want := c.sameAppHash(h, 0, 1, 2, 3)
	for i := range 4 {
		c.stop(i)
	}
	for i, n := range c.net.Nodes {
		if _, err := solo.Verify(filepath.Join(n.Home, comet.DBFile)); err != nil {
			t.Fatalf("node%d: %v", i, err)
		}
	}
	c.sameBlocks(0, 1)
	c.sameBlocks(2, 3)
	anchored(t, c.net.Nodes[0].Home, cv.Runs, committed)
	t.Logf("app hash %x", want)
}

// anchored checks each entry run's seed against the block its commit went into: the
// keccak of the state hash after that block and the run's id, which nobody knew when
// the commit was signed.
func anchored(t *testing.T, home string, runs []ledger.RunView, heights []int64) {
	t.Helper()
	db, err := store.Open(filepath.Join(home, comet.DBFile))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for i, r := range runs {
		found := false
		for blk, err := range db.Blocks(uint64(heights[i]), uint64(heights[i])) {
			if err != nil {
				t.Fatal(err)
			}
			found = true
			if want := challenge.RunSeed(blk.Hash, r.ID); r.Seed != want {
				t.Errorf("run %d's seed %s, want %s from the state hash after block %d", r.ID, r.Seed, want, blk.Height)
			}
		}
		if !found {
			t.Errorf("run %d: node0's file has no block %d", r.ID, heights[i])
		}
	}
}

// warmWasmCache compiles the example modules into the network's shared compilation
// cache, through the validators' own path (gates, metering, compilation), so that no
// node spends the first attempt of a round compiling a 4 MB module from scratch.
func warmWasmCache(t *testing.T, dir string) {
	t.Helper()
	ctx := context.Background()
	rt, err := sandbox.New(ctx, sandbox.Config{CacheDir: wasmCache(dir)})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close(ctx)
	if _, err := rt.Compile(ctx, example.Bench(), sandbox.Offer{}); err != nil {
		t.Fatal(err)
	}
	for _, name := range challengeAgents {
		wasm, _ := example.Agent(name)
		if _, err := rt.Compile(ctx, wasm, sandbox.Offer{Arena: true}); err != nil {
			t.Fatal(err)
		}
	}
}

// upload stores module on node i through its API, PUT /v1/blobs signed by k, as `arena
// bench register` and `arena challenge commit` do; it waits for the API to answer.
func (c *cluster) upload(i int, k *account.Key, module []byte) {
	c.t.Helper()
	cl := client.New(c.api(i), nil).WithSigner(k)
	var err error
	c.waitFor(fmt.Sprintf("node%d's API to keep a module", i), func() bool {
		_, err = cl.PutBlob(context.Background(), module)
		return err == nil
	})
}

// travelled checks that the artifacts uploaded to node 0 alone reached every validator
// that scored a run: the node of each holds the bench module and the program, fetched
// from a peer and kept. And that an auditor on any node finds every transcript: asked
// of the peers of a node whose validator did not attest it, each answers its digest.
func travelled(t *testing.T, c *cluster, runs []ledger.RunView, bench []byte) {
	t.Helper()
	node := map[ledger.Address]int{}
	for i, n := range c.net.Nodes {
		node[n.Validator] = i
	}
	for _, r := range runs {
		attested := map[int]bool{}
		for _, a := range r.Attestations {
			i := node[a.Validator]
			attested[i] = true
			if !a.Result.Scored() {
				continue
			}
			for what, d := range map[string]string{"bench module": abi.Digest(bench), "program": r.Program} {
				if _, err := os.Stat(filepath.Join(nodeBlobs(c.net.Nodes[i].Home), d)); err != nil {
					t.Errorf("run %d: node%d scored it without keeping the %s %s: %v", r.ID, i, what, d, err)
				}
			}
		}
		for k := range c.net.Nodes {
			if attested[k] {
				continue
			}
			var peers []string
			for j := range c.net.Nodes {
				if j != k {
					peers = append(peers, c.api(j))
				}
			}
			for _, a := range r.Attestations {
				if !a.Result.Scored() {
					continue
				}
				b, err := blobs.Fetch(context.Background(), a.Result.Transcript, blobs.Peers{Bases: peers})
				if err != nil || abi.Digest(b) != a.Result.Transcript {
					t.Errorf("run %d: an auditor on node%d cannot fetch %s's transcript %s: %v", r.ID, k, a.Validator, a.Result.Transcript, err)
				}
			}
		}
	}
}

// published checks that every attestation's transcript is in the blob store of the
// node whose validator attested it, as a file named by its digest.
func published(t *testing.T, c *cluster, runs []ledger.RunView) {
	t.Helper()
	home := map[ledger.Address]string{}
	for _, n := range c.net.Nodes {
		home[n.Validator] = n.Home
	}
	for _, r := range runs {
		for _, a := range r.Attestations {
			if _, err := os.Stat(filepath.Join(nodeBlobs(home[a.Validator]), a.Result.Transcript)); err != nil {
				t.Errorf("run %d: validator %s's node does not hold its transcript %s", r.ID, a.Validator, a.Result.Transcript)
			}
		}
	}
}

// TestQueryServesBenchesChallengesAndRuns: /bench/ID, /challenge/ID and /run/ID answer
// from the committed state: not found for an id that names nothing, a bad path for one
// that is no number.
func TestQueryServesBenchesChallengesAndRuns(t *testing.T) {
	s := newSingle(t)
	for path, want := range map[string]uint32{
		"/bench/1": comet.QueryNotFound, "/challenge/1": comet.QueryNotFound, "/run/1": comet.QueryNotFound,
		"/bench/x": comet.QueryBadPath, "/challenge/": comet.QueryBadPath, "/run/-1": comet.QueryBadPath,
	} {
		r, err := s.app.Query(context.Background(), &abci.RequestQuery{Path: path})
		if err != nil {
			t.Fatal(err)
		}
		if r.Code != want {
			t.Errorf("%s: code %d (%s), want %d", path, r.Code, r.Log, want)
		}
	}
}
