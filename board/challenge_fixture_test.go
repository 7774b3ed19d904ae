package board

import (
	"fmt"
	"testing"

	"github.com/arena/arena/challenge/abi"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/challenge/composite"
	"github.com/arena/arena/ledger/ledgertest"
)

// The challenges below are run on a real ledger: benches registered and checked by the
// committee, programs committed, their runs anchored and attested, folds taken, and a
// newer version rolled out part of the way. Every composite is the composite package's
// score of a generated set of grades, so the numbers are the scorer's own.

// agent is how a program fares on a dataset of tool cases (calendar, email, search)
// and memory cases (recall, update, temporal, then three canaries).
type agent struct {
	tools, memories int    // cases of each kind; 0 means 60 and 54
	tool, memory    int    // passing tool cases, passing memory cases other than canaries
	canary          string // "", "miss" (an honest miss) or "leak"
	extra           int    // extra tool calls on each passing tool case, which lower E
	overcall        bool   // memory cases make non-memory calls, which lowers O
	twins           bool   // the first 20 memory cases form twin groups, answered inconsistently, which lowers M
	luck            int64  // added to each passing score, in micros, to vary a seed's composite
}

// grades returns a's grades, one per case.
func (a agent) grades() []abi.Grade {
	nt, nm := a.tools, a.memories
	if nt == 0 {
		nt, nm = 60, 54
	}
	var out []abi.Grade
	score := func(pass bool) int64 {
		if pass {
			return min(composite.One, 900_000+a.luck)
		}
		return 150_000
	}
	for i := range nt {
		pass := i < a.tool
		g := abi.Grade{ID: fmt.Sprintf("t%03d", i), Kind: abi.KindTool, Category: []string{"calendar", "email", "search"}[i%3],
			Score: score(pass), Observed: true, ExpectedTools: 2, ActualTools: 2}
		if pass {
			g.ActualTools += a.extra
		}
		out = append(out, g)
	}
	for j := range nm - 3 {
		pass := j < a.memory
		g := abi.Grade{ID: fmt.Sprintf("m%03d", j), Kind: abi.KindMemory, Category: []string{"recall", "update", "temporal"}[j%3],
			Observed: true, MemoryOnly: true}
		if a.twins && j < 20 {
			g.Group = fmt.Sprintf("twin-%d", j/2)
			pass = pass != (j%2 == 1)
		}
		if a.overcall {
			g.NonMemoryCalls = 1
		}
		g.Score = score(pass)
		out = append(out, g)
	}
	for k := range 3 {
		g := abi.Grade{ID: fmt.Sprintf("c%d", k), Kind: abi.KindMemory, Category: "canary", Observed: true, MemoryOnly: true, Score: composite.One}
		if k == 0 && a.canary != "" {
			g.Score = 0
			if a.canary == "leak" {
				g.Notes = []string{abi.NoteCanaryLeak}
			}
		}
		out = append(out, g)
	}
	return out
}

// result returns a's run result on the dataset named by seed: the scorer's composite
// of its grades, with the dataset's and transcript's digests, the program's canonical
// digest (a story program has no custom sections, so it is its digest, as ledgertest
// fills it in) and the gas it burned.
func (a agent) result(t testing.TB, program, seed string) challenge.RunResult {
	t.Helper()
	res, err := composite.Score(a.grades())
	if err != nil {
		t.Fatalf("score %s: %v", program, err)
	}
	return challenge.RunResult{Dataset: ledgertest.Digest("dataset " + seed), Transcript: ledgertest.Digest("transcript " + program + " " + seed),
		Canonical: program, Composite: res, Gas: 1_000_000 + int64(a.tool)*7919 + int64(a.memory)*104729}
}

// challengeRun is the challenges run on one ledger, and the snapshot at the end.
type challengeRun struct {
	c    *ledgertest.Contest
	snap ledger.Snapshot
	// What the story names.
	benches map[string]ledger.BenchID          // "dittobench v1"
	entries map[string]ledger.ChallengeEntryID // by program name
	season  ledger.ChallengeID                 // the main challenge
	sprint  ledger.ChallengeID                 // the short one, closed with nothing paid
}

// The main challenge's programs, by the name the story gives each, and how each fares.
var storyAgents = map[string]agent{
	"alice": {tool: 40, memory: 28, canary: "miss", extra: 2},
	"bob":   {tool: 42, memory: 30, extra: 1},
	"carol": {tool: 55, memory: 46},
	"dave":  {tool: 54, memory: 46, extra: 1},
	"erin":  {tool: 24, memory: 26, extra: 6, overcall: true, twins: true},
	// feedback only: the practice profile, too few cases, a provisional run
	"appellant": {tools: 12, memories: 12, tool: 11, memory: 8},
	"carol-2":   {tools: 40, memories: 40, tool: 35, memory: 30, canary: "leak"},
	"stranger":  {tool: 30, memory: 30},
	"dave-2":    {tool: 50, memory: 40},
}

