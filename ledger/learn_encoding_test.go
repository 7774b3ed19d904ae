package ledger_test

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/ledger/ledgertest"
)

// midLearning runs a learning challenge to a state with a run of every kind: final
// with held-out terms, measuring its held-out split, refused, unscored after its
// attempts timed out, and running; a fold has paid.
func midLearning(t *testing.T) (*arena, LearnChallengeID, []LearnRunID) {
	a := newArena(t, 3, nil)
	cid := a.PublishLearn(Ether(10), ledgertest.LearnBody(a.Now(), 3000, Ether(1), Ether(3)))
	final := a.CommitPair("alice", cid, "order2", "count")
	measuring := a.CommitPair("bob", cid, "order2", "count-decay")
	refused := a.CommitPair("carol", cid, "huge", "count")
	unscored := a.CommitPair("dave", cid, "slow", "count")
	a.scoreRun(final, goodBits)
	a.scoreRun(measuring, betterBits)
	a.AttestLearnRun(refused, learn.RunResult{Error: "[EXPECTED] The training program ran out of gas at byte 9"})
	for range 3 {
		a.Wait(601)
		a.Tick()
	}
	anchoring := a.CommitPair("erin", cid, "order3", "count") // anchored by the reveal's block
	a.Wait(3000)
	a.RevealHeldout(cid)
	a.measure(final)
	a.Wait(3600)
	a.Do("stranger", Amount{}, challenge.Fold{Challenge: challenge.ChallengeID(cid), Contest: learn.FoldKind})
	want := map[LearnRunID]string{final: learn.RunFinal, measuring: learn.RunHeldout, refused: learn.RunRefused, unscored: learn.RunUnscored, anchoring: learn.RunRunning}
	for id, st := range want {
		if r := a.LearnRun(id); r.State != st {
			t.Fatalf("run %d is %s, want %s", id, r.State, st)
		}
	}
	return a, cid, []LearnRunID{final, measuring, refused, unscored, anchoring}
}

// "Two nodes that apply the same transactions hold byte-identical state and the same
// state hash", with learning challenges in it: Decode(Encode(s)) has the same hash and
// views, keeps applying the kind's transactions to the same state as s, and refuses an
// encoding whose run's state does not follow from its rounds.
func TestLearningStateEncodesDecodesAndReplaysIdentically(t *testing.T) {
	a, cid, runs := midLearning(t)
	b, err := a.s.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte(`"learn":{"challenges":[{"title":"order-2 text"`)) {
		t.Fatalf("the encoding holds no learning challenge: %.300s", b[bytes.Index(b, []byte(`"learn":`)):])
	}
	d, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	if d.Hash() != a.s.Hash() {
		t.Fatal("the decoded state hashes differently")
	}
	if diff := cmp.Diff(a.s.Snapshot(), d.Snapshot(), cmp.Comparer(Amount.Eq)); diff != "" {
		t.Fatalf("views differ (-original +decoded):\n%s", diff)
	}
	n := len(a.bare.Log())
	a.measure(runs[1])
	a.AttestLearnRun(runs[4], ledgertest.LearnScored(goodBits, windowBits))
	a.Wait(86400)
	a.Do("stranger", Amount{}, learn.Close{Challenge: cid})
	for _, l := range a.bare.Log()[n:] {
		if _, err := d.Apply(l.Tx, l.Block); err != nil {
			t.Fatal(err)
		}
	}
	if d.Hash() != a.s.Hash() {
		t.Fatal("the decoded state diverged after more transactions")
	}
	if _, err := Decode(bytes.Replace(b, []byte(`"state":"unscored"`), []byte(`"state":"final"`), 1)); err == nil {
		t.Fatal("Decode accepted a final run with no score")
	}
	if _, err := Decode(bytes.Replace(b, []byte(`"reveal":"revealed"`), []byte(`"reveal":"pending"`), 1)); err == nil {
		t.Fatal("Decode accepted a run measuring a split that was never revealed")
	}
}
