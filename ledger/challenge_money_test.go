package ledger_test

import (
	"strings"
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/challenge/composite"
)

func benchBody() challenge.BenchRegister {
	return challenge.BenchRegister{
		Name: "dittobench", Version: 1, Module: strings.Repeat("a", 64), Size: 1000, Kinds: []string{"memory", "tool"},
		MinCases: 100, Profiles: []string{"full", "practice"}, Quorum: 3, InitGas: 1, CaseGas: 1, BenchGas: 1,
		MaxPages: 2048, Platform: challenge.Platform, Fold: challenge.DefaultFold(),
	}
}

// attestAll has every member of round id attest body(i).
func attestAll(a *arena, id RoundID, body func() Body) {
	r, _ := a.s.GradingRound(id)
	for _, m := range r.Committee {
		a.Do(a.ByAddr(m), Amount{}, body())
	}
}

// A whole challenge: a bench accepted, a challenge published, one entry run anchored at
// the next block and scored by the 3-of-3 quorum, a fold paying the champion everything
// (no tail), the deposit back when the run ended, and the unspent pool back at close.
func TestAChallengePaysItsChampionAndReturnsDepositAndPool(t *testing.T) {
	a := newArena(t, 3, nil)
	out := a.Do("alice", Amount{}, benchBody())
	b, _ := a.s.Bench(BenchID(out.Created))
	attestAll(a, b.Round, func() Body {
		return challenge.BenchCheckAttest{Round: b.Round, Attempt: 1, Result: challenge.BenchCheck{Dataset: strings.Repeat("b", 64), Cases: 114, Kinds: []string{"memory", "tool"}}}
	})
	if b, _ = a.s.Bench(b.ID); b.State != challenge.BenchAccepted {
		t.Fatalf("bench %s: %s", b.State, b.Reason)
	}
	out = a.Do("bob", Ether(10), challenge.Publish{Bench: "dittobench", Title: "memory", Deposit: Ether(1), PerEpoch: Ether(3), EpochS: 60, End: a.Now() + 3600})
	cid := ChallengeID(out.Created)
	fee := a.Terms().GradingFee
	val, _ := Ether(1).Add(fee)
	out = a.Do("carol", val, challenge.Commit{Challenge: cid, Program: strings.Repeat("c", 64), Size: 10, Profile: "full"})
	c, _ := a.s.Challenge(cid)
	run := c.Runs[0]
	if run.State != challenge.RunRunning && run.State != challenge.RunAnchoring {
		t.Fatalf("run %s", run.State)
	}
	a.Tick()
	c, _ = a.s.Challenge(cid)
	run = c.Runs[0]
	if run.State != challenge.RunRunning || len(run.Seed) != 64 {
		t.Fatalf("after a block the run is %s with seed %q", run.State, run.Seed)
	}
	res := challenge.RunResult{Dataset: strings.Repeat("d", 64), Transcript: strings.Repeat("e", 64), Canonical: strings.Repeat("c", 64), Gas: 7,
		Composite: composite.Result{N: 114, Composite: 600000, SE: 20000, ToolMean: 600000, MemoryMean: 600000, E: 1000000, M: 1000000, O: 1000000, C: 1000000, Gate: 1000000}}
	attestAll(a, run.Round, func() Body { return challenge.Attest{Round: run.Round, Attempt: 1, Result: res} })
	c, _ = a.s.Challenge(cid)
	if c.Runs[0].State != challenge.RunFinal || c.Entries[0].DepositHeld || !c.Entries[0].Eligible {
		t.Fatalf("run %s, deposit held %v, eligible %v", c.Runs[0].State, c.Entries[0].DepositHeld, c.Entries[0].Eligible)
	}
	if o := a.Send("dave", Amount{}, challenge.Fold{Challenge: cid}); o.Err != "[EXPECTED] The first epoch has not passed" {
		t.Fatalf("an early fold: %q", o.Err)
	}
	a.Wait(60)
	before := a.s.Claimable(a.Addr("carol"))
	a.Do("dave", Amount{}, challenge.Fold{Challenge: cid})
	got, _ := a.s.Claimable(a.Addr("carol")).Sub(before)
	if !got.Eq(Ether(3)) {
		t.Fatalf("the lone champion got %s", got)
	}
	a.Wait(3600)
	a.Do("dave", Amount{}, challenge.Close{Challenge: cid})
	c, _ = a.s.Challenge(cid)
	if !c.Returned.Eq(Ether(7)) || !c.Pool.IsZero() || c.State != challenge.ChallengeClosed {
		t.Fatalf("closed: returned %s, pool %s, state %s", c.Returned, c.Pool, c.State)
	}
}
