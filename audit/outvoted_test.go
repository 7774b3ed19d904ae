package audit_test

import (
	"testing"

	"github.com/arena/arena/audit"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/learn"
)

// liar is a committee member that attests a result the published data does not give.
var liar = ledger.Address{0x0b, 0xad}

const outvotedLine = "attempt 1: " + "0x0BaD000000000000000000000000000000000000" +
	" attested a result the published data does not give; it did not agree with the leader, and the result kept is the agreeing members'"

// A challenge run: an honest one re-derives with nothing caught; a member that
// attested a composite its transcript does not give and was outvoted (it did not agree)
// is a cheat the ledger caught, since the result it kept is the agreeing members'; the
// same attestation counted as agreeing is a mismatch of the run's score. A run that
// ended unscored settled no score, and re-derives.
func TestAnOutvotedMemberOfAChallengeRunIsCaught(t *testing.T) {
	f := runFixture(t)
	if rep := f.audit(t, f.snap(t), nil, f.sources()); !rep.OK() || len(rep.Caught) != 0 || lastLine(rep) != audit.Derived {
		t.Fatalf("an honest run: want every number re-derived and nothing caught:\n%s", rep)
	}
	lying := func(agrees bool) *ledger.Snapshot {
		snap := f.snap(t)
		r := &snap.Challenges[0].Runs[0]
		x := r.Attestations[0]
		x.Validator, x.Agrees = liar, agrees
		x.Result.Composite.Composite += 1000
		r.Attestations = append(r.Attestations, x)
		return snap
	}
	rep := f.audit(t, lying(false), nil, f.sources())
	if !rep.OK() || lastLine(rep) != audit.Derived || len(rep.Caught) != 1 || rep.Caught[0] != outvotedLine {
		t.Errorf("an outvoted liar: want %q caught and every number re-derived:\n%s", outvotedLine, rep)
	}
	rep = f.audit(t, lying(true), nil, f.sources())
	if want := "MISMATCH: the run's score does not follow from the published data"; rep.OK() || lastLine(rep) != want || len(rep.Caught) != 0 {
		t.Errorf("a liar counted as agreeing: want %q and nothing caught:\n%s", want, rep)
	}
	snap := f.snap(t)
	r := &snap.Challenges[0].Runs[0]
	r.State, r.Kept, r.KeptFrom = challenge.RunUnscored, nil, nil
	for i := range r.Attestations {
		r.Attestations[i].Result = challenge.RunResult{Error: "[TRANSIENT] the round's deadline passed"}
		r.Attestations[i].Agrees = false
	}
	if rep := f.audit(t, snap, nil, f.sources()); !rep.OK() || lastLine(rep) != audit.Derived {
		t.Errorf("an unscored run: want every number re-derived:\n%s", rep)
	}
}

// A learning run, likewise: honest, an outvoted member caught, the same attestation
// counted a mismatch of the run's score, and a run that ended unscored re-derived.
func TestAnOutvotedMemberOfALearningRunIsCaught(t *testing.T) {
	f := learnFixture(t)
	if rep := f.audit(t, f.snap(nil)); !rep.OK() || len(rep.Caught) != 0 || lastLine(rep) != audit.Derived {
		t.Fatalf("an honest run: want every number re-derived and nothing caught:\n%s", rep)
	}
	lying := func(agrees bool) func(*ledger.LearnRunView) {
		return func(r *ledger.LearnRunView) {
			x := r.Attestations[0]
			if x.Kind != learn.RunKind {
				t.Fatalf("the first attestation is a %s", x.Kind)
			}
			res := *x.Result
			res.Bits++
			x.Validator, x.Agrees, x.Result = liar, agrees, &res
			r.Attestations = append(r.Attestations, x)
		}
	}
	rep := f.audit(t, f.snap(lying(false)))
	if !rep.OK() || lastLine(rep) != audit.Derived || len(rep.Caught) != 1 || rep.Caught[0] != outvotedLine {
		t.Errorf("an outvoted liar: want %q caught and every number re-derived:\n%s", outvotedLine, rep)
	}
	rep = f.audit(t, f.snap(lying(true)))
	if want := "MISMATCH: the learning run's score does not follow from the published data"; rep.OK() || lastLine(rep) != want || len(rep.Caught) != 0 {
		t.Errorf("a liar counted as agreeing: want %q and nothing caught:\n%s", want, rep)
	}
	rep = f.audit(t, f.snap(func(r *ledger.LearnRunView) {
		r.State, r.Kept, r.HeldoutKept, r.Score, r.Attestations = learn.RunUnscored, nil, nil, nil, nil
	}))
	if !rep.OK() || lastLine(rep) != audit.Derived {
		t.Errorf("an unscored run: want every number re-derived:\n%s", rep)
	}
}
