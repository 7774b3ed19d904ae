package ledger_test

import (
	"math/rand/v2"
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/ledgertest"
)

// "The invariant above, asserted after every step", for challenges: a seeded random
// walk of bench registrations and checks, publications, commits, run results, folds,
// closes, empty blocks and waits from a small cast, many of them refused, with epochs
// of minutes so that challenges fold and close, checks every invariant and the
// incremental state hash after every step. Apply never fails and never panics.
func TestChallengeMoneyAddsUpUnderARandomWalk(t *testing.T) {
	const steps = 500
	a := newArena(t, 5, func(t *Terms) { t.GradingFee = Ether(3); t.RoundTimeoutS = 300; t.Attempts = 2 })
	for _, name := range []string{"ditto", "echo"} {
		b := ledgertest.BenchBody(name, 1)
		b.Fold.RolloutAgents = 1
		a.AcceptBench("alice", b)
	}
	a.PublishChallenge(Ether(50), challenge.Publish{Bench: "ditto", Title: "walk", Deposit: Ether(1), PerEpoch: Ether(5), EpochS: 120, End: a.Now() + 3000})
	a.bare.Unchecked()
	a.Contest = a.Unsigned()
	rng := rand.New(rand.NewPCG(13, 17))
	cast := []string{"sponsor", "alice", "bob", "carol", "dave", "erin", "stranger"}
	validators := []string{"v1", "v2", "v3", "v4", "v5"}
	names := []string{"ditto", "echo"}
	programs := []string{"p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8"}
	fails := []challenge.RunResult{
		ledgertest.RunFailed("[EXPECTED] The program imports env.foo, which the bench does not offer"),
		ledgertest.RunFailed("[TRANSIENT] The program never reached the tool endpoint"),
		ledgertest.RunFailed("[EXTERNAL] The artifact at https://example.org/a.wasm does not match its digest"),
	}
	var nC, nE uint64
	pick := func(n uint64) uint64 {
		if n == 0 || rng.IntN(8) == 0 {
			return rng.Uint64N(n + 2)
		}
		return n - rng.Uint64N(min(n, 4))
	}
	applied, line := 0, moneyLine{}
	for i := range steps {
		from := cast[rng.IntN(len(cast))]
		var value Amount
		var body Body
		c := a.s.Arena().Counts
		switch k := rng.IntN(20); {
		case k == 0:
			b := ledgertest.BenchBody(names[rng.IntN(2)], uint32(rng.IntN(3)+1))
			if rng.IntN(4) > 0 {
				b.Version = uint32(c.Benches + 1) // above every version registered
			}
			b.Fold.RolloutAgents = rng.IntN(3) + 1
			switch rng.IntN(6) {
			case 0:
				b.Quorum = 6 // more than the arena has
			case 1:
				b.Model = "frozen-model-7b"
			case 2:
				b.Quorum = 2
			}
			body = b
		case k <= 3:
			from, body = a.walkCheck(rng, openRound(a.s, rng, challenge.CheckKind), validators)
		case k == 4 && rng.IntN(2) == 0:
			from, value = "sponsor", Ether(rng.Uint64N(40))
			body = challenge.Publish{
				Bench: names[rng.IntN(2)], Title: "walk", Deposit: Ether(rng.Uint64N(3)), PerEpoch: Ether(rng.Uint64N(10) + 1),
				EpochS: int64(rng.IntN(240) + 60), End: a.Now() + int64(rng.IntN(3000)+1),
			}
		case k <= 7:
			cid := ChallengeID(pick(nC))
			profile := []string{challenge.ProfileFull, challenge.ProfileFull, challenge.ProfilePractice, "warmup"}[rng.IntN(4)]
			value = Ether(5)
			if cv, ok := a.s.Challenge(cid); ok && rng.IntN(6) > 0 {
				value = mustAdd(cv.Deposit, cv.GradingFee)
			}
			body = challenge.Commit{Challenge: cid, Program: ledgertest.Digest(programs[rng.IntN(len(programs))]), Size: 100, Profile: profile}
		case k <= 13:
			from, body = a.walkAttest(rng, openRound(a.s, rng, challenge.RunKind), validators, fails)
		case k <= 15:
			body = challenge.Fold{Challenge: ChallengeID(pick(nC))}
		case k == 16:
			body = challenge.Close{Challenge: ChallengeID(pick(nC))}
		case k == 17:
			a.Wait(int64(rng.IntN(150)))
			continue
		case k == 18:
			a.Tick()
			check(t, a.s, i)
			continue
		default:
			body = Withdraw{}
		}
		if a.Apply(a.Tx(from, value, body)).OK() {
			applied++
		}
		check(t, a.s, i)
		if i%50 == 0 {
			line.check(t, a.s, i)
		}
		nC = uint64(a.s.Arena().Counts.Challenges)
		for ok := true; ok; {
			if _, ok = a.s.ChallengeEntry(ChallengeEntryID(nE + 1)); ok {
				nE++
			}
		}
	}
	line.check(t, a.s, steps)
	line.showed(t, challenge.PoolPool, challenge.DepositPool, challenge.GradePool)
	runs, benches, challenges, folds, paid := map[string]int{}, map[string]int{}, map[string]int{}, 0, 0
	for _, b := range a.s.Benches() {
		benches[b.State]++
	}
	for _, c := range a.s.Challenges() {
		challenges[c.State]++
		for _, r := range c.Runs {
			runs[r.State]++
		}
		for _, f := range c.Folds {
			folds++
			if f.Champion != 0 {
				paid++
			}
		}
	}
	if applied < steps/10 || runs[challenge.RunFinal] == 0 || runs[challenge.RunRefused] == 0 || runs[challenge.RunAbandoned] == 0 ||
		benches[challenge.BenchAccepted] == 0 || benches[challenge.BenchRefused] == 0 || challenges[challenge.ChallengeClosed] == 0 || paid == 0 {
		t.Fatalf("the walk did too little to prove anything: %d applied; benches %v; challenges %v; runs %v; %d folds, %d paying", applied, benches, challenges, runs, folds, paid)
	}
	t.Logf("%d of %d applied; benches %v; challenges %v; %d entries; runs %v; %d folds, %d paying", applied, steps, benches, challenges, nE, runs, folds, paid)
}

