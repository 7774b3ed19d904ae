package ledger_test

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/ledgertest"
)

// nextBlock lets a block pass with a transaction in it, so that the arena's log, which
// replays only transactions, holds every block a run was anchored or timed out in.
func (a *chArena) nextBlock() {
	a.t.Helper()
	a.Wait(1)
	a.Send("stranger", Amount{}, Withdraw{})
}

// midChallenge runs a challenge of a pinned-model bench up to a fold with confirmation
// runs open, a refused entry, a provisional one in its last attempt, a run waiting for
// its anchor and version 2 accepted beside version 1; every block is in the log.
func midChallenge(t *testing.T) *chArena {
	a := challengeArena(t, func(b *challenge.BenchRegister) { b.Model = "frozen-model-7b" })
	a.AcceptBench("alice", ledgertest.BenchBody("ditto", 2))
	enter := func(who, program string, res ...challenge.RunResult) RunID {
		_, r := a.CommitProgram(who, a.id, program, challenge.ProfileFull)
		a.nextBlock()
		a.AttestRun(r, res[0], res[1:]...)
		return r
	}
	enter("alice", "alice's agent", ledgertest.Scored(114, 700000, 10000))
	enter("bob", "bob's agent", ledgertest.Scored(114, 710000, 10000))
	enter("carol", "carol's agent", ledgertest.RunFailed("[EXPECTED] The program imports env.foo, which the bench does not offer"))
	r := enter("dave", "dave's agent", ledgertest.Scored(114, 600000, 0), ledgertest.Scored(114, 500000, 0))
	if v := a.Run(r); v.State != challenge.RunRunning {
		t.Fatalf("dave's run is %s", v.State)
	}
	f := a.fold()
	if len(f.Opened) < 6 {
		t.Fatalf("the fold opened %v", f.Opened)
	}
	a.CommitProgram("erin", a.id, "erin's agent", challenge.ProfileFull)
	return a
}

// "Two nodes that apply the same transactions hold byte-identical state and the same
// state hash", with challenges in it; Decode(Encode(s)) has the same hash and views, and
// keeps applying the challenge's transactions (an anchor, confirmation results, a
// fold, a close) to the same state as s.
func TestChallengeStateEncodesDecodesAndReplaysIdentically(t *testing.T) {
	a := midChallenge(t)
	b, err := a.s.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte(`"challenge":{"benches":[{"name":"ditto"`)) {
		t.Fatalf("the encoding holds no challenge: %.300s", b[bytes.Index(b, []byte(`"challenge":`)):])
	}
	x, y := replay(t, a.arena), replay(t, a.arena)
	bx, _ := x.Encode()
	by, _ := y.Encode()
	if !bytes.Equal(bx, by) || !bytes.Equal(bx, b) || x.Hash() != a.s.Hash() {
		t.Fatal("replays of a challenge encode or hash differently")
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
	a.nextBlock()
	for _, id := range a.Challenge(a.id).Folds[0].Opened {
		a.AttestRun(id, ledgertest.Scored(114, 720000, 10000))
	}
	a.fold()
	a.Wait(a.Challenge(a.id).End - a.Now())
	a.Do("stranger", Amount{}, challenge.Close{Challenge: a.id})
	for _, l := range a.bare.Log()[n:] {
		if _, err := d.Apply(l.Tx, l.Block); err != nil {
			t.Fatal(err)
		}
	}
	if d.Hash() != a.s.Hash() {
		t.Fatal("the decoded state diverged after the close")
	}
}

// The hash commits to the challenge: a state whose challenge money does not add up, or
// whose references do not hold, does not decode.
func TestChallengeStateDecodeRefusesWhatDoesNotHold(t *testing.T) {
	a := midChallenge(t)
	b, _ := a.s.Encode()
	for name, bad := range map[string][]byte{
		"a run of no entry":          bytes.Replace(b, []byte(`{"id":1,"challenge":1,"entry":1,`), []byte(`{"id":1,"challenge":1,"entry":9,`), 1),
		"a pool that does not match": bytes.Replace(b, []byte(`"pool":"90000000000000000000"`), []byte(`"pool":"91000000000000000000"`), 1),
	} {
		if bytes.Equal(bad, b) {
			t.Fatalf("%s: the encoding did not change", name)
		}
		if _, err := Decode(bad); err == nil {
			t.Errorf("Decode accepted %s", name)
		}
	}
}
