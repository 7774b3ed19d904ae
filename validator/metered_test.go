package validator_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/arena/arena/blobs"
	"github.com/arena/arena/challenge/abi"
	"github.com/arena/arena/challenge/example"
	"github.com/arena/arena/grading"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/round"
	"github.com/arena/arena/validator"
)

// buildLoop builds testdata/loop, a program that reaches the tool endpoint and then
// loops for ever on every case, as a reactor.
func buildLoop(t *testing.T) []byte {
	t.Helper()
	out := filepath.Join(t.TempDir(), "loop.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w -buildid=", "-buildmode=c-shared", "-o", out, "./testdata/loop")
	cmd.Env = append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm", "CGO_ENABLED=0")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build the loop program: %v\n%s", err, b)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// scale divides the default terms' gas rate and the default bench's budgets alike, so
// that every deadline the ledger derives is the one the defaults give (the budget at the
// rate takes as long) while the real loop spends a hundredth of the gas.
const scale = 100

// A program that answers the probe and then loops on every case, committed under the
// default terms (a round timeout of 2 minutes) on the default bench (200 M gas a case,
// 110 cases), ends out of gas on every case with one gas figure on every validator that
// attested: its attempts stay open for the whole budget at the terms' rate (2 x bench
// gas + 111 x (init + case gas) at 25 M gas a second, plus the margin: 5,896 s), no
// validator's own run timeout cuts it (each here is a second, far shorter than the run),
// and a validator that measured itself slower than the terms' rate does not sit on it:
// it runs nothing and attests a [TRANSIENT] failure that says why, which the arena's
// judges show and which never becomes the verdict (an attempt it leads is discarded at
// once rather than left to time out).
// The budgets and the rate are both divided by scale, so the deadlines are the
// defaults' and the run takes seconds.
func TestALoopingProgramRunsOutOfGasOnEveryValidatorWhateverItsSpeed(t *testing.T) {
	a := newArenaWith(t, 4, 1, func(tm *ledger.Terms) {
		tm.RoundTimeoutS = 120
		tm.GasRate = ledger.DefaultGasRate / scale
	})
	store, err := blobs.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	bench, loop := example.Bench(), buildLoop(t)
	for _, m := range [][]byte{bench, loop} {
		if err := store.Put(abi.Digest(m), bytes.NewReader(m)); err != nil {
			t.Fatal(err)
		}
	}
	cache := t.TempDir()
	warm(t, cache, bench, loop)
	slow := a.validators[3].Address()
	ws, _ := a.workers([]grading.Model{newScripted(nil), newScripted(nil), newScripted(nil), newScripted(nil)}, func(i int, c *validator.Config) {
		challengeGraders(t, store, cache)(i, c)
		c.RunTimeout = time.Second // a validator's own timeout, shorter than the run: it must not decide
		if i == 3 {
			c.GasRate = ledger.DefaultGasRate/scale - 1 // measured slower than the terms require
		}
	})

	out := a.contest.Do("sponsor", ledger.Amount{}, challenge.BenchRegister{
		Name: "toolbench", Version: 1, Module: abi.Digest(bench), Size: int64(len(bench)),
		Kinds: []string{abi.KindMemory, abi.KindTool}, MinCases: 100, Profiles: []string{abi.ProfileFull, abi.ProfilePractice},
		Quorum: 3, InitGas: 200_000_000 / scale, CaseGas: 200_000_000 / scale, BenchGas: 50_000_000_000 / scale, MaxPages: 2048,
		Platform: challenge.Platform, Fold: challenge.DefaultFold(),
	})
	id := ledger.BenchID(out.Created)
	var b ledger.BenchView
	waitLonger(t, "the bench check", func() bool {
		a.engine.View(func(s *ledger.State) { b, _ = s.Bench(id) })
		return b.State != challenge.BenchChecking
	})
	if b.State != challenge.BenchAccepted || b.Cases != 110 {
		t.Fatalf("bench %s (%s) with %d cases", b.State, b.Reason, b.Cases)
	}

	out = a.contest.Do("sponsor", ledger.Ether(100), challenge.Publish{Bench: "toolbench", Title: "tools and memory",
		Deposit: ledger.Ether(1), PerEpoch: ledger.Ether(10), EpochS: 3600, End: a.clock.Now().Unix() + 86400})
	cid := ledger.ChallengeID(out.Created)
	value, _ := ledger.Ether(1).Add(a.terms.GradingFee)
	a.contest.Do(a.solvers[0], value, challenge.Commit{Challenge: cid, Program: abi.Digest(loop), Size: int64(len(loop)), Profile: abi.ProfileFull})
	a.contest.Send("sponsor", ledger.Amount{}, challenge.Fold{Challenge: cid}) // any transaction makes the block that anchors the run
	var run ledger.RunView
	waitLonger(t, "the run", func() bool {
		a.engine.View(func(s *ledger.State) {
			c, _ := s.Challenge(cid)
			run = c.Runs[0]
		})
		return run.State != challenge.RunAnchoring && run.State != challenge.RunRunning
	})

	var rd round.View
	a.engine.View(func(s *ledger.State) { rd, _ = s.GradingRound(run.Round) })
	const want = (2*50_000_000_000+111*400_000_000)/25_000_000 + 120 // the defaults' figures: 5,896 s
	for _, at := range rd.Attempts {
		if at.Deadline-at.OpenedAt != want {
			t.Fatalf("the run's attempt %d stays open %d s, want %d", at.Attempt, at.Deadline-at.OpenedAt, want)
		}
		if at.Leader != slow && at.State != ledger.AttemptSettled {
			t.Fatalf("attempt %d led by a validator that sits on program runs ended %s", at.Attempt, at.State)
		}
	}
	if run.State != challenge.RunFinal || run.Kept == nil {
		t.Fatalf("run %s after %d attempts, kept %+v", run.State, len(rd.Attempts), run.Kept)
	}
	if want := int64(111 * 200_000_000 / scale); run.Kept.Gas < want {
		t.Fatalf("the kept run spent %d gas; a program out of gas on 111 cases spends at least %d", run.Kept.Gas, want)
	}
	const declined = "[TRANSIENT] This validator meters 249999 gas a second, slower than the arena's 250000: it does not sit on program runs"
	results := 0
	for _, x := range run.Attestations {
		switch {
		case x.Validator == slow:
			if x.Result.Error != declined {
				t.Fatalf("the validator slower than the terms' rate attested %+v", x)
			}
		case x.Result.Error != "" || x.Result.Gas != run.Kept.Gas || x.Result.Transcript != run.Kept.Transcript:
			t.Fatalf("attestation %+v is not the kept result %+v", x, *run.Kept)
		case x.Attempt == len(rd.Attempts):
			results++
		}
	}
	if results != 3 {
		t.Fatalf("%d results on the settled attempt, want the 3 of the members that sit on program runs: %+v", results, run.Attestations)
	}
	var judges []ledger.Judge
	a.engine.View(func(s *ledger.State) { judges = s.Judges() })
	for _, j := range judges {
		if (j.Failures[declined] > 0) != (j.Validator == slow) || (j.Validator == slow && j.Failed != j.Attested) {
			t.Fatalf("judge %s: %d failed of %d attested, %v", j.Validator, j.Failed, j.Attested, j.Failures)
		}
	}
	if st := ws[3].Stats(); st.SitsOnProgramRuns || st.GasRate != ledger.DefaultGasRate/scale-1 {
		t.Fatalf("the slow validator's stats: %+v", st)
	}
	if st := ws[0].Stats(); !st.SitsOnProgramRuns {
		t.Fatalf("a validator that meters nothing slower than the terms: %+v", st)
	}
}

// waitLonger waits for ok as waitLong does, for longer: the committee runs a whole
// dataset of looping cases on machines that may be shared.
func waitLonger(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(6 * time.Minute)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
