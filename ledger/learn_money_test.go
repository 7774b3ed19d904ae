package ledger_test

import (
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/ledger/ledgertest"
)

// The figures the learning claims use: 1 MiB coded at about 2.5 bits a byte, an honest
// first window (6 bits a byte), and held-out splits coded a little worse than the train
// split by the trained model and much worse by its fresh-init twin.
const (
	goodBits   = 2_621_440 // 2.5 bits per byte over 1 MiB
	betterBits = 2_097_152 // 2.0
	windowBits = 6 * 1024
)

// learnArena opens an arena of n validators and publishes a learning challenge with a
// pool of 10, a deposit of 1 and 3 paid per hourly epoch, submissions closing in 10
// minutes, the reveal due an hour after that and the end a day after publication.
func learnArena(t *testing.T, n int) (*arena, LearnChallengeID) {
	t.Helper()
	a := newArena(t, n, nil)
	return a, a.PublishLearn(Ether(10), ledgertest.LearnBody(a.Now(), 600, Ether(1), Ether(3)))
}

// owed returns what name is owed now.
func (a *arena) owed(name string) Amount { return a.s.Claimable(a.Addr(name)) }

// gained returns what name gained in claimable since before.
func (a *arena) gained(name string, before Amount) Amount {
	d, _ := a.owed(name).Sub(before)
	return d
}

// scoreRun runs and measures run id with bits over the train split: the committee
// attests the run, and once the split is revealed the held-out round.
func (a *arena) scoreRun(id LearnRunID, bits int64) LearnRunView {
	return a.AttestLearnRun(id, ledgertest.LearnScored(bits, windowBits))
}

// measure has the held-out round of run id agree on a modest gap (0.2 bits a byte) and
// a twin 3 bits a byte worse.
func (a *arena) measure(id LearnRunID) LearnRunView {
	r := a.LearnRun(id)
	trained := r.Kept.Bits*int64(ledgertest.LearnHeldoutBytes)/int64(ledgertest.LearnDatasetBytes) + ledgertest.LearnHeldoutBytes/5
	return a.AttestHeldout(id, ledgertest.LearnHeldout(r.Kept.Bits, trained, trained+3*ledgertest.LearnHeldoutBytes))
}

