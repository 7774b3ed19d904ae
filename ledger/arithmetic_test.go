package ledger_test

import (
	"strings"
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// "The ledger recomputes the arithmetic of every attestation and refuses one whose score
// does not follow from its own rung, gate and counts": score = max(0, tier*20 -
// 15*violations), 0 and disqualified on a mandatory failure or a copy. Every violation of
// that, and of the size limits, is refused by its exact message.
func TestArithmeticRefusesResultsThatDoNotFollow(t *testing.T) {
	a := newArena(t, 5, nil)
	task := a.Post(Ether(100))
	other := a.Post(Ether(100))
	e1 := a.Enter(task, "alice", "one")
	e2 := a.Enter(task, "bob", "two")
	e3 := a.Enter(task, "carol", "three")
	elsewhere := a.Enter(other, "dave", "elsewhere")
	r := a.OpenRound(e2)
	member := a.ByAddr(r.Committee[0])
	with := func(res Result, edit func(*Result)) Result { edit(&res); return res }
	strong := ledgertest.Reading(4, 0, false)
	dup := func(of EntryID) Result {
		return with(ledgertest.Reading(0, 0, true), func(r *Result) { r.DuplicateOf = of })
	}
	long := strings.Repeat("x", MaxRationaleLen+1)
	tests := []struct {
		name string
		res  Result
		want *Error
	}{
		{"rung 6", with(strong, func(r *Result) { r.Tier, r.Score = 6, 120 }), errTier},
		{"rung -1", with(strong, func(r *Result) { r.Tier, r.Passed, r.Score = -1, false, 0 }), errTier},
		{"negative violations", with(strong, func(r *Result) { r.Violations = -1 }), errViolations},
		{"25 violations", with(strong, func(r *Result) { r.Violations, r.Score = 25, 0 }), errViolations},
		{"strong and disqualified", with(strong, func(r *Result) { r.Disqualified, r.Passed, r.Score = true, false, 0 }), errDisqualifiedRung},
		{"passed and disqualified", with(ledgertest.Reading(0, 0, true), func(r *Result) { r.Passed = true }), errPassedGate},
		{"passed flipped off", with(strong, func(r *Result) { r.Passed = false }), errPassedGate},
		{"passed on rung 0", with(ledgertest.Reading(0, 0, false), func(r *Result) { r.Passed = true }), errPassedGate},
		{"81 where the rung gives 80", with(strong, func(r *Result) { r.Score = 81 }), errScoreArithmetic},
		{"right score under the wrong rung", with(strong, func(r *Result) { r.Tier = 5 }), errScoreArithmetic},
		{"deduction forgotten", with(strong, func(r *Result) { r.Violations = 1 }), errScoreArithmetic},
		{"disqualified with points", with(ledgertest.Reading(0, 0, true), func(r *Result) { r.Score = 20 }), errScoreArithmetic},
		{"duplicate not disqualified", with(strong, func(r *Result) { r.DuplicateOf = e1 }), errDuplicateNotDQ},
		{"duplicate of itself", dup(e2), errDuplicateNotEarlier},
		{"duplicate of a later entry", dup(e3), errDuplicateNotEarlier},
		{"duplicate on another task", dup(elsewhere), errDuplicateNotEarlier},
		{"duplicate of nothing", dup(99), errDuplicateNotEarlier},
		{"unclassed failure", Result{Error: "host down"}, errResultClass},
		{"failure with a grade", with(ledgertest.Failure(External, "Work URL returned 404"), func(r *Result) { r.Tier = 3 }), errFailureGraded},
		{"failure with a score", with(ledgertest.Failure(Transient, "Work host unavailable (503)"), func(r *Result) { r.Score = 60 }), errFailureGraded},
		{"long rationale", with(strong, func(r *Result) { r.Rationale = long }), errResultSize},
		{"rationale not UTF-8", with(strong, func(r *Result) { r.Rationale = "\xff" }), errResultSize},
		{"five calls", with(strong, func(r *Result) { r.Calls = make([]Call, MaxCalls+1) }), errResultSize},
		{"25 checks", with(strong, func(r *Result) { r.Checks = make([]Check, MaxChecks+1) }), errResultSize},
		{"long prompt", with(strong, func(r *Result) { r.Calls = []Call{{Prompt: strings.Repeat("p", MaxCallText+1)}} }), errResultSize},
		{"long criterion", with(strong, func(r *Result) { r.Checks = []Check{{Criterion: long}} }), errResultSize},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a.In(t).Refused(tt.want, member, Amount{}, Attest{Round: r.ID, Attempt: 1, Result: tt.res})
		})
	}
	if at := a.Attempt(r.ID); len(at.Attestations) != 0 {
		t.Fatalf("refused results were recorded: %+v", at.Attestations)
	}
	a.Do(member, Amount{}, Attest{Round: r.ID, Attempt: 1, Result: dup(e1)}) // an earlier entry is a valid duplicate
}

// "strong and 'passed' on an over-length entry still settles as rung 0, score 0,
// disqualified": the validators send the reader's strong reading as judged_tier and
// judged_score only, and the grade keeps both columns.
func TestArithmeticOverLengthStrongEntrySettlesAtRungZero(t *testing.T) {
	a := newArena(t, 5, nil)
	task := a.Post(Ether(100))
	e := a.Enter(task, "alice", strings.Repeat("a launch note ", 61)) // 854 characters against "at most 600"
	res := ledgertest.Reading(0, 0, true)
	res.JudgedTier, res.JudgedScore = 4, 80
	res.Reason = "required criteria not met, established deterministically: note must be at most 600 characters"
	res.Checks = []Check{{Criterion: "The note must be at most 600 characters.", Expr: "work_len <= 600", Mandatory: true, Source: "pattern"}}
	r := a.OpenRound(e)
	leader := a.ByAddr(r.Attempts[0].Leader)
	strongPassed := ledgertest.Reading(4, 0, false)
	a.Refused(errDisqualifiedRung, leader, Amount{}, Attest{Round: r.ID, Attempt: 1, Result: func() Result { x := strongPassed; x.Disqualified = true; return x }()})
	a.AttestAll(r.ID, res)
	g, _ := a.s.Entry(e)
	c := g.Current
	if c == nil || c.Tier != 0 || c.Label != "fails the brief" || c.Score != 0 || !c.Disqualified || c.Passed {
		t.Fatalf("grade %+v", c)
	}
	if c.Result.JudgedScore != 80 || c.Result.JudgedTier != 4 || c.Result.Reason != res.Reason || len(c.Result.Checks) != 1 {
		t.Fatalf("the grade lost the reader's column: %+v", c.Result)
	}
}