// timeout lets every open attempt run past its deadline, in an empty block.
func (r *challengeRun) timeout() {
	r.c.Wait(600)
	r.c.Tick()
}

// register has from register version of bench name, served from a URL, and returns it.
func (r *challengeRun) register(from, name string, version uint32) ledger.BenchView {
	b := ledgertest.BenchBody(name, version)
	b.URL = fmt.Sprintf("https://benches.example/%s-%d.wasm", name, version)
	id := ledger.BenchID(r.c.Do(from, ledger.Amount{}, b).Created)
	r.benches[fmt.Sprintf("%s v%d", name, version)] = id
	return r.c.Bench(id)
}

// attest has the current attempt's leader, then the other members of round id in
// committee order, n members in all, attest body(attempt).
func (r *challengeRun) attest(id ledger.RoundID, n int, body func(attempt int) ledger.Body) {
	r.c.AttestSized(id, func(seat, attempt int) ledger.Body {
		if seat >= n {
			return nil
		}
		return body(attempt)
	})
}

// commit has from commit the program named name to challenge id.
func (r *challengeRun) commit(from, name string, id ledger.ChallengeID, profile string) {
	r.entries[name], _ = r.c.CommitProgram(from, id, name, profile)
}

// runOf returns the latest run of the program named name with the given purpose (and
// k, for a confirmation) on bench version b.
func (r *challengeRun) runOf(t testing.TB, name string, b ledger.BenchID, purpose string, k int) ledger.RunView {
	t.Helper()
	c := r.c.Challenge(r.season)
	for i := len(c.Runs) - 1; i >= 0; i-- {
		if x := c.Runs[i]; x.Entry == r.entries[name] && x.Bench == b && x.Purpose == purpose && x.K == k {
			return x
		}
	}
	t.Fatalf("%s has no %s run %d on bench %d", name, purpose, k, b)
	return ledger.RunView{}
}

// score has n members of run's committee attest a's result on it.
func (r *challengeRun) score(t testing.TB, run ledger.RunView, n int, a agent) {
	t.Helper()
	res := a.result(t, run.Program, run.Seed)
	r.attest(run.Round, n, func(at int) ledger.Body { return challenge.Attest{Round: run.Round, Attempt: at, Result: res} })
}

// Verdicts the committees reach in the story.
const (
	notDeterministic = "[EXPECTED] The bench is not deterministic: two generations of one seed differ"
	badImport        = "[EXPECTED] The program imports env.abort, which the bench does not offer"
)

