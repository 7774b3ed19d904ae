package ledgertest

import (
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/learn"
)

// LearnDatasetBytes and LearnHeldoutBytes are the sizes LearnBody names: a train split
// of 1 MiB and a held-out split of 64 KiB.
const (
	LearnDatasetBytes = 1 << 20
	LearnHeldoutBytes = 64 << 10
)

// LearnBody returns a learn_publish body with the brief's figures: a 1 MiB train split
// and a 64 KiB held-out split named by Digest("train")/Digest("heldout"), submissions
// closing closeIn seconds after now, the reveal due an hour after that and the end a day
// after publication, hourly epochs, a quorum of three and the pinned platform.
func LearnBody(now, closeIn int64, deposit, perEpoch ledger.Amount) learn.Publish {
	return learn.Publish{
		Title: "order-2 text", Dataset: Digest("train"), DatasetBytes: LearnDatasetBytes, Heldout: Digest("heldout"),
		HeldoutBytes: LearnHeldoutBytes, CloseAt: now + closeIn, RevealBy: now + closeIn + 3600, End: now + 86400,
		Deposit: deposit, PerEpoch: perEpoch, EpochS: 3600, ParamCap: 1 << 20, DataCap: 64 << 10, ByteGas: 4096,
		Quorum: 3, Platform: learn.Platform, GzipBPB: 2_900_000, XzBPB: 2_300_000,
	}
}

// LearnScored returns a run result over the train split of LearnDatasetBytes coding
// bits in all, whose first window codes windowBits and whose curve spreads the rest
// evenly.
func LearnScored(bits, windowBits int64) learn.RunResult {
	return LearnScoredOver(LearnDatasetBytes, bits, windowBits)
}

// LearnScoredOver is LearnScored over a train split of n bytes.
func LearnScoredOver(n, bits, windowBits int64) learn.RunResult {
	points, _ := learn.CurvePoints(n)
	curve := make([]int64, points)
	for i := range curve {
		curve[i] = bits / int64(points)
	}
	curve[0] = max(curve[0], windowBits)
	return learn.RunResult{Bits: bits, Bytes: n, WindowBits: windowBits, Curve: curve, Gas: bits * 3}
}

// LearnHeldout returns a held-out measurement of a run that coded trainBits: trained
// and twin bits over the held-out split of LearnHeldoutBytes.
func LearnHeldout(trainBits, trained, twin int64) learn.HeldoutResult {
	return learn.HeldoutResult{TrainBits: trainBits, TrainedBits: trained, TwinBits: twin, HeldoutBytes: LearnHeldoutBytes}
}

// LearnChallenge returns learning challenge id, failing the test if there is none.
func (c *Contest) LearnChallenge(id ledger.LearnChallengeID) ledger.LearnChallengeView {
	c.t.Helper()
	var v ledger.LearnChallengeView
	var ok bool
	c.View(func(s *ledger.State) { v, ok = s.LearnChallenge(id) })
	if !ok {
		c.t.Fatalf("no learning challenge %d", id)
	}
	return v
}

// LearnRun returns learning run id, failing the test if there is none.
func (c *Contest) LearnRun(id ledger.LearnRunID) ledger.LearnRunView {
	c.t.Helper()
	var v ledger.LearnRunView
	var ok bool
	c.View(func(s *ledger.State) { v, ok = s.LearnRun(id) })
	if !ok {
		c.t.Fatalf("no learning run %d", id)
	}
	return v
}

// PublishLearn has "sponsor" publish p with pool, and returns the challenge's id.
func (c *Contest) PublishLearn(pool ledger.Amount, p learn.Publish) ledger.LearnChallengeID {
	c.t.Helper()
	return ledger.LearnChallengeID(c.Do("sponsor", pool, p).Created)
}

// CommitPair has from commit the architecture and training program named arch and
// train (their digests are Digest(arch), Digest(train)) to challenge id, paying the
// deposit and the grading fee; it returns the run.
func (c *Contest) CommitPair(from string, id ledger.LearnChallengeID, arch, train string) ledger.LearnRunID {
	c.t.Helper()
	v := c.LearnChallenge(id)
	value, _ := v.Deposit.Add(v.GradingFee)
	return ledger.LearnRunID(c.Do(from, value, learn.Commit{Challenge: id, Arch: Digest(arch), ArchSize: 1 << 16, Train: Digest(train), TrainSize: 1 << 16}).Created)
}

// AttestLearnRun has the committee of run id's learn_run round attest its current
// attempt: the leader with leader, the others with others in turn (or leader's if none).
// A run still anchoring gets its anchor from an empty block first.
func (c *Contest) AttestLearnRun(id ledger.LearnRunID, leader learn.RunResult, others ...learn.RunResult) ledger.LearnRunView {
	c.t.Helper()
	if c.LearnRun(id).State == learn.RunAnchoring {
		c.Tick()
	}
	r := c.LearnRun(id)
	if r.State != learn.RunRunning {
		c.t.Fatalf("learning run %d is %s", id, r.State)
	}
	c.AttestSized(r.Round, func(seat, attempt int) ledger.Body {
		res := leader
		if seat > 0 && len(others) > 0 {
			res = others[(seat-1)%len(others)]
		}
		return learn.Attest{Round: r.Round, Attempt: attempt, Result: &res}
	})
	return c.LearnRun(id)
}

// AttestHeldout has the committee of run id's learn_heldout round attest h (every seat
// alike).
func (c *Contest) AttestHeldout(id ledger.LearnRunID, h learn.HeldoutResult) ledger.LearnRunView {
	c.t.Helper()
	r := c.LearnRun(id)
	if r.State != learn.RunHeldout {
		c.t.Fatalf("learning run %d is %s, not measuring its held-out split", id, r.State)
	}
	c.AttestSized(r.HeldoutRound, func(_, attempt int) ledger.Body {
		return learn.Attest{Round: r.HeldoutRound, Attempt: attempt, Heldout: &h}
	})
	return c.LearnRun(id)
}

// RevealHeldout has "sponsor" reveal challenge id's held-out split, Digest("heldout").
func (c *Contest) RevealHeldout(id ledger.LearnChallengeID) ledger.Outcome {
	c.t.Helper()
	return c.Do("sponsor", ledger.Amount{}, learn.Reveal{Challenge: id, Heldout: Digest("heldout")})
}
