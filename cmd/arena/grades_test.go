package main

import (
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
)

var (
	lead  = ledger.Address{1}
	alice = ledger.Address{2}
	bob   = ledger.Address{3}
	carol = ledger.Address{4}
)

func attested(v ledger.Address, agrees, late bool, res ledger.Result) ledger.Attestation {
	return ledger.Attestation{Validator: v, Agrees: agrees, Late: late, Result: res}
}

var (
	strong    = ledger.Result{Tier: 4, Passed: true, Score: 80}
	adequate  = ledger.Result{Tier: 3, Passed: true, Score: 60}
	refused   = ledger.Result{Error: "[LLM_ERROR] Model refused the request"}
	transient = ledger.Result{Error: "[TRANSIENT] Model unavailable"}
)

// TestEachAttemptSaysWhyItEnded: `arena grade` and `arena show grades` say, per attempt,
// how it ended, what its leader said, and how the other members' attestations stood:
// agreed, disagreed, failed, or only attested while the leader had not; late ones are
// counted apart, never as tallied.
func TestEachAttemptSaysWhyItEnded(t *testing.T) {
	l := lead.String()
	tests := []struct {
		name string
		at   ledger.AttemptView
		want string
	}{
		{"leader failed", ledger.AttemptView{Attempt: 1, Leader: lead, State: ledger.AttemptDiscarded, Attestations: []ledger.Attestation{
			attested(alice, false, false, strong), attested(bob, false, false, strong), attested(lead, false, false, refused)}},
			"attempt 1 discarded: leader " + l + " failed [LLM_ERROR] Model refused the request; 2 disagreed"},
		{"disagreement", ledger.AttemptView{Attempt: 2, Leader: lead, State: ledger.AttemptDiscarded, Attestations: []ledger.Attestation{
			attested(lead, true, false, strong), attested(alice, false, false, adequate), attested(bob, false, false, adequate), attested(carol, false, false, transient)}},
			"attempt 2 discarded: leader " + l + ` read rung 4/5 "strong", score 80; 2 disagreed, 1 failed`},
		{"timed out", ledger.AttemptView{Attempt: 1, Leader: lead, State: ledger.AttemptTimedOut, Attestations: []ledger.Attestation{
			attested(alice, false, false, strong), attested(bob, false, false, transient)}},
			"attempt 1 timed out: leader " + l + " did not attest; 1 failed, 1 attested"},
		{"transient", ledger.AttemptView{Attempt: 3, Leader: lead, State: ledger.AttemptTransient, Attestations: []ledger.Attestation{
			attested(lead, true, false, transient), attested(alice, true, false, transient), attested(bob, true, false, transient)}},
			"attempt 3 transient: leader " + l + " failed [TRANSIENT] Model unavailable; 2 agreed"},
		{"settled, one late", ledger.AttemptView{Attempt: 1, Leader: lead, State: ledger.AttemptSettled, Attestations: []ledger.Attestation{
			attested(lead, true, false, adequate), attested(alice, true, false, adequate), attested(bob, true, false, adequate), attested(carol, false, true, transient)}},
			"attempt 1 settled: leader " + l + ` read rung 3/5 "adequate", score 60; 2 agreed, 1 late`},
		{"abandoned", ledger.AttemptView{Attempt: 1, Leader: lead, State: ledger.AttemptAbandoned},
			"attempt 1 abandoned: leader " + l + " did not attest"},
		{"open", ledger.AttemptView{Attempt: 2, Leader: lead, State: ledger.AttemptOpen, Deadline: 1767225600, Attestations: []ledger.Attestation{
			attested(alice, false, false, strong)}},
			"attempt 2 open until 2026-01-01T00:00:00Z: leader " + l + " has not attested yet; 1 attested"},
	}
	for _, tc := range tests {
		if got := attemptWords(bountyAttempt(&tc.at)); got != tc.want {
			t.Errorf("%s: attemptWords\n got  %s\n want %s", tc.name, got, tc.want)
		}
	}
}

// TestGradesListWhoSaidWhat: every attestation of a round is listed with its role and
// what it said (a rung and score, or its failure text), a late one marked late.
func TestGradesListWhoSaidWhat(t *testing.T) {
	dq := ledger.Result{Tier: 0, Disqualified: true, DuplicateOf: 1, Similarity: 91}
	r := ledger.RoundView{ID: 7, Regrade: true, State: ledger.RoundOpen, Attempts: []ledger.AttemptView{{
		Attempt: 1, Leader: lead, State: ledger.AttemptSettled, Attestations: []ledger.Attestation{
			attested(lead, true, false, adequate), attested(alice, false, false, dq),
			attested(bob, false, false, transient), attested(carol, true, true, adequate)},
	}}}
	var b strings.Builder
	printRound(&b, &r)
	want := "round 7 (regrade): open, 1 attempt\n" +
		"  attempt 1 settled: leader " + lead.String() + ` read rung 3/5 "adequate", score 60; 1 disagreed, 1 failed, 1 late` + "\n" +
		"    leader    " + lead.String() + ` rung 3/5 "adequate", score 60` + "\n" +
		"    disagreed " + alice.String() + ` rung 0/5 "fails the brief", score 0, disqualified as a duplicate of entry 1 (91% overlap)` + "\n" +
		"    failed    " + bob.String() + " [TRANSIENT] Model unavailable\n" +
		"    agreed    " + carol.String() + ` rung 3/5 "adequate", score 60 (late: on the record, not tallied)` + "\n"
	if got := b.String(); got != want {
		t.Errorf("printRound\n got:\n%s\n want:\n%s", got, want)
	}
}
