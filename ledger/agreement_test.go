package ledger_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// contest returns an arena with a task, an earlier entry by alice and bob's entry under
// grading, and the round opened on bob's entry.
func contest(t *testing.T) (*arena, EntryID, EntryID, RoundView) {
	a := newArena(t, 5, nil)
	task := a.Post(Ether(100))
	first := a.Enter(task, "alice", "the original")
	e := a.Enter(task, "bob", "the entry")
	return a, first, e, a.OpenRound(e)
}

// "A leader that hides a disqualification, invents one, invents a duplicate_of, flips
// passed, or reports a score its own claimed rung does not produce is rejected by every
// honest validator", and "a validator whose own run placed the work one rung away from
// the leader's ... disagrees, the round is discarded". No doctored leader settles.
func TestAgreementNoDoctoredLeaderSettles(t *testing.T) {
	honest := ledgertest.Reading(4, 1, false) // strong, one preferred check missed: 65
	tests := []struct {
		name   string
		leader func(first EntryID) Result
	}{
		{"hides the pass", func(EntryID) Result { return ledgertest.Reading(0, 1, false) }},
		{"invents a disqualification", func(EntryID) Result { return ledgertest.Reading(0, 1, true) }},
		{"invents a duplicate_of", func(first EntryID) Result {
			r := ledgertest.Reading(0, 1, true)
			r.DuplicateOf = first
			return r
		}},
		{"one rung down", func(EntryID) Result { return ledgertest.Reading(3, 1, false) }},
		{"one rung up", func(EntryID) Result { return ledgertest.Reading(5, 1, false) }},
		{"hides a violation", func(EntryID) Result { return ledgertest.Reading(4, 0, false) }},
		{"invents a violation", func(EntryID) Result { return ledgertest.Reading(4, 2, false) }},
		{"claims an external failure", func(EntryID) Result { return ledgertest.Failure(External, "Work URL returned 404") }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, first, e, r := contest(t)
			a.AttestAll(r.ID, tt.leader(first), honest)
			round, _ := a.s.Round(r.ID)
			if round.Grade != nil || round.Attempts[0].State != AttemptDiscarded {
				t.Fatalf("doctored leader: attempt %s, grade %+v", round.Attempts[0].State, round.Grade)
			}
			if n := len(round.Attempts[0].Attestations); n != 4 {
				t.Fatalf("discarded after %d results, want leader + 3 dissents", n)
			}
			if round.Attempts[1].State != AttemptOpen || round.Attempts[1].Leader == round.Attempts[0].Leader {
				t.Fatalf("next attempt %+v", round.Attempts[1])
			}
			if ev, _ := a.s.Entry(e); ev.State != EntryGrading || ev.Current != nil {
				t.Fatalf("entry %+v", ev)
			}
			a.AttestAll(r.ID, honest)
			ev, _ := a.s.Entry(e)
			if ev.Current == nil || ev.Current.Score != 65 || ev.Current.Attempt != 2 {
				t.Fatalf("the honest next leader did not settle: %+v", ev.Current)
			}
		})
	}
}

// "A leader reporting a score that does not follow from the rung it claims -- 81 where
// the arithmetic says 80 -- is refused ..., and so is one that reports the right score
// under the wrong rung", and so is a flipped passed: the ledger refuses them outright.
func TestAgreementInconsistentLeaderIsRefused(t *testing.T) {
	a, _, _, r := contest(t)
	leader := a.ByAddr(r.Attempts[0].Leader)
	for _, tt := range []struct {
		name string
		res  Result
		want *Error
	}{
		{"81 for rung 4", Result{Tier: 4, Passed: true, Score: 81}, errScoreArithmetic},
		{"80 under rung 5", Result{Tier: 5, Passed: true, Score: 80}, errScoreArithmetic},
		{"passed flipped", Result{Tier: 4, Passed: false, Score: 80}, errPassedGate},
	} {
		a.Refused(tt.want, leader, Amount{}, Attest{Round: r.ID, Attempt: 1, Result: tt.res})
	}
	if at := a.Attempt(r.ID); at.State != AttemptOpen || len(at.Attestations) != 0 {
		t.Fatalf("attempt %+v", at)
	}
}

