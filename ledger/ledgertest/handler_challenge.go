package ledgertest

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/cockroachdb/datadriven"
)

// challengeCommand runs a benchmark-challenge command, or reports false for a command
// that is not one.
func (h *Harness) challengeCommand(t *testing.T, d *datadriven.TestData) (string, bool) {
	switch d.Cmd {
	case "bench":
		return h.registerBench(t, d), true
	case "challenge":
		return h.publishChallenge(t, d), true
	case "program":
		return h.commitProgram(t, d), true
	case "grade-run":
		return h.gradeRun(t, d), true
	case "fold":
		return h.foldChallenge(t, d), true
	case "close":
		return h.closeChallenge(t, d), true
	case "standings":
		return h.standings(t, d), true
	}
	return "", false
}

// registerBench has from register a version of a bench and its committee check it,
// every seat alike (pass; few, for a dataset of 50 cases; or a classed failure):
//
//	bench name=ditto version=1 [from=alice] [model=NAME] [quorum=3] [tail=4] [rollout=5] [check=pass]
func (h *Harness) registerBench(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "name", "version", "from", "model", "quorum", "tail", "rollout", "check")
	a.need("name")
	b := BenchBody(a.str("name", ""), uint32(a.int("version", 1)))
	b.Model, b.Quorum = a.str("model", ""), a.int("quorum", 3)
	b.Fold.Tail, b.Fold.RolloutAgents = a.int("tail", b.Fold.Tail), a.int("rollout", b.Fold.RolloutAgents)
	from := a.str("from", "alice")
	out := h.send(t, from, ledger.Amount{}, b)
	if !out.OK() {
		return out.Err
	}
	id := ledger.BenchID(out.Created)
	res := CheckPassed(b)
	switch v := a.str("check", "pass"); {
	case v == "few":
		res.Cases = 50
	case strings.HasPrefix(v, "["):
		res = challenge.BenchCheck{Error: v}
	case v != "pass":
		d.Fatalf(t, "check=%s: want pass, few or a classed failure", v)
	}
	r := h.c.GradingRound(h.c.Bench(id).Round)
	var sb strings.Builder
	fmt.Fprintf(&sb, "bench %d %s v%d by %s: quorum %d of %s", id, b.Name, b.Version, from, b.Quorum, h.names(r.Committee))
	if b.Model != "" {
		fmt.Fprintf(&sb, ", model %s", b.Model)
	}
	v := h.c.In(t).CheckBench(id, res)
	fmt.Fprintf(&sb, "\nbench %d: %s", id, v.State)
	if v.State == challenge.BenchAccepted {
		fmt.Fprintf(&sb, " (%d cases of %s)", v.Cases, strings.Join(v.Kinds, ", "))
	}
	if v.Reason != "" {
		fmt.Fprintf(&sb, ": %s", v.Reason)
	}
	return sb.String()
}

// publishChallenge has from publish a challenge on the newest accepted version of a
// bench, escrowing pool:
//
//	challenge bench=ditto pool=100 per-epoch=10 [deposit=2] [epoch=1h] [end=24h] [from=sponsor]
func (h *Harness) publishChallenge(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "bench", "pool", "per-epoch", "deposit", "epoch", "end", "from")
	a.need("bench")
	from := a.str("from", "sponsor")
	p := challenge.Publish{
		Bench: a.str("bench", ""), Title: "A contest script's challenge", Deposit: a.amount("deposit", ledger.Ether(2)),
		PerEpoch: a.amount("per-epoch", ledger.Ether(10)), EpochS: a.seconds("epoch", 3600), End: h.bare.Now() + a.seconds("end", 24*3600),
	}
	out := h.send(t, from, a.amount("pool", ledger.Ether(100)), p)
	if !out.OK() {
		return out.Err
	}
	c := h.c.Challenge(ledger.ChallengeID(out.Created))
	return fmt.Sprintf("challenge %d on %s v%d by %s: pool %s, %s per epoch of %s until %s, deposit %s + grading fee %s",
		c.ID, c.Bench, c.Version, from, gen(c.Pool), gen(c.PerEpoch), since(c.EpochS), clock(c.End), gen(c.Deposit), gen(c.GradingFee))
}

// commitProgram has from commit the program named name (its digest is Digest(name)):
//
//	program from=alice name=a1 [challenge=1] [profile=full]
func (h *Harness) commitProgram(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "from", "name", "challenge", "profile")
	a.need("from")
	a.need("name")
	id := ledger.ChallengeID(a.int("challenge", 1))
	from := a.str("from", "")
	value := ledger.Ether(5)
	if c, ok := h.s.Challenge(id); ok {
		value, _ = c.Deposit.Add(c.GradingFee)
	}
	out := h.send(t, from, value, challenge.Commit{Challenge: id, Program: Digest(a.str("name", "")), Size: 1 << 20, Profile: a.str("profile", challenge.ProfileFull)})
	if !out.OK() {
		return out.Err
	}
	e, _ := h.s.ChallengeEntry(ledger.ChallengeEntryID(out.Created))
	return fmt.Sprintf("entry %d by %s (%s, %s): run %d %s, %s held", e.ID, from, a.str("name", ""), e.Profile, e.Run, h.c.Run(e.Run).State, gen(value))
}

