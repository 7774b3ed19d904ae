package ledgertest

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/learn"
	"github.com/cockroachdb/datadriven"
)

// learnCommand runs a learning-challenge command, or reports false for a command that
// is not one.
func (h *Harness) learnCommand(t *testing.T, d *datadriven.TestData) (string, bool) {
	switch d.Cmd {
	case "learning":
		return h.publishLearn(t, d), true
	case "pair":
		return h.commitPair(t, d), true
	case "learn-run":
		return h.gradeLearnRun(t, d), true
	case "learn-reveal":
		return h.revealHeldout(t, d), true
	case "measure":
		return h.measureHeldout(t, d), true
	case "learn-fold":
		return h.foldLearn(t, d), true
	case "learn-close":
		return h.closeLearn(t, d), true
	case "learn-board":
		return h.learnBoard(t, d), true
	}
	return "", false
}

// publishLearn has from publish a learning challenge on a 1 MiB train split and a
// 64 KiB held-out split (LearnBody), escrowing pool:
//
//	learning pool=10 per-epoch=3 [deposit=1] [close=10m] [reveal=1h] [end=24h] [epoch=1h] [from=sponsor]
func (h *Harness) publishLearn(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "pool", "per-epoch", "deposit", "close", "reveal", "end", "epoch", "from")
	from := a.str("from", "sponsor")
	now := h.bare.Now()
	p := LearnBody(now, a.seconds("close", 600), a.amount("deposit", ledger.Ether(1)), a.amount("per-epoch", ledger.Ether(3)))
	p.RevealBy = p.CloseAt + a.seconds("reveal", 3600)
	p.End, p.EpochS = now+a.seconds("end", 24*3600), a.seconds("epoch", 3600)
	out := h.send(t, from, a.amount("pool", ledger.Ether(10)), p)
	if !out.OK() {
		return out.Err
	}
	c := h.c.LearnChallenge(ledger.LearnChallengeID(out.Created))
	return fmt.Sprintf("learning challenge %d by %s: pool %s, %s per epoch of %s until %s, deposit %s + grading fee %s\n"+
		"commits until %s, held-out reveal until %s; gzip -9 %s, xz -9 %s bits per byte",
		c.ID, from, gen(c.Pool), gen(c.PerEpoch), since(c.EpochS), clock(c.End), gen(c.Deposit), gen(c.GradingFee),
		clock(c.CloseAt), clock(c.RevealBy), bpbOf(c.GzipBPB), bpbOf(c.XzBPB))
}

// commitPair has from commit an architecture and a training program by name (their
// digests are Digest(arch), Digest(train)):
//
//	pair from=alice arch=order2 train=count [challenge=1]
func (h *Harness) commitPair(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "from", "arch", "train", "challenge")
	a.need("from")
	id := ledger.LearnChallengeID(a.int("challenge", 1))
	from := a.str("from", "")
	value := ledger.Ether(5)
	if c, ok := h.s.LearnChallenge(id); ok {
		value, _ = c.Deposit.Add(c.GradingFee)
	}
	arch, train := a.str("arch", "order2"), a.str("train", "count")
	out := h.send(t, from, value, learn.Commit{Challenge: id, Arch: Digest(arch), ArchSize: 1 << 16, Train: Digest(train), TrainSize: 1 << 16})
	if !out.OK() {
		return out.Err
	}
	r := h.c.LearnRun(ledger.LearnRunID(out.Created))
	return fmt.Sprintf("run %d by %s (%s + %s): %s, %s held", r.ID, from, arch, train, r.State, gen(value))
}

