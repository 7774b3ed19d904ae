package ledgertest

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/challenge/composite"
	"github.com/arena/arena/ledger/round"
)

// Digest returns the sha256 of text, lowercase hex: a stand-in for a module, dataset or
// transcript digest named by what it stands for.
func Digest(text string) string {
	h := sha256.Sum256([]byte(text))
	return hex.EncodeToString(h[:])
}

// BenchBody returns a bench_register body for version of bench name with the seed's
// figures: tool and memory cases, at least 100 of them, both profiles, a quorum of three,
// no model, the pinned platform and the default fold. Its gas figures are small enough
// that a run's attempts stay open for the terms' round timeout of ten minutes, as the
// contest scripts' waits expect (round.Terms.MeteredS).
func BenchBody(name string, version uint32) challenge.BenchRegister {
	return challenge.BenchRegister{
		Name: name, Version: version, Module: Digest(fmt.Sprintf("bench %s v%d", name, version)), Size: 4 << 20,
		Kinds: []string{"memory", "tool"}, MinCases: 100, Profiles: []string{challenge.ProfileFull, challenge.ProfilePractice},
		Quorum: 3, InitGas: 1 << 24, CaseGas: 1 << 24, BenchGas: 1 << 28, MaxPages: challenge.DefaultPages,
		Platform: challenge.Platform, Fold: challenge.DefaultFold(),
	}
}

// CheckPassed returns the check verdict that accepts b: the check seed's dataset, 114
// cases of b's kinds.
func CheckPassed(b challenge.BenchRegister) challenge.BenchCheck {
	return challenge.BenchCheck{Dataset: Digest("check " + challenge.CheckSeed(b.Name, b.Version)), Cases: 114, Kinds: b.Kinds}
}

// Scored returns a run result of n cases scoring composite with standard error se, all
// in micros, whose dataset and transcript digests follow from the three figures; two
// members who ran the same program on the same seed report it alike. It names no
// canonical program digest: AttestRun fills in the run's program (see Canonical).
func Scored(n int, comp, se int64) challenge.RunResult {
	tag := fmt.Sprintf("%d/%d/%d", n, comp, se)
	return challenge.RunResult{
		Dataset: Digest("dataset " + tag), Transcript: Digest("transcript " + tag), Gas: int64(n) * 1000,
		Composite: composite.Result{N: n, Composite: comp, SE: se, ToolMean: comp, MemoryMean: comp, E: 1_000_000, M: 1_000_000, O: 1_000_000, C: 1_000_000, Gate: 1_000_000},
	}
}

// Canonical returns res naming program (a digest) as its canonical program digest when
// it is scored and names none yet: a program without custom sections is its own
// canonical form. A failure is returned as it is.
func Canonical(res challenge.RunResult, program string) challenge.RunResult {
	if res.Scored() && res.Canonical == "" {
		res.Canonical = program
	}
	return res
}

// RunFailed returns a run result that failed with text, which names its class.
func RunFailed(text string) challenge.RunResult { return challenge.RunResult{Error: text} }

// GradingRound returns round id as every kind shares it, failing the test if there is
// none.
func (c *Contest) GradingRound(id ledger.RoundID) round.View {
	c.t.Helper()
	var r round.View
	var ok bool
	c.View(func(s *ledger.State) { r, ok = s.GradingRound(id) })
	if !ok || len(r.Attempts) == 0 {
		c.t.Fatalf("no round %d", id)
	}
	return r
}

// AttestSized has the committee of round id, of any kind, attest its current attempt:
// the leader first with body(0), then the others in committee order, stopping when the
// attempt closes. A nil body leaves that seat silent.
func (c *Contest) AttestSized(id ledger.RoundID, body func(seat, attempt int) ledger.Body) {
	c.t.Helper()
	r := c.GradingRound(id)
	at := r.Attempts[len(r.Attempts)-1]
	for i, m := range seats(r.Committee, at.Leader) {
		cur := c.GradingRound(id)
		if last := cur.Attempts[len(cur.Attempts)-1]; last.Attempt != at.Attempt || last.State != ledger.AttemptOpen {
			return
		}
		if b := body(i, at.Attempt); b != nil {
			c.Do(c.ByAddr(m), ledger.Amount{}, b)
		}
	}
}