// gradeRun has the committee of a run grade its current attempt, one result per seat
// (the leader first) or one for every seat: composite/se in units (0.700/0.010, of 114
// cases, or 0.700/0.010/99 of 99), "-" for silence, or a classed failure. A run still
// anchoring gets its anchor from an empty block first. On a bench that pins a model,
// every scored seat reports the same dataset. Every scored seat names the program's
// digest as its canonical digest (a program without custom sections).
//
//	grade-run id=1 results=(0.700/0.010)
func (h *Harness) gradeRun(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "id", "results")
	id := ledger.RunID(a.id("id"))
	var sb strings.Builder
	if r, ok := h.s.Run(id); ok && r.State == challenge.RunAnchoring {
		h.c.In(t).Tick()
		fmt.Fprintf(&sb, "run %d anchored at %s: seed %s…\n", id, clock(h.s.Now()), h.c.Run(id).Seed[:16])
	}
	r, ok := h.s.Run(id)
	if !ok || r.State != challenge.RunRunning {
		d.Fatalf(t, "run %d is not running", id)
	}
	bench := h.c.Bench(r.Bench)
	rd := h.c.GradingRound(r.Round)
	vals := perSeat(a, "results", len(rd.Committee))
	before := h.owedNowAll()
	at := rd.Attempts[len(rd.Attempts)-1]
	h.c.In(t).AttestSized(r.Round, func(seat, attempt int) ledger.Body {
		v := strings.TrimSpace(vals[seat])
		if v == "-" {
			return nil
		}
		res := runResult(t, d, v)
		if bench.Model != "" && res.Scored() {
			res.Dataset = Digest(fmt.Sprintf("dataset of run %d", id))
		}
		return challenge.Attest{Round: r.Round, Attempt: attempt, Result: Canonical(res, r.Program)}
	})
	after := h.c.GradingRound(r.Round)
	fmt.Fprintf(&sb, "run %d (entry %d, %s on v%d) round %d attempt %d led by %s: %s",
		id, r.Entry, r.Purpose, r.Version, r.Round, at.Attempt, h.name(at.Leader), after.Attempts[at.Attempt-1].State)
	return sb.String() + "\n" + h.runEnd(id) + h.moved(before)
}

// runResult reads one seat's result.
func runResult(t *testing.T, d *datadriven.TestData, v string) challenge.RunResult {
	if strings.HasPrefix(v, "[") {
		return RunFailed(v)
	}
	parts := strings.Split(v, "/")
	if len(parts) < 2 || len(parts) > 3 {
		d.Fatalf(t, "result %q: want composite/se[/n], - or a classed failure", v)
	}
	n := 114
	if len(parts) == 3 {
		var err error
		if n, err = strconv.Atoi(parts[2]); err != nil {
			d.Fatalf(t, "result %q: %v", v, err)
		}
	}
	return Scored(n, micros(t, d, parts[0]), micros(t, d, parts[1]))
}

// micros reads a score in units with up to six decimals as micros.
func micros(t *testing.T, d *datadriven.TestData, s string) int64 {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 || f > 1 {
		d.Fatalf(t, "score %q: want a number from 0 to 1", s)
	}
	return int64(f*1_000_000 + 0.5)
}

// score formats micros in units with three decimals.
func score(m int64) string { return fmt.Sprintf("%d.%03d", m/1_000_000, m%1_000_000/1000) }

// runEnd describes run id's state and, once it ended, what it kept.
func (h *Harness) runEnd(id ledger.RunID) string {
	r := h.c.Run(id)
	s := fmt.Sprintf("run %d: %s", id, r.State)
	if r.Kept != nil {
		if r.Kept.Scored() {
			s += fmt.Sprintf(", kept %s ±%s of %d cases", score(r.Kept.Composite.Composite), score(r.Kept.Composite.SE), r.Kept.Composite.N)
		} else {
			s += ", kept " + r.Kept.Error
		}
		if r.KeptFrom != nil {
			s += " from " + h.name(*r.KeptFrom)
		}
	}
	return s
}

// owedNowAll returns what the arena owes every named actor.
func (h *Harness) owedNowAll() map[string]ledger.Amount {
	out := map[string]ledger.Amount{}
	for _, n := range h.c.Names() {
		out[n] = h.s.Claimable(h.c.Addr(n))
	}
	return out
}

