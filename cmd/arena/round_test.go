package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/bounty"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/ledger/round"
	"github.com/arena/arena/ledger/tender"
)

// raw encodes v as a round's verdict is encoded.
func raw(t *testing.T, v any) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// detailOf returns the kind-neutral detail of a bounty round, as GET
// /v1/rounds/{id}/attempts answers it.
func detailOf(t *testing.T, r *ledger.RoundView) ledger.RoundDetail {
	d := ledger.RoundDetail{ID: r.ID, Kind: bounty.Kind, Subject: uint64(r.Entry), State: r.State, Quorum: 3, Committee: []ledger.Address{lead, alice, bob, carol}}
	for _, at := range r.Attempts {
		ad := round.AttemptDetail{Attempt: at.Attempt, Leader: at.Leader, State: at.State, Deadline: at.Deadline}
		for _, x := range at.Attestations {
			ad.Attestations = append(ad.Attestations, round.AttestationDetail{Validator: x.Validator, Failure: x.Result.Error,
				Verdict: raw(t, x.Result), Agrees: x.Agrees, Late: x.Late})
		}
		d.Attempts = append(d.Attempts, ad)
	}
	return d
}

// TestShowRoundPrintsABountyRoundAsShowGradesDoes: one printer serves every kind: a
// bounty round printed from its kind-neutral detail has, attempt by attempt, exactly
// the lines `arena show grades` prints from the bounty's own view.
func TestShowRoundPrintsABountyRoundAsShowGradesDoes(t *testing.T) {
	r := ledger.RoundView{ID: 4, Entry: 2, State: ledger.RoundExhausted, Attempts: []ledger.AttemptView{
		{Attempt: 1, Leader: lead, State: ledger.AttemptDiscarded, Attestations: []ledger.Attestation{
			attested(alice, false, false, strong), attested(lead, false, false, refused), attested(bob, false, false, transient)}},
		{Attempt: 2, Leader: alice, State: ledger.AttemptTimedOut, Attestations: []ledger.Attestation{
			attested(bob, false, false, adequate), attested(lead, false, true, strong)}},
	}}
	var grades, shown strings.Builder
	printRound(&grades, &r)
	d := detailOf(t, &r)
	printDetail(&shown, &d)
	g, o := strings.SplitN(grades.String(), "\n", 2), strings.Split(shown.String(), "\n")
	if got, want := strings.Join(o[1:len(o)-2], "\n")+"\n", g[1]; got != want {
		t.Errorf("attempt lines differ\n show round:\n%s\n show grades:\n%s", got, want)
	}
	if want := "round 4 (bounty grade of entry 2): exhausted, 2 attempts, quorum 3 of 4"; o[0] != want {
		t.Errorf("header %q, want %q", o[0], want)
	}
	if want := "(`arena show grades 2` shows what it grades)"; o[len(o)-2] != want {
		t.Errorf("last line %q, want %q", o[len(o)-2], want)
	}
}