// A whole learning challenge, to the atto: the pool escrowed at publication; each
// commit escrows the deposit and the grading fee; a scored run keeps its deposit until
// its score is final (after the held-out round), then gets it back once; the fold pays
// min(per_epoch, pool) by the 0.60/0.40 weights; close returns the rest of the pool to
// the sponsor and no deposit twice.
func TestALearningChallengePaysItsFamiliesAndReturnsDepositsAndPool(t *testing.T) {
	a, cid := learnArena(t, 3)
	fee := a.Terms().GradingFee
	alice := a.CommitPair("alice", cid, "order2", "count")
	bob := a.CommitPair("bob", cid, "order2", "count-decay")
	if b := a.s.Arena().Balances; !b.LearnPool.Eq(Ether(10)) || !b.LearnDeposits.Eq(Ether(2)) || !b.LearnGradingFees.Eq(mustAdd(fee, fee)) {
		t.Fatalf("after two commits: pool %s, deposits %s, fees %s", b.LearnPool, b.LearnDeposits, b.LearnGradingFees)
	}
	a.scoreRun(alice, goodBits)
	if r := a.scoreRun(bob, betterBits); r.State != learn.RunWaiting || !r.DepositHeld {
		t.Fatalf("a scored run before the reveal is %s, deposit held %v", r.State, r.DepositHeld)
	}
	if b := a.s.Arena().Balances; !b.LearnGradingFees.IsZero() || !b.LearnDeposits.Eq(Ether(2)) {
		t.Fatalf("after scoring: fees %s (paid to the graders), deposits %s (held)", b.LearnGradingFees, b.LearnDeposits)
	}
	a.Wait(600)
	a.RevealHeldout(cid)
	before := a.owed("alice")
	if r := a.measure(alice); r.State != learn.RunFinal || r.DepositHeld || r.HeldoutTerms != learn.HeldoutMeasured || r.Score == nil {
		t.Fatalf("measured: %s, deposit held %v, terms %q", r.State, r.DepositHeld, r.HeldoutTerms)
	}
	if got := a.gained("alice", before); !got.Eq(Ether(1)) {
		t.Fatalf("alice's deposit came back as %s", got)
	}
	a.measure(bob)
	a.Wait(3600)
	ba, bb := a.owed("alice"), a.owed("bob")
	a.Do("dave", Amount{}, challenge.Fold{Challenge: challenge.ChallengeID(cid), Contest: learn.FoldKind})
	// alice created the family; bob's variant on it is the best: 0.60 and 0.40 of 3.
	if ga, gb := a.gained("alice", ba), a.gained("bob", bb); !ga.Eq(book.MustAmount("1800000000000000000")) || !gb.Eq(book.MustAmount("1200000000000000000")) {
		t.Fatalf("the fold paid alice %s and bob %s", ga, gb)
	}
	if o := a.Send("dave", Amount{}, challenge.Fold{Challenge: challenge.ChallengeID(cid), Contest: learn.FoldKind}); o.Err != "[EXPECTED] This epoch has already been folded" {
		t.Fatalf("a second fold in the epoch: %q", o.Err)
	}
	a.Wait(86400)
	bs, ba := a.owed("sponsor"), a.owed("alice")
	a.Do("dave", Amount{}, learn.Close{Challenge: cid})
	c := a.LearnChallenge(cid)
	if !a.gained("sponsor", bs).Eq(Ether(7)) || !c.Returned.Eq(Ether(7)) || !c.Paid.Eq(Ether(3)) || !c.Pool.IsZero() || c.State != learn.ChallengeClosed {
		t.Fatalf("closed: sponsor got %s; returned %s, paid %s, pool %s, %s", a.gained("sponsor", bs), c.Returned, c.Paid, c.Pool, c.State)
	}
	if !a.owed("alice").Eq(ba) {
		t.Fatal("close paid alice again")
	}
	if b := a.s.Arena().Balances; !b.LearnPool.IsZero() || !b.LearnDeposits.IsZero() || !b.LearnGradingFees.IsZero() {
		t.Fatalf("after close: pool %s, deposits %s, fees %s", b.LearnPool, b.LearnDeposits, b.LearnGradingFees)
	}
}

// The weights to the atto: of 7 atto, the variant's owner gets floor(7·0.4) = 2 and
// the family's owner the rest, 5; the same owner of both gets all 7.
func TestLearningWeightsSplitToTheAtto(t *testing.T) {
	for _, tc := range []struct {
		name       string
		bob        string // who commits the better variant
		alice, got string
	}{{"two owners", "bob", "5", "2"}, {"one owner", "alice", "7", "0"}} {
		t.Run(tc.name, func(t *testing.T) {
			a := newArena(t, 3, nil)
			cid := a.PublishLearn(Ether(1), ledgertest.LearnBody(a.Now(), 600, Ether(1), book.MustAmount("7")))
			x := a.CommitPair("alice", cid, "order2", "count")
			y := a.CommitPair(tc.bob, cid, "order2", "count-decay")
			a.scoreRun(x, goodBits)
			a.scoreRun(y, betterBits)
			a.Wait(600)
			a.RevealHeldout(cid)
			a.measure(x)
			a.measure(y)
			a.Wait(3000)
			ba, bb := a.owed("alice"), a.owed("bob")
			a.Do("dave", Amount{}, challenge.Fold{Challenge: challenge.ChallengeID(cid), Contest: learn.FoldKind})
			ga, gb := a.gained("alice", ba), a.gained("bob", bb)
			if !ga.Eq(book.MustAmount(tc.alice)) || !gb.Eq(book.MustAmount(tc.got)) {
				t.Fatalf("alice got %s, bob %s; want %s and %s", ga, gb, tc.alice, tc.got)
			}
			if f := a.LearnChallenge(cid).Folds[0]; !f.Amount.Eq(book.MustAmount("7")) {
				t.Fatalf("the fold paid %s", f.Amount)
			}
		})
	}
}
