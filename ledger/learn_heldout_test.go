package ledger_test

import (
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/ledger/ledgertest"
)

// "The sponsor commits the digest of a held-out split at publication and reveals it
// after submissions close": a commit after close_at is refused; a reveal before
// close_at, by anyone but the sponsor, with another digest, twice, or after reveal_by is
// refused; the reveal opens a held-out round for every scored run, and a run scored
// after it gets its round when it settles.
func TestTheHeldOutSplitIsRevealedOnlyBySponsorBetweenCloseAndRevealBy(t *testing.T) {
	a, cid := learnArena(t, 3)
	early := a.CommitPair("alice", cid, "order2", "count")
	late := a.CommitPair("bob", cid, "order1", "count")
	reveal := learn.Reveal{Challenge: cid, Heldout: ledgertest.Digest("heldout")}
	if o := a.Send("sponsor", Amount{}, reveal); o.Err != "[EXPECTED] The held-out split is revealed only after close_at" {
		t.Fatalf("a reveal before close_at: %q", o.Err)
	}
	a.scoreRun(early, goodBits)
	a.Wait(600)
	value, _ := Ether(1).Add(a.Terms().GradingFee)
	body := learn.Commit{Challenge: cid, Arch: ledgertest.Digest("late"), ArchSize: 10, Train: ledgertest.Digest("train"), TrainSize: 10}
	if o := a.Send("carol", value, body); o.Err != "[EXPECTED] Submissions to this learning challenge closed at close_at" {
		t.Fatalf("a commit after close_at: %q", o.Err)
	}
	if o := a.Send("alice", Amount{}, reveal); o.Err != "[EXPECTED] Only the sponsor reveals the held-out split" {
		t.Fatalf("a reveal by someone else: %q", o.Err)
	}
	if o := a.Send("sponsor", Amount{}, learn.Reveal{Challenge: cid, Heldout: ledgertest.Digest("another split")}); o.Err != "[EXPECTED] The revealed digest does not match the held-out commitment" {
		t.Fatalf("a reveal that does not match: %q", o.Err)
	}
	if r := a.LearnRun(early); r.State != learn.RunWaiting || r.Revealed {
		t.Fatalf("before the reveal the scored run is %s (revealed %v)", r.State, r.Revealed)
	}
	a.RevealHeldout(cid)
	if o := a.Send("sponsor", Amount{}, reveal); o.Err != "[EXPECTED] The held-out split has already been revealed" {
		t.Fatalf("a second reveal: %q", o.Err)
	}
	if r := a.LearnRun(early); r.State != learn.RunHeldout || r.HeldoutRound == 0 || !r.Revealed {
		t.Fatalf("the reveal left the scored run %s, round %d", r.State, r.HeldoutRound)
	}
	if r := a.scoreRun(late, goodBits); r.State != learn.RunHeldout {
		t.Fatalf("a run scored after the reveal is %s", r.State)
	}
	// A measurement whose retrained bits differ from the run's is refused.
	r := a.LearnRun(early)
	g, _ := a.s.GradingRound(r.HeldoutRound)
	bad := ledgertest.LearnHeldout(goodBits+1, 1, 2)
	if o := a.Send(a.Name(g.Attempts[0].Leader), Amount{}, learn.Attest{Round: r.HeldoutRound, Attempt: 1, Heldout: &bad}); o.Err != "[EXPECTED] The retrained train bits differ from the run's" {
		t.Fatalf("a retrain that differs: %q", o.Err)
	}
	if r := a.measure(early); r.State != learn.RunFinal || !r.Score.Heldout || r.Score.Penalty != 1_000_000 || r.Score.Tie <= 0 {
		t.Fatalf("measured: %s, score %+v", r.State, r.Score)
	}
}

// "If the sponsor has not revealed by reveal_by, entries are final without the
// held-out terms (penalty 1, tie 0)": the first block past reveal_by makes every
// waiting run final and returns its deposit, a run scored later is final at once, and
// a reveal is refused.
func TestWithoutARevealRunsAreFinalWithoutHeldOutTerms(t *testing.T) {
	a, cid := learnArena(t, 3)
	x := a.CommitPair("alice", cid, "order2", "count")
	y := a.CommitPair("bob", cid, "order1", "count")
	a.scoreRun(x, goodBits)
	a.Tick() // y anchors
	a.Wait(600 + 3600)
	before := a.owed("alice")
	a.Tick()
	r := a.LearnRun(x)
	if r.State != learn.RunFinal || r.HeldoutTerms != learn.HeldoutUnrevealed || r.DepositHeld || r.Score.Heldout || r.Score.Penalty != 1_000_000 || r.Score.Tie != 0 {
		t.Fatalf("past reveal_by: %s, terms %q, deposit held %v, score %+v", r.State, r.HeldoutTerms, r.DepositHeld, r.Score)
	}
	if r.Score.Final != r.Score.Base {
		t.Fatalf("final %d, want the base %d", r.Score.Final, r.Score.Base)
	}
	if !a.gained("alice", before).Eq(Ether(1)) {
		t.Fatalf("alice's deposit came back as %s", a.gained("alice", before))
	}
	if c := a.LearnChallenge(cid); c.Reveal != learn.RevealLapsed {
		t.Fatalf("the reveal is %s", c.Reveal)
	}
	if o := a.Send("sponsor", Amount{}, learn.Reveal{Challenge: cid, Heldout: ledgertest.Digest("heldout")}); o.Err != "[EXPECTED] reveal_by has passed; the runs are final without held-out terms" {
		t.Fatalf("a reveal after reveal_by: %q", o.Err)
	}
	if r := a.scoreRun(y, goodBits); r.State != learn.RunFinal || r.HeldoutTerms != learn.HeldoutUnrevealed {
		t.Fatalf("a run scored after the lapse is %s, %q", r.State, r.HeldoutTerms)
	}
}

// A held-out round that agrees the pair failed on the held-out bytes ([EXPECTED]: its
// own fault) refuses the run; one that agrees the outside world failed ([EXTERNAL])
// leaves it final without held-out terms. Either way the deposit comes back once.
func TestAHeldOutFailureRefusesOrLeavesTheRunUnmeasured(t *testing.T) {
	a, cid := learnArena(t, 3)
	x := a.CommitPair("alice", cid, "order2", "count")
	y := a.CommitPair("bob", cid, "order1", "count")
	a.scoreRun(x, goodBits)
	a.scoreRun(y, goodBits)
	a.Wait(600)
	a.RevealHeldout(cid)
	if r := a.AttestHeldout(x, learn.HeldoutResult{Error: "[EXPECTED] The architecture predicted frequencies summing past 2^24 at byte 5"}); r.State != learn.RunRefused || r.DepositHeld || r.Score != nil {
		t.Fatalf("an expected held-out failure: %s, deposit held %v", r.State, r.DepositHeld)
	}
	if r := a.AttestHeldout(y, learn.HeldoutResult{Error: "[EXTERNAL] The held-out blob is not on any node"}); r.State != learn.RunFinal || r.HeldoutTerms != learn.HeldoutUnmeasured || r.DepositHeld {
		t.Fatalf("an external held-out failure: %s, %q", r.State, r.HeldoutTerms)
	}
	if b := a.s.Arena().Balances; !b.LearnDeposits.IsZero() {
		t.Fatalf("deposits still held: %s", b.LearnDeposits)
	}
}