// Bench returns bench version id, failing the test if there is none.
func (c *Contest) Bench(id ledger.BenchID) ledger.BenchView {
	c.t.Helper()
	var b ledger.BenchView
	var ok bool
	c.View(func(s *ledger.State) { b, ok = s.Bench(id) })
	if !ok {
		c.t.Fatalf("no bench %d", id)
	}
	return b
}

// Challenge returns challenge id, failing the test if there is none.
func (c *Contest) Challenge(id ledger.ChallengeID) ledger.ChallengeView {
	c.t.Helper()
	var v ledger.ChallengeView
	var ok bool
	c.View(func(s *ledger.State) { v, ok = s.Challenge(id) })
	if !ok {
		c.t.Fatalf("no challenge %d", id)
	}
	return v
}

// Run returns run id, failing the test if there is none.
func (c *Contest) Run(id ledger.RunID) ledger.RunView {
	c.t.Helper()
	var v ledger.RunView
	var ok bool
	c.View(func(s *ledger.State) { v, ok = s.Run(id) })
	if !ok {
		c.t.Fatalf("no run %d", id)
	}
	return v
}

// CheckBench has the committee of bench id's check attest res (every seat alike).
func (c *Contest) CheckBench(id ledger.BenchID, res challenge.BenchCheck) ledger.BenchView {
	c.t.Helper()
	b := c.Bench(id)
	c.AttestSized(b.Round, func(_, attempt int) ledger.Body {
		return challenge.BenchCheckAttest{Round: b.Round, Attempt: attempt, Result: res}
	})
	return c.Bench(id)
}

// AcceptBench has from register b and its committee pass the check; it fails the test
// unless the version is accepted, and returns its id.
func (c *Contest) AcceptBench(from string, b challenge.BenchRegister) ledger.BenchID {
	c.t.Helper()
	id := ledger.BenchID(c.Do(from, ledger.Amount{}, b).Created)
	if v := c.CheckBench(id, CheckPassed(b)); v.State != challenge.BenchAccepted {
		c.t.Fatalf("bench %s v%d: %s %s", b.Name, b.Version, v.State, v.Reason)
	}
	return id
}

// PublishChallenge has "sponsor" publish p with pool, and returns the challenge's id.
func (c *Contest) PublishChallenge(pool ledger.Amount, p challenge.Publish) ledger.ChallengeID {
	c.t.Helper()
	return ledger.ChallengeID(c.Do("sponsor", pool, p).Created)
}

// CommitProgram has from commit the program named program (its digest is
// Digest(program)) to challenge id in profile, paying the deposit and the grading fee;
// it returns the entry and its entry run.
func (c *Contest) CommitProgram(from string, id ledger.ChallengeID, program, profile string) (ledger.ChallengeEntryID, ledger.RunID) {
	c.t.Helper()
	v := c.Challenge(id)
	value, _ := v.Deposit.Add(v.GradingFee)
	e := ledger.ChallengeEntryID(c.Do(from, value, challenge.Commit{Challenge: id, Program: Digest(program), Size: 1 << 20, Profile: profile}).Created)
	var ev ledger.ChallengeEntryView
	c.View(func(s *ledger.State) { ev, _ = s.ChallengeEntry(e) })
	return e, ev.Run
}

// AttestRun has the committee of run id attest its current attempt: the leader with
// leader, the others with others in turn (or leader's if none). A run still anchoring
// gets its anchor from an empty block first. A scored result that names no canonical
// digest names the run's program (Canonical).
func (c *Contest) AttestRun(id ledger.RunID, leader challenge.RunResult, others ...challenge.RunResult) ledger.RunView {
	c.t.Helper()
	if c.Run(id).State == challenge.RunAnchoring {
		c.Tick()
	}
	r := c.Run(id)
	if r.State != challenge.RunRunning {
		c.t.Fatalf("run %d is %s", id, r.State)
	}
	c.AttestSized(r.Round, func(seat, attempt int) ledger.Body {
		res := leader
		if seat > 0 && len(others) > 0 {
			res = others[(seat-1)%len(others)]
		}
		return challenge.Attest{Round: r.Round, Attempt: attempt, Result: Canonical(res, r.Program)}
	})
	return c.Run(id)
}