// TestShowRoundPrintsATenderRound pins a tender scoring round that ran out of
// attempts, line for line: who led, what each member scored or why it failed, and who
// was late.
func TestShowRoundPrintsATenderRound(t *testing.T) {
	sc := tender.Scorecard{Scores: []tender.CriterionScore{{Criterion: 0, Score: 4, Reason: "names three milestones"}, {Criterion: 1, Score: 3, Reason: "itemised"}}}
	failed := tender.Scorecard{Error: "[LLM_ERROR] Model refused the request"}
	down := tender.Scorecard{Error: "[TRANSIENT] Model unavailable"}
	d := ledger.RoundDetail{ID: 9, Kind: tender.Kind, Subject: 2, State: ledger.RoundExhausted, Quorum: 3, Committee: []ledger.Address{lead, alice, bob, carol},
		Attempts: []round.AttemptDetail{
			{Attempt: 1, Leader: lead, State: ledger.AttemptDiscarded, Attestations: []round.AttestationDetail{
				{Validator: lead, Failure: failed.Error, Verdict: raw(t, failed)},
				{Validator: alice, Verdict: raw(t, sc)}}},
			{Attempt: 2, Leader: alice, State: ledger.AttemptTimedOut, Attestations: []round.AttestationDetail{
				{Validator: bob, Failure: down.Error, Verdict: raw(t, down)},
				{Validator: carol, Verdict: raw(t, sc), Late: true}}},
		}}
	var b strings.Builder
	printDetail(&b, &d)
	want := "round 9 (tender scoring of bid 2): exhausted, 2 attempts, quorum 3 of 4\n" +
		"  attempt 1 discarded: leader " + lead.String() + " failed [LLM_ERROR] Model refused the request; 1 disagreed\n" +
		"    leader    " + lead.String() + " [LLM_ERROR] Model refused the request\n" +
		"    disagreed " + alice.String() + " scores [0] 4/5, [1] 3/5\n" +
		"  attempt 2 timed out: leader " + alice.String() + " did not attest; 1 failed, 1 late\n" +
		"    failed    " + bob.String() + " [TRANSIENT] Model unavailable\n" +
		"    attested  " + carol.String() + " scores [0] 4/5, [1] 3/5 (late: on the record, not tallied)\n" +
		"(`arena show bid 2` shows what it grades)\n"
	if got := b.String(); got != want {
		t.Errorf("printDetail\n got:\n%s\n want:\n%s", got, want)
	}
}

// TestEachKindsVerdictIsInItsOwnWords: a round of every kind names what it grades and
// says each verdict in the words of the kind's own view; a failure is its classed text.
func TestEachKindsVerdictIsInItsOwnWords(t *testing.T) {
	for _, tc := range []struct {
		kind    string
		ref     uint64
		verdict any
		failure string
		subject string
		words   string
	}{
		{bounty.Kind, 1, strong, "", "bounty regrade of entry 5 on appeal 1", `rung 4/5 "strong", score 80`},
		{tender.Kind, 1, tender.Scorecard{Scores: []tender.CriterionScore{{Criterion: 0, Score: 5}}}, "", "tender rescoring of bid 5 on appeal", "scores [0] 5/5"},
		{tender.CheckKind, 0, tender.CheckResult{Scorable: true}, "", "tender scorability check 5", "scorable"},
		{tender.CheckKind, 0, tender.CheckResult{Flagged: []int{0, 2}}, "", "tender scorability check 5", "not scorable: flagged [0], [2]"},
		{challenge.RunKind, 0, challenge.RunResult{Error: "[EXPECTED] Out of gas"}, "[EXPECTED] Out of gas", "challenge run 5", "[EXPECTED] Out of gas"},
		{challenge.CheckKind, 0, challenge.BenchCheck{Dataset: strings.Repeat("ab", 32), Cases: 110, Kinds: []string{"tool", "memory"}}, "", "check of bench 5", "dataset ababababab…abab, 110 cases, kinds tool, memory"},
		{learn.RunKind, 0, learn.RunResult{Bits: 4000, Bytes: 1000, WindowBits: 300, Curve: []int64{1, 2}, Gas: 77}, "", "learning run 5", "4.000000 bpb (4000 bits / 1000 bytes), first window 300 bits, 2 curve points, gas 77"},
		{learn.HeldoutKind, 0, learn.HeldoutResult{TrainBits: 4000, TrainedBits: 800, TwinBits: 1600, HeldoutBytes: 200}, "", "held-out measurement of learning run 5", "trained 4.000000 bpb, twin 8.000000 bpb (800 and 1600 bits / 200 bytes; retrained 4000 bits)"},
		{"unknown_kind", 0, map[string]int{"x": 1}, "", "unknown_kind 5", `{"x":1}`},
	} {
		d := ledger.RoundDetail{ID: 1, Kind: tc.kind, Subject: 5, Ref: tc.ref}
		if s, _ := roundSubject(&d); s != tc.subject {
			t.Errorf("%s: subject %q, want %q", tc.kind, s, tc.subject)
		}
		if got := verdictWords(tc.kind, raw(t, tc.verdict), tc.failure); got != tc.words {
			t.Errorf("%s: verdict %q, want %q", tc.kind, got, tc.words)
		}
	}
}
