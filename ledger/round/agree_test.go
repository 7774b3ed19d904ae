package round_test

import (
	"testing"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
)

// The failure rule is the tally's, one for every kind: a TRANSIENT failure agrees with a
// TRANSIENT one whatever the words, LLM_ERROR agrees with nothing, not even itself, any
// other class needs the same class and the same message, and a result never agrees with
// a failure.
func TestFailuresAgreeByClassAndMessage(t *testing.T) {
	fail := func(text string) *book.Error {
		e := book.FailureOf(text)
		if e == nil {
			t.Fatalf("%q is not a classed failure", text)
		}
		return e
	}
	for _, tc := range []struct {
		name         string
		mine, leader *book.Error
		want         bool
	}{
		{"two transient failures in other words", fail("[TRANSIENT] Work host unavailable (503)"), fail("[TRANSIENT] Model unavailable"), true},
		{"two LLM_ERRORs in the same words", fail("[LLM_ERROR] No merit rung in the response"), fail("[LLM_ERROR] No merit rung in the response"), false},
		{"the same EXTERNAL message", fail("[EXTERNAL] Work URL returned 404"), fail("[EXTERNAL] Work URL returned 404"), true},
		{"another EXTERNAL message", fail("[EXTERNAL] Work URL returned 404"), fail("[EXTERNAL] Work URL returned 403"), false},
		{"the same EXPECTED message", fail("[EXPECTED] The program does not export run"), fail("[EXPECTED] The program does not export run"), true},
		{"another EXPECTED message", fail("[EXPECTED] The program does not export run"), fail("[EXPECTED] The program does not export init"), false},
		{"one message in two classes", fail("[EXTERNAL] Work host not found"), fail("[TRANSIENT] Work host not found"), false},
		{"a transient failure against a result", fail("[TRANSIENT] Model unavailable"), nil, false},
		{"a result against an EXTERNAL failure", nil, fail("[EXTERNAL] Work URL returned 404"), false},
	} {
		if got := round.FailuresAgree(tc.mine, tc.leader); got != tc.want {
			t.Errorf("%s: FailuresAgree = %t, want %t", tc.name, got, tc.want)
		}
	}
}

// Agree asks the kind's Agrees only when both verdicts are results; when either failed,
// the failure rule decides, whatever the kind's Agrees would say.
func TestAgreeAsksTheKindOnlyOfTwoResults(t *testing.T) {
	heads := &flip{Heads: true, Reason: "it landed heads"}
	tails := &flip{Heads: false}
	down := &flip{Err: "[TRANSIENT] the coin rolled away"}
	lost := &flip{Err: "[TRANSIENT] timed out"}
	noSide := &flip{Err: "[LLM_ERROR] no side named"}
	offTable := &flip{Err: "[EXTERNAL] the coin left the table"}
	offTableHeads := &flip{Heads: true, Err: "[EXTERNAL] the coin left the table"}
	for _, tc := range []struct {
		name         string
		mine, leader *flip
		want         bool
	}{
		{"the same side", &flip{Heads: true, Reason: "other words"}, heads, true},
		{"the other side", tails, heads, false},
		{"two transient failures", down, lost, true},
		{"an LLM_ERROR with itself", noSide, noSide, false},
		{"the same EXTERNAL failure, whatever side it carries", offTableHeads, offTable, true},
		{"a failure against a result its fields equal", down, tails, false},
		{"a result against a failure its fields equal", tails, down, false},
	} {
		if got := round.Agree[round.Verdict](tc.mine, tc.leader); got != tc.want {
			t.Errorf("%s: Agree = %t, want %t", tc.name, got, tc.want)
		}
	}
}