// gradeLearnRun has the committee of a learning run grade its current attempt, one
// result per seat (the leader first) or one for every seat: the train split's bits per
// byte and the first window's (2.5/6), "-" for silence, or a classed failure. A run
// still anchoring gets its anchor from an empty block first.
//
//	learn-run id=1 results=(2.5/6)
func (h *Harness) gradeLearnRun(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "id", "results")
	id := ledger.LearnRunID(a.id("id"))
	var sb strings.Builder
	if r, ok := h.s.LearnRun(id); ok && r.State == learn.RunAnchoring {
		h.c.In(t).Tick()
		fmt.Fprintf(&sb, "run %d anchored at %s: seed %s…\n", id, clock(h.s.Now()), h.c.LearnRun(id).Seed[:16])
	}
	r, ok := h.s.LearnRun(id)
	if !ok || r.State != learn.RunRunning {
		d.Fatalf(t, "learning run %d is not running", id)
	}
	rd := h.c.GradingRound(r.Round)
	vals := perSeat(a, "results", len(rd.Committee))
	before := h.owedNowAll()
	at := rd.Attempts[len(rd.Attempts)-1]
	h.c.In(t).AttestSized(r.Round, func(seat, attempt int) ledger.Body {
		v := strings.TrimSpace(vals[seat])
		if v == "-" {
			return nil
		}
		res := learnResult(t, d, v)
		return learn.Attest{Round: r.Round, Attempt: attempt, Result: &res}
	})
	after := h.c.GradingRound(r.Round)
	fmt.Fprintf(&sb, "run %d round %d attempt %d led by %s: %s\n", id, r.Round, at.Attempt, h.name(at.Leader), after.Attempts[at.Attempt-1].State)
	return sb.String() + h.learnRunEnd(id) + h.moved(before)
}

// learnResult reads one seat's run result: bpb/window-bpb, or a classed failure.
func learnResult(t *testing.T, d *datadriven.TestData, v string) learn.RunResult {
	if strings.HasPrefix(v, "[") {
		return learn.RunResult{Error: v}
	}
	parts := strings.Split(v, "/")
	if len(parts) != 2 {
		d.Fatalf(t, "result %q: want bpb/window-bpb, - or a classed failure", v)
	}
	return LearnScored(bitsOf(t, d, parts[0], LearnDatasetBytes), bitsOf(t, d, parts[1], learn.Window))
}

// bitsOf reads bits per byte as the bits of n bytes.
func bitsOf(t *testing.T, d *datadriven.TestData, s string, n int64) int64 {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 || f > 64 {
		d.Fatalf(t, "bits per byte %q: want 0 to 64", s)
	}
	return int64(f*float64(n) + 0.5)
}

// bpbOf formats micros of bits per byte with three decimals.
func bpbOf(m int64) string { return fmt.Sprintf("%d.%03d", m/1_000_000, m%1_000_000/1000) }

// learnRunEnd describes learning run id's state and score.
func (h *Harness) learnRunEnd(id ledger.LearnRunID) string {
	r := h.c.LearnRun(id)
	s := fmt.Sprintf("run %d: %s", id, r.State)
	switch {
	case r.State == learn.RunRefused && r.HeldoutKept != nil:
		s += ", held-out " + r.HeldoutKept.Error
	case r.Kept != nil && !r.Kept.Scored():
		s += ", kept " + r.Kept.Error
	case r.Kept != nil:
		s += fmt.Sprintf(", %d bits over %d bytes", r.Kept.Bits, r.Kept.Bytes)
	}
	if sc := r.Score; sc != nil {
		s += fmt.Sprintf("\nscore: bpb %s, base %s", bpbOf(sc.BPB), bpbOf(sc.Base))
		if sc.Heldout {
			s += fmt.Sprintf(", held-out gap %s delta %s, penalty %s, tie %s", signed(sc.Gap), signed(sc.Delta), bpbOf(sc.Penalty), signed(sc.Tie))
		} else {
			s += fmt.Sprintf(", no held-out terms (%s)", r.HeldoutTerms)
		}
		if sc.StepZero {
			s += ", step-0 anomaly: multiplier 0"
		}
		s += fmt.Sprintf(", final %s", bpbOf(sc.Final))
	}
	return s
}

// signed formats micros with a sign and six decimals.
func signed(m int64) string {
	sign := "+"
	if m < 0 {
		sign, m = "-", -m
	}
	return fmt.Sprintf("%s%d.%06d", sign, m/1_000_000, m%1_000_000)
}

