package ledger_test

import (
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/ledger/ledgertest"
)

// The default bench's figures (`arena bench register`'s defaults) and the default
// node's round timeout.
const (
	defaultInitGas  = 200_000_000
	defaultCaseGas  = 200_000_000
	defaultBenchGas = 50_000_000_000
	defaultTimeoutS = 120
)

// defaultBench is a registration with the default bench's gas figures.
func defaultBench() challenge.BenchRegister {
	b := ledgertest.BenchBody("ditto", 1)
	b.InitGas, b.CaseGas, b.BenchGas = defaultInitGas, defaultCaseGas, defaultBenchGas
	return b
}

// open returns how long the current attempt of round id stays open.
func open(a *arena, id RoundID) int64 {
	at := a.GradingRound(id).Attempts
	cur := at[len(at)-1]
	return cur.Deadline - cur.OpenedAt
}

// An attempt of a program run stays open until its whole budget can be spent at the
// terms' gas rate, plus the margin, and never less than the round timeout: a bench check
// for (2 + profiles) x bench_gas, a run for 2 x bench_gas + (cases + 1) x (init_gas +
// case_gas) over the cases the check counted, every attempt alike. A grading round of
// another kind keeps the round timeout.
func TestAProgramRunsAttemptsStayOpenUntilItsGasIsSpentAtTheTermsRate(t *testing.T) {
	a := newArena(t, 5, func(t *Terms) { t.RoundTimeoutS = defaultTimeoutS; t.GradingFee = challengeFee })
	out := a.Do("alice", Amount{}, defaultBench())
	b := a.Bench(BenchID(out.Created))
	const check = 4*defaultBenchGas/DefaultGasRate + 120 // 8,120 s
	if got := open(a, b.Round); got != check {
		t.Fatalf("the check's attempt stays open %d s, want %d", got, check)
	}
	b = a.CheckBench(b.ID, challenge.BenchCheck{Dataset: ledgertest.Digest("check"), Cases: 110, Kinds: b.Kinds})
	if b.State != challenge.BenchAccepted {
		t.Fatalf("bench %s %s", b.State, b.Reason)
	}
	cid := a.PublishChallenge(challengePool, challenge.Publish{Bench: "ditto", Title: "loops", Deposit: challengeDeposit,
		PerEpoch: challengePerEpoch, EpochS: challengeEpoch, End: a.Now() + 24*3600})
	_, r := a.CommitProgram("bob", cid, "loop", challenge.ProfileFull)
	a.Tick()
	run := a.Run(r)
	const want = (2*defaultBenchGas+111*(defaultInitGas+defaultCaseGas))/DefaultGasRate + 120 // 5,896 s
	if got := open(a, run.Round); got != want {
		t.Fatalf("the run's attempt stays open %d s, want %d", got, want)
	}
	a.Wait(want + 1)
	a.Tick()
	if at := a.GradingRound(run.Round).Attempts; len(at) != 2 || open(a, run.Round) != want {
		t.Fatalf("after the first attempt timed out: %d attempts, the last open %d s", len(at), open(a, run.Round))
	}

	fast := newArena(t, 5, func(t *Terms) { t.RoundTimeoutS = defaultTimeoutS; t.GasRate = 1_000_000_000 })
	out = fast.Do("alice", Amount{}, defaultBench())
	if got, want := open(fast, fast.Bench(BenchID(out.Created)).Round), int64(200+120); got != want {
		t.Fatalf("at a billion gas a second the check's attempt stays open %d s, want %d", got, want)
	}
	small := newArena(t, 5, nil)
	out = small.Do("alice", Amount{}, ledgertest.BenchBody("ditto", 1)) // 4 x 2^28 gas: 43 s + 120 at the rate
	if got, want := open(small, small.Bench(BenchID(out.Created)).Round), small.Terms().RoundTimeoutS; got != want {
		t.Fatalf("a small check's attempt stays open %d s, want the round timeout of %d", got, want)
	}
}

// A bench whose budgets cannot be spent within the longest attempt deadline (a week) at
// the terms' rate is refused at registration, for its check or for a run over
// min_cases; one whose check counts more cases than a run's deadline can hold is
// refused when checked.
func TestABenchWhoseBudgetCannotFitTheLongestDeadlineIsRefused(t *testing.T) {
	a := newArena(t, 5, nil)
	refusal := NewError(Expected, "A bench's budgets must fit the longest attempt deadline (604800 s) at the arena's gas rate: (2 + profiles) x bench_gas for its check, and 2 x bench_gas + (min_cases + 1) x (init_gas + case_gas) for a run")
	run := defaultBench()
	run.MinCases, run.InitGas, run.CaseGas = 10_000, 2_000_000_000, 2_000_000_000 // 40 T gas: 1,600,160 s
	a.Refused(refusal, "alice", Amount{}, run)
	slow := newArena(t, 5, func(t *Terms) { t.GasRate = 1_000_000 })
	check := defaultBench()
	check.BenchGas, check.MinCases = challenge.MaxBenchGas, 1 // a check's 4 x 200 G: 800,000 s at 1 M gas a second; a run's 400.8 G: 400,920 s
	slow.Refused(refusal, "alice", Amount{}, check)
	fits := defaultBench()
	fits.InitGas, fits.CaseGas = 2_000_000_000, 2_000_000_000 // 2 x 50 G + 101 x 4 G: 20,160 s
	b := a.Bench(BenchID(a.Do("alice", Amount{}, fits).Created))
	b = a.CheckBench(b.ID, challenge.BenchCheck{Dataset: ledgertest.Digest("check"), Cases: 5000, Kinds: b.Kinds}) // 5,001 x 4 G: 800,160 s
	if b.State != challenge.BenchRefused || b.Reason != "[EXPECTED] A run over the full profile's cases needs more gas than the longest attempt deadline allows at the arena's gas rate" {
		t.Fatalf("bench %s: %s", b.State, b.Reason)
	}
}

// A learning challenge's rounds stay open until their whole budget can be spent at the
// terms' rate (each module's initialisation and 2 x byte_gas plus the host's share a
// byte: one learner over the train split for a run, a second split's worth and a twin
// for the held-out measurement), and one whose byte_gas cannot fit a week is refused.
func TestALearningChallengesRoundsStayOpenForTheirGas(t *testing.T) {
	a := newArena(t, 3, nil)
	b := ledgertest.LearnBody(a.Now(), 3600, Ether(1), Ether(1))
	huge := b
	huge.ByteGas = 1 << 24 // 1.18 M bytes x 32 M gas: 1.6 M s
	a.Refused(NewError(Expected, "byte_gas must let a held-out measurement fit the longest attempt deadline (604800 s) at the arena's gas rate: 4 x 2000000000 + (dataset_bytes + 2 x heldout_bytes) x (2 x byte_gas + 1000)"),
		"sponsor", Ether(10), huge)
	id := a.PublishLearn(Ether(10), b)
	r := a.CommitPair("alice", id, "arch", "train")
	a.Tick()
	const perByte = 2*4096 + learn.ByteCallGas
	const want = (2*learn.InitGas+ledgertest.LearnDatasetBytes*perByte)/DefaultGasRate + 1 + 120 // 666 s, rounded up
	if got := open(a, a.LearnRun(r).Round); got != want {
		t.Fatalf("a learning run's attempt stays open %d s, want %d", got, want)
	}
}
