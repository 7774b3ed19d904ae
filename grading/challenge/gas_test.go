package challenge_test

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/arena/arena/challenge/abi"
	"github.com/arena/arena/ledger"
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

// A dataset of more cases than the bench's check counted is refused before the program
// runs: the run's deadline was sized for the check's count.
func TestADatasetOfMoreCasesThanTheCheckCountedIsRefused(t *testing.T) {
	n, m := newNode(t), newMirror(t)
	b := toolbench(m)
	b.Cases = 100
	out := newValidator(t, n, m).Run(context.Background(), runOf(m, b, "loop", "more"))
	if want := "[EXPECTED] The bench generated 110 cases; its check counted 100, the most a run's deadline holds"; out.Result.Error != want {
		t.Fatalf("got %q, want %q", out.Result.Error, want)
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

// A program that allocates without bound meets the bench's memory cap and ends its
// case (a trap, or out of gas first), never the validator, and validators agree on it.
func TestAProgramThatAllocatesWithoutBoundEndsOnlyItsCase(t *testing.T) {
	n, m := newNode(t), newMirror(t)
	b := toolbench(m)
	b.MaxPages = 512
	run := runOf(m, b, "hog", "hog")
	run.Profile = abi.ProfilePractice
	var got [2][]byte
	for i := range got {
		out := newValidator(t, n, m).Run(context.Background(), run)
		if out.Result.Error != "" {
			t.Fatal(out.Result.Error)
		}
		for _, r := range append([]abi.Record{out.Transcript.Probe}, out.Transcript.Cases...) {
			if r.Outcome == abi.OutcomeOK || r.Response != "" {
				t.Fatalf("case %s: outcome %s, response %q", r.ID, r.Outcome, r.Response)
			}
		}
		got[i], _ = json.Marshal(out.Result)
	}
	if string(got[0]) != string(got[1]) {
		t.Fatalf("two validators disagree:\n%s\n%s", got[0], got[1])
	}
}

// A program that writes garbage (requests that are not requests, responses that are not
// text and over the cap) is answered, recorded and graded like any other: what it wrote
// is recorded as text under abi.MaxResponse, and the published transcript regrades to
// the same result.
func TestAProgramThatWritesGarbageIsGradedOnWhatItWrote(t *testing.T) {
	n, m := newNode(t), newMirror(t)
	run := runOf(m, toolbench(m), "garbage", "garbage")
	run.Profile = abi.ProfilePractice
	out := newValidator(t, n, m).Run(context.Background(), run)
	if out.Result.Error != "" {
		t.Fatal(out.Result.Error)
	}
	for _, r := range out.Transcript.Cases {
		if r.Outcome != abi.OutcomeOK || r.Response == "" || len(r.Response) > abi.MaxResponse || !utf8.ValidString(r.Response) ||
			len(r.Calls) != 1 || r.Calls[0].Response != abi.UnknownTool {
			t.Fatalf("case %s: outcome %s, %d response bytes, calls %+v", r.ID, r.Outcome, len(r.Response), r.Calls)
		}
	}
	again, err := newValidator(t, n, m).Regrade(context.Background(), run, n.blob(t, out.Result.Transcript))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(again, out.Result) {
		t.Fatalf("regraded %+v, attested %+v", again, out.Result)
	}
}

// Wall time never decides an outcome: a run cut short by its caller's deadline (the
// attempt's, on a validator) is a [TRANSIENT] failure that names that cause, on which
// the validator abstains, never an outcome of a case or a score.
func TestARunCutByItsDeadlineIsTransientNeverAnOutcome(t *testing.T) {
	n, m := newNode(t), newMirror(t)
	v := newValidator(t, n, m)
	b := toolbench(m)
	b.CaseGas = 5_000_000
	run := runOf(m, b, "loop", "wall")
	run.Profile = abi.ProfilePractice
	if out := v.Run(context.Background(), run); out.Result.Error != "" { // compiles both modules
		t.Fatal(out.Result.Error)
	}
	run.Bench.CaseGas = 1 << 62
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	out := v.Run(ctx, run)
	e, ok := ledger.ParseError(out.Result.Error)
	if !ok || e.Class != ledger.Transient || out.Result.Dataset != "" || out.Result.Gas != 0 {
		t.Fatalf("a run cut short by wall time: %+v", out.Result)
	}
	if want := "[TRANSIENT] The program was stopped by its caller's deadline before its gas ran out"; out.Result.Error != want {
		t.Fatalf("got %q, want %q", out.Result.Error, want)
	}
}