// playChallenges runs the story on the test arena with a grading fee of 0.1 GEN:
//
//   - alice registers dittobench v1, which the committee accepts; bob's flakybench v1
//     is refused as not deterministic; erin's quietbench v1, which pins a model, is
//     never checked and lapses.
//   - the sponsor publishes "Practice sprint" (#1) on dittobench v1 with a 20 GEN pool
//     and one-minute epochs; stranger commits a program whose run is never attested;
//     a fold finds no eligible entry and pays nothing; at the end anyone closes it,
//     abandoning the run and returning the deposit and the whole pool.
//   - the sponsor publishes "Memory and tool use, season one" (#2) on dittobench v1
//     with a 100 GEN pool, 10 GEN per hourly epoch. alice, bob, carol, dave and erin
//     commit full-profile programs, scored 3-of-3; appellant commits a practice
//     program; stranger commits a program the gate refuses, and another whose round
//     runs out with one scored attestation per attempt (provisional); carol commits a
//     second program that runs only 80 cases.
//   - the first fold crowns carol, pays her and a tail of four, and sends dave, inside
//     the band, to confirmation on three shared seeds, which are scored.
//   - alice registers dittobench v2, accepted; the second fold keeps carol on the
//     paired comparison and opens rescore runs on v2 for the champion and tail, of
//     which carol's, dave's and bob's are scored, alice's has one attestation and
//     erin's none.
//   - alice registers dittobench v3, still being checked; dave commits a second program
//     whose run has one attestation.
func playChallenges(t testing.TB) *challengeRun {
	t.Helper()
	terms := ledgertest.Terms(3)
	terms.GradingFee = ledger.MustAmount("100000000000000000")
	s, err := ledger.New(terms)
	if err != nil {
		t.Fatal(err)
	}
	c := ledgertest.Drive(t, ledgertest.NewBare(s))
	r := &challengeRun{c: c, benches: map[string]ledger.BenchID{}, entries: map[string]ledger.ChallengeEntryID{}}
	kinds := []string{"memory", "tool"}

	v1 := r.register("alice", "dittobench", 1)
	c.CheckBench(v1.ID, challenge.BenchCheck{Dataset: ledgertest.Digest("dittobench v1 check dataset"), Cases: 114, Kinds: kinds})
	c.CheckBench(r.register("bob", "flakybench", 1).ID, challenge.BenchCheck{Error: notDeterministic})
	quiet := ledgertest.BenchBody("quietbench", 1)
	quiet.Model = "qwen/qwen3-32b"
	r.benches["quietbench v1"] = ledger.BenchID(c.Do("erin", ledger.Amount{}, quiet).Created)
	for range terms.Attempts {
		r.timeout()
	}

	r.sprint = c.PublishChallenge(ledger.Ether(20), challenge.Publish{Bench: "dittobench", Title: "Practice sprint",
		Deposit: ledger.Ether(1), PerEpoch: ledger.Ether(5), EpochS: 60, End: c.Now() + 300})
	r.commit("stranger", "stranger-sprint", r.sprint, challenge.ProfileFull)
	c.Tick()
	c.Wait(60)
	c.Do("bob", ledger.Amount{}, challenge.Fold{Challenge: r.sprint})
	c.Wait(300)
	c.Do("bob", ledger.Amount{}, challenge.Close{Challenge: r.sprint})

	r.season = c.PublishChallenge(ledger.Ether(100), challenge.Publish{Bench: "dittobench", Title: "Memory and tool use, season one",
		Deposit: ledger.Ether(1), PerEpoch: ledger.Ether(10), EpochS: 3600, End: c.Now() + 30*24*3600})
	for _, n := range []string{"alice", "bob", "carol", "dave", "erin"} {
		r.commit(n, n, r.season, challenge.ProfileFull)
	}
	r.commit("appellant", "appellant", r.season, challenge.ProfilePractice)
	r.commit("stranger", "stranger-refused", r.season, challenge.ProfileFull)
	r.commit("carol", "carol-2", r.season, challenge.ProfileFull)
	r.commit("stranger", "stranger", r.season, challenge.ProfileFull)
	c.Tick()
	for _, n := range []string{"alice", "bob", "carol", "dave", "erin", "appellant", "carol-2"} {
		r.score(t, r.runOf(t, n, v1.ID, challenge.PurposeEntry, 0), 3, storyAgents[n])
	}
	refused := r.runOf(t, "stranger-refused", v1.ID, challenge.PurposeEntry, 0)
	r.attest(refused.Round, 3, func(a int) ledger.Body {
		return challenge.Attest{Round: refused.Round, Attempt: a, Result: ledgertest.RunFailed(badImport)}
	})
	for _, luck := range []int64{0, 30_000, -40_000} {
		a := storyAgents["stranger"]
		a.luck = luck
		r.score(t, r.runOf(t, "stranger", v1.ID, challenge.PurposeEntry, 0), 1, a)
		r.timeout()
	}

	c.Wait(3600)
	c.Do("stranger", ledger.Amount{}, challenge.Fold{Challenge: r.season})
	c.Tick() // the confirmation runs take their seeds from the fold's block
	for k, luck := range []int64{0, 10_000, -5_000} {
		for _, n := range []string{"carol", "dave"} {
			a := storyAgents[n]
			a.luck = luck
			if n == "dave" {
				a.luck -= 15_000
			}
			r.score(t, r.runOf(t, n, v1.ID, challenge.PurposeConfirm, k), 3, a)
		}
	}

	v2 := r.register("alice", "dittobench", 2)
	c.CheckBench(v2.ID, challenge.BenchCheck{Dataset: ledgertest.Digest("dittobench v2 check dataset"), Cases: 114, Kinds: kinds})
	c.Wait(3600)
	c.Do("dave", ledger.Amount{}, challenge.Fold{Challenge: r.season})
	c.Tick()
	for _, n := range []string{"carol", "dave", "bob", "alice"} {
		a := storyAgents[n]
		a.memory += 2 // v2 stops penalising two right answers
		members := 3
		if n == "alice" {
			members = 1
		}
		r.score(t, r.runOf(t, n, v2.ID, challenge.PurposeRescore, 0), members, a)
	}

	v3 := r.register("alice", "dittobench", 3)
	r.attest(v3.Round, 1, func(a int) ledger.Body {
		return challenge.BenchCheckAttest{Round: v3.Round, Attempt: a, Result: challenge.BenchCheck{Dataset: ledgertest.Digest("dittobench v3 check dataset"), Cases: 114, Kinds: kinds}}
	})
	r.commit("dave", "dave-2", r.season, challenge.ProfileFull)
	c.Tick()
	r.score(t, r.runOf(t, "dave-2", v1.ID, challenge.PurposeEntry, 0), 1, storyAgents["dave-2"])

	r.snap = s.Snapshot()
	return r
}