// moved lists what each named actor gained in claimable since before, or nothing.
func (h *Harness) moved(before map[string]ledger.Amount) string {
	var parts []string
	for _, n := range h.c.Names() {
		if got, _ := h.s.Claimable(h.c.Addr(n)).Sub(before[n]); !got.IsZero() {
			parts = append(parts, n+"+"+gen(got))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "\nclaimable: " + strings.Join(parts, " ")
}

// foldChallenge has from fold a challenge's epoch:
//
//	fold [challenge=1] [from=stranger]
func (h *Harness) foldChallenge(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "challenge", "from")
	id := ledger.ChallengeID(a.int("challenge", 1))
	before := h.owedNowAll()
	out := h.send(t, a.str("from", "stranger"), ledger.Amount{}, challenge.Fold{Challenge: id})
	if !out.OK() {
		return out.Err
	}
	c := h.c.Challenge(id)
	f := c.Folds[len(c.Folds)-1]
	var sb strings.Builder
	fmt.Fprintf(&sb, "fold of epoch %d on v%d", f.Epoch, f.Version)
	if f.Flipped {
		sb.WriteString(" (flipped to it)")
	}
	if f.Champion == 0 {
		sb.WriteString(": no eligible entry, nothing paid")
	} else {
		fmt.Fprintf(&sb, ": champion entry %d, tail %s, paid %s", f.Champion, entryIDs(f.Tail), gen(f.Amount))
	}
	for _, p := range f.Contested {
		fmt.Fprintf(&sb, "\ncontested: entry %d against champion %d", p.Challenger, p.Champion)
	}
	if len(f.Rescore) > 0 {
		fmt.Fprintf(&sb, "\nrescore on the newer version: %s", entryIDs(f.Rescore))
	}
	for _, id := range f.Opened {
		r := h.c.Run(id)
		fmt.Fprintf(&sb, "\nopened run %d: entry %d %s", id, r.Entry, r.Purpose)
		if r.Purpose == challenge.PurposeConfirm {
			fmt.Fprintf(&sb, " k=%d crn %d", r.K, r.CRN)
		}
		fmt.Fprintf(&sb, ", %s", r.State)
	}
	fmt.Fprintf(&sb, "\npool %s", gen(c.Pool))
	return sb.String() + h.moved(before)
}

// closeChallenge has from close a challenge at or after its end:
//
//	close [challenge=1] [from=stranger]
func (h *Harness) closeChallenge(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "challenge", "from")
	id := ledger.ChallengeID(a.int("challenge", 1))
	before := h.owedNowAll()
	out := h.send(t, a.str("from", "stranger"), ledger.Amount{}, challenge.Close{Challenge: id})
	if !out.OK() {
		return out.Err
	}
	c := h.c.Challenge(id)
	return fmt.Sprintf("challenge %d closed: %s back to %s, %s paid in all", id, gen(c.Returned), h.name(c.Sponsor), gen(c.Paid)) + h.moved(before)
}

// standings lists a challenge's entries as the fold reads them on the active version:
//
//	standings [challenge=1]
func (h *Harness) standings(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "challenge")
	c := h.c.Challenge(ledger.ChallengeID(a.int("challenge", 1)))
	var sb strings.Builder
	fmt.Fprintf(&sb, "challenge %d on v%d, epoch %d, pool %s", c.ID, c.Version, c.Epoch, gen(c.Pool))
	if c.Rollout != nil {
		fmt.Fprintf(&sb, ", v%d rolling out %d/%d", c.Rollout.Version, c.Rollout.Ranked, c.Rollout.Needed)
	}
	for _, e := range c.Entries {
		fmt.Fprintf(&sb, "\nentry %d %s %s: ", e.ID, h.name(e.Committer), e.Profile)
		if e.Ranked == 0 {
			fmt.Fprintf(&sb, "unranked (run %d %s)", e.Run, h.c.Run(e.Run).State)
		} else {
			fmt.Fprintf(&sb, "%s ±%s of %d", score(e.Composite), score(e.SE), e.N)
			if !e.Eligible {
				sb.WriteString(", not eligible")
			}
		}
		if len(e.Confirmations) > 0 {
			var cs []string
			for _, x := range e.Confirmations {
				cs = append(cs, score(x.Composite))
			}
			fmt.Fprintf(&sb, ", confirmed %s", strings.Join(cs, " "))
		}
		if e.DepositHeld {
			sb.WriteString(", deposit held")
		}
	}
	return sb.String()
}

// entryIDs formats entry ids as a list: "[2 3]".
func entryIDs(ids []ledger.ChallengeEntryID) string { return fmt.Sprint(ids) }