// "It settles the round when the leader's result and enough others (the quorum) agree
// exactly ...; rationale, compiled checks and judged_score are kept from the leader and
// never compared", and "the ledger records who agreed".
func TestAgreementSettlesOnQuorumAndRecordsWhoAgreed(t *testing.T) {
	a, _, e, r := contest(t)
	leaderRes := ledgertest.Reading(4, 0, false)
	leaderRes.Rationale, leaderRes.JudgedScore = "usable as it stands", 88
	leaderRes.Checks = []Check{{Criterion: "include a link", Expr: "has_url", Source: "pattern", Passed: true}}
	reworded := ledgertest.Reading(4, 0, false)
	reworded.Rationale, reworded.JudgedScore, reworded.Similarity = "clear and complete", 84, 12
	away := ledgertest.Reading(3, 0, false)
	a.AttestAll(r.ID, leaderRes, away, reworded, reworded)
	round, _ := a.s.Round(r.ID)
	at := round.Attempts[0]
	var others []Address
	for _, m := range round.Committee {
		if m != at.Leader {
			others = append(others, m)
		}
	}
	g := round.Grade
	if g == nil {
		t.Fatal("no grade after leader + 2 agreeing")
	}
	if diff := cmp.Diff([]Address{at.Leader, others[1], others[2]}, g.Agreed); diff != "" {
		t.Fatalf("agreed (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]Address{others[0]}, g.Disagreed); diff != "" {
		t.Fatalf("disagreed (-want +got):\n%s", diff)
	}
	if g.Result.Rationale != "usable as it stands" || g.Result.JudgedScore != 88 || len(g.Result.Checks) != 1 || g.Leader != at.Leader {
		t.Fatalf("grade did not keep the leader's result: %+v", g)
	}
	if len(at.Attestations) != 4 || at.State != AttemptSettled || round.State != RoundSettled {
		t.Fatalf("attempt %+v", at)
	}
	ev, _ := a.s.Entry(e)
	if ev.State != EntryGraded || ev.Current.Score != 80 || ev.Current.AppealUntil != ev.Current.SettledAt+window {
		t.Fatalf("entry %+v", ev)
	}
	// A member who answers after the tally but before the deadline is on the record, late,
	// and changes nothing: here its model failed, as a model that answers HTTP 500 does.
	a.Do(a.ByAddr(others[3]), Amount{}, Attest{Round: r.ID, Attempt: 1, Result: ledgertest.Failure(Transient, "Model unavailable (HTTP 500)")})
	after, _ := a.s.Round(r.ID)
	late := after.Attempts[0].Attestations[4]
	if !late.Late || late.Agrees || late.Validator != others[3] || after.Grade.Score != 80 {
		t.Fatalf("late attestation %+v, grade %+v", late, after.Grade)
	}
	if g := after.Grade; len(g.Agreed) != 3 || len(g.Disagreed) != 1 || len(g.Failed) != 1 || g.Failed[0] != others[3] {
		t.Fatalf("agreed %v, disagreed %v, failed %v", g.Agreed, g.Disagreed, g.Failed)
	}
	a.Wait(timeout + 1)
	a.Refused(errAttemptNotOpen, a.ByAddr(others[2]), Amount{}, Attest{Round: r.ID, Attempt: 1, Result: reworded})
}

// Results that arrive before the leader's wait for it: nothing settles without the leader.
func TestAgreementWaitsForTheLeader(t *testing.T) {
	a, _, e, r := contest(t)
	res := ledgertest.Reading(3, 0, false)
	round, _ := a.s.Round(r.ID)
	lead := round.Attempts[0].Leader
	for _, m := range round.Committee {
		if m != lead {
			a.Do(a.ByAddr(m), Amount{}, Attest{Round: r.ID, Attempt: 1, Result: res})
		}
	}
	if ev, _ := a.s.Entry(e); ev.Current != nil {
		t.Fatal("settled without the leader")
	}
	a.Do(a.ByAddr(lead), Amount{}, Attest{Round: r.ID, Attempt: 1, Result: res})
	if ev, _ := a.s.Entry(e); ev.Current == nil || len(ev.Current.Agreed) != 5 {
		t.Fatalf("grade %+v", ev.Current)
	}
}