// revealHeldout has from reveal a challenge's held-out split (Digest(digest)):
//
//	learn-reveal [challenge=1] [from=sponsor] [digest=heldout]
func (h *Harness) revealHeldout(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "challenge", "from", "digest")
	id := ledger.LearnChallengeID(a.int("challenge", 1))
	out := h.send(t, a.str("from", "sponsor"), ledger.Amount{}, learn.Reveal{Challenge: id, Heldout: Digest(a.str("digest", "heldout"))})
	if !out.OK() {
		return out.Err
	}
	c := h.c.LearnChallenge(id)
	var sb strings.Builder
	fmt.Fprintf(&sb, "held-out split of challenge %d revealed at %s", id, clock(c.RevealedAt))
	for _, r := range c.Runs {
		if r.State == learn.RunHeldout {
			fmt.Fprintf(&sb, "\nrun %d: held-out round %d", r.ID, r.HeldoutRound)
		}
	}
	return sb.String()
}

// measureHeldout has the committee of a run's held-out round agree on the trained
// model's and the twin's bits per byte on the held-out split, or on a classed failure:
//
//	measure id=1 trained=2.7 twin=5.5
//	measure id=1 error=([EXPECTED] …)
func (h *Harness) measureHeldout(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "id", "trained", "twin", "error")
	id := ledger.LearnRunID(a.id("id"))
	r := h.c.LearnRun(id)
	res := learn.HeldoutResult{Error: a.str("error", "")}
	if res.Error == "" {
		res = LearnHeldout(r.Kept.Bits, bitsOf(t, d, a.str("trained", "3"), LearnHeldoutBytes), bitsOf(t, d, a.str("twin", "8"), LearnHeldoutBytes))
	}
	before := h.owedNowAll()
	h.c.In(t).AttestHeldout(id, res)
	return h.learnRunEnd(id) + h.moved(before)
}

// foldLearn has from fold a learning challenge's epoch (challenge_fold, kind learning):
//
//	learn-fold [challenge=1] [from=stranger]
func (h *Harness) foldLearn(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "challenge", "from")
	id := ledger.LearnChallengeID(a.int("challenge", 1))
	before := h.owedNowAll()
	out := h.send(t, a.str("from", "stranger"), ledger.Amount{}, challenge.Fold{Challenge: challenge.ChallengeID(id), Contest: learn.FoldKind})
	if !out.OK() {
		return out.Err
	}
	c := h.c.LearnChallenge(id)
	f := c.Folds[len(c.Folds)-1]
	var sb strings.Builder
	fmt.Fprintf(&sb, "fold of epoch %d", f.Epoch)
	if len(f.Payments) == 0 {
		sb.WriteString(": nothing final with a positive score, nothing paid")
	} else {
		fmt.Fprintf(&sb, ": paid %s", gen(f.Amount))
	}
	for _, p := range f.Payments {
		fmt.Fprintf(&sb, "\n%s %s for run %d: %s", p.Role, h.name(p.Address), p.Run, gen(p.Amount))
	}
	fmt.Fprintf(&sb, "\npool %s", gen(c.Pool))
	return sb.String() + h.moved(before)
}

// closeLearn has from close a learning challenge at or after its end:
//
//	learn-close [challenge=1] [from=stranger]
func (h *Harness) closeLearn(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "challenge", "from")
	id := ledger.LearnChallengeID(a.int("challenge", 1))
	before := h.owedNowAll()
	out := h.send(t, a.str("from", "stranger"), ledger.Amount{}, learn.Close{Challenge: id})
	if !out.OK() {
		return out.Err
	}
	c := h.c.LearnChallenge(id)
	return fmt.Sprintf("learning challenge %d closed: %s back to %s, %s paid in all", id, gen(c.Returned), h.name(c.Sponsor), gen(c.Paid)) + h.moved(before)
}

// learnBoard lists a learning challenge's ranking and every run's state and score:
//
//	learn-board [challenge=1]
func (h *Harness) learnBoard(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "challenge")
	c := h.c.LearnChallenge(ledger.LearnChallengeID(a.int("challenge", 1)))
	var sb strings.Builder
	fmt.Fprintf(&sb, "challenge %d, epoch %d, reveal %s, pool %s", c.ID, c.Epoch, c.Reveal, gen(c.Pool))
	for _, row := range c.Ranking {
		fmt.Fprintf(&sb, "\n#%d run %d %s: final %s", row.Rank, row.Run, h.name(row.Committer), bpbOf(row.Final))
	}
	for _, r := range c.Runs {
		fmt.Fprintf(&sb, "\n%s", h.learnRunEnd(r.ID))
		if r.DepositHeld {
			sb.WriteString(", deposit held")
		}
	}
	return sb.String()
}
