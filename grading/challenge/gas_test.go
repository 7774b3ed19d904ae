package challenge_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/arena/arena/challenge/abi"
)

// A program that loops forever runs out of gas on every case: that is each case's
// outcome, decided by the gas counter and never by wall time, so the run is scored (not
// failed) and two validators agree on it to the byte.
func TestAProgramThatLoopsForeverRunsOutOfGasOnItsCases(t *testing.T) {
	n, m := newNode(t), newMirror(t)
	b := toolbench(m)
	b.CaseGas = 5_000_000
	run := runOf(m, b, "loop", "forever")
	run.Profile = abi.ProfilePractice
	var got [2][]byte
	for i := range got {
		out := newValidator(t, n, m).Run(context.Background(), run)
		if out.Result.Error != "" {
			t.Fatalf("validator %d: %s", i, out.Result.Error)
		}
		for _, r := range append([]abi.Record{out.Transcript.Probe}, out.Transcript.Cases...) {
			if r.Outcome != abi.OutcomeOutOfGas || r.Response != "" || len(r.Calls) != 1 {
				t.Fatalf("case %s: outcome %s, response %q, %d calls", r.ID, r.Outcome, r.Response, len(r.Calls))
			}
		}
		if out.Result.Composite.Composite >= 500_000 {
			t.Fatalf("a program that answers nothing scored %d", out.Result.Composite.Composite)
		}
		got[i], _ = json.Marshal(out.Result)
	}
	if string(got[0]) != string(got[1]) {
		t.Fatalf("two validators disagree:\n%s\n%s", got[0], got[1])
	}
}

// A program that traps on every case gets the outcome trap on each, with a fresh
// instance for the next: a trap ends only its own case.
func TestAProgramThatTrapsEndsOnlyItsCase(t *testing.T) {
	n, m := newNode(t), newMirror(t)
	run := runOf(m, toolbench(m), "trap", "trap")
	run.Profile = abi.ProfilePractice
	out := newValidator(t, n, m).Run(context.Background(), run)
	if out.Result.Error != "" {
		t.Fatal(out.Result.Error)
	}
	for _, r := range append([]abi.Record{out.Transcript.Probe}, out.Transcript.Cases...) {
		if r.Outcome != abi.OutcomeTrap || r.Response != "" || len(r.Calls) != 1 {
			t.Fatalf("case %s: outcome %s, response %q, %d calls", r.ID, r.Outcome, r.Response, len(r.Calls))
		}
	}
}