// check fails the test unless s holds every invariant and its incremental hash equals
// the hash of s decoded afresh.
func check(t *testing.T, s *State, step int) {
	t.Helper()
	if err := s.CheckInvariants(); err != nil {
		t.Fatalf("step %d: %v", step, err)
	}
	if err := ledgertest.CheckHash(s); err != nil {
		t.Fatalf("step %d: %v", step, err)
	}
}

// openRound returns an open round of kind, or a made-up id now and then.
func openRound(s *State, rng *rand.Rand, kind string) RoundID {
	var ids []RoundID
	for _, r := range s.GradingRounds() {
		if r.Kind == kind {
			ids = append(ids, r.ID)
		}
	}
	if len(ids) == 0 || rng.IntN(12) == 0 {
		return RoundID(rng.IntN(40))
	}
	return ids[rng.IntN(len(ids))]
}

// member returns a member of round id's committee to attest its current attempt: the
// leader as often as not, now and then a validator off the committee.
func (a *arena) member(rng *rand.Rand, id RoundID, validators []string) (string, int) {
	r, ok := a.s.GradingRound(id)
	if !ok || rng.IntN(12) == 0 {
		return validators[rng.IntN(len(validators))], 1
	}
	at := r.Attempts[len(r.Attempts)-1]
	if rng.IntN(2) == 0 {
		return a.Name(at.Leader), at.Attempt
	}
	return a.Name(r.Committee[rng.IntN(len(r.Committee))]), at.Attempt
}

// walkCheck returns a member's verdict on bench check round id: what every member sees
// of that bench (a pass, too few cases or a bench that is not deterministic), now and
// then a failure of the member's own.
func (a *arena) walkCheck(rng *rand.Rand, id RoundID, validators []string) (string, Body) {
	from, at := a.member(rng, id, validators)
	res := challenge.BenchCheck{Error: "[TRANSIENT] The module could not be fetched"}
	if r, ok := a.s.GradingRound(id); ok && r.Kind == challenge.CheckKind {
		bv, _ := a.s.Bench(BenchID(r.Subject))
		res = ledgertest.CheckPassed(ledgertest.BenchBody(bv.Name, bv.Version))
		switch {
		case bv.ID%4 == 1:
			res.Cases = 50 // every member sees too few cases
		case bv.ID%4 == 2:
			res = challenge.BenchCheck{Error: "[EXPECTED] The bench is not deterministic: two generations of one seed differ"}
		case rng.IntN(10) == 0:
			res = challenge.BenchCheck{Error: "[TRANSIENT] The module could not be fetched"}
		}
	}
	return from, challenge.BenchCheckAttest{Round: id, Attempt: at, Result: res}
}

// walkAttest returns a member's result on run round id: what every member of the run
// reports (a score, or for every fifth run a failure), now and then a score of its own.
func (a *arena) walkAttest(rng *rand.Rand, id RoundID, validators []string, fails []challenge.RunResult) (string, Body) {
	from, at := a.member(rng, id, validators)
	res := ledgertest.Scored(114, 1, 0)
	if r, ok := a.s.GradingRound(id); ok && r.Kind == challenge.RunKind {
		run := r.Subject
		res = ledgertest.Scored(100+int(run%30), int64(run*7919%1_000_000), int64(run%4)*5000)
		if run%5 == 0 {
			res = fails[int(run/5)%len(fails)]
		}
	}
	if rng.IntN(15) == 0 {
		res = ledgertest.Scored(114, int64(rng.IntN(1_000_001)), 0)
	}
	if rd, ok := a.s.GradingRound(id); ok && rd.Kind == challenge.RunKind {
		if rv, ok := a.s.Run(RunID(rd.Subject)); ok {
			res = ledgertest.Canonical(res, rv.Program)
		}
	}
	return from, challenge.Attest{Round: id, Attempt: at, Result: res}
}
