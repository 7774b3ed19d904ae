package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/ledger/round"
)

// A wait on a benchmark or learning run (or a bench check) that ends without a score
// says, attempt by attempt, why each attempt of the run's round ended as it did: the
// lines `arena grade` and `arena tender score` print, from GET
// /v1/rounds/{id}/attempts, and ends on the failure the run kept; under --json it
// prints the run's view instead of the lines.

// fakeNode answers GET path with the JSON of the view views holds for it, as the API
// encodes it; every other path is 404.
func fakeNode(t *testing.T, views map[string]any) *client.Client {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		v, ok := views[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		if err := json.NewEncoder(w).Encode(v); err != nil {
			t.Error(err)
		}
	}))
	t.Cleanup(srv.Close)
	return client.New(srv.URL, srv.Client())
}

// failedDetail is round id of kind on subject, exhausted over two attempts: on the
// first the leader failed with why and one member failed the same way; on the second
// the leader failed again and another member was late.
func failedDetail(t *testing.T, id ledger.RoundID, kind string, subject uint64, verdict any, why string) ledger.RoundDetail {
	mark := func(v ledger.Address, late bool) round.AttestationDetail {
		return round.AttestationDetail{Validator: v, Failure: why, Verdict: raw(t, verdict), Late: late}
	}
	return ledger.RoundDetail{ID: id, Kind: kind, Subject: subject, State: ledger.RoundExhausted, Quorum: 2,
		Committee: []ledger.Address{lead, alice, bob}, Attempts: []round.AttemptDetail{
			{Attempt: 1, Leader: lead, State: ledger.AttemptTimedOut, Attestations: []round.AttestationDetail{mark(lead, false), mark(alice, false)}},
			{Attempt: 2, Leader: alice, State: ledger.AttemptTimedOut, Attestations: []round.AttestationDetail{mark(alice, false), mark(bob, true)}},
		}}
}

// waitApp is an app whose output the test reads.
func waitApp() (*app, *strings.Builder, *strings.Builder) {
	var out, errs strings.Builder
	return &app{stdout: &out, stderr: &errs, getenv: func(string) string { return "" }}, &out, &errs
}

// explained are the lines the wait prints for failedDetail's two attempts.
func explained(why string) string {
	return "attempt 1 timed out: leader " + lead.String() + " failed " + why + "; 1 failed\n" +
		"attempt 2 timed out: leader " + alice.String() + " failed " + why + "; 1 late\n"
}

// TestAFailedRunExplainsEachAttempt: a challenge run that ended unscored prints its
// progress line, then one line per attempt of its round (those `arena grade` prints
// from the same detail), and no run view.
func TestAFailedRunExplainsEachAttempt(t *testing.T) {
	const why = "[TRANSIENT] The program never reached the tool endpoint"
	d := failedDetail(t, 7, challenge.RunKind, 3, challenge.RunResult{Error: why}, why)
	run := ledger.RunView{ID: 3, State: challenge.RunUnscored, Round: 7, Attestations: []challenge.RunAttestationView{{}, {}, {}, {}}}
	c := fakeNode(t, map[string]any{"/v1/runs/3": run, "/v1/rounds/7/attempts": d})
	a, out, errs := waitApp()
	err := a.waitRun(t.Context(), c, 3, time.Minute)
	if err == nil || err.Error() != "run 3 ended unscored" {
		t.Fatalf("err = %v, want run 3 ended unscored", err)
	}
	if want := "run 3: unscored, 4 attestations\n" + explained(why); errs.String() != want {
		t.Errorf("stderr\n%s\nwant\n%s", errs, want)
	}
	var shared strings.Builder
	for _, at := range detailAttempts(&d) {
		shared.WriteString(attemptWords(at) + "\n")
	}
	if got := strings.TrimPrefix(errs.String(), "run 3: unscored, 4 attestations\n"); got != shared.String() {
		t.Errorf("the attempt lines differ from the shared printer's:\n%s\nwant\n%s", got, shared.String())
	}
	if out.Len() != 0 {
		t.Errorf("a failed run printed its view:\n%s", out)
	}
}

// TestAFinalRunPrintsItsViewAndNoAttempts: a run that ended final prints its view and
// explains nothing.
func TestAFinalRunPrintsItsViewAndNoAttempts(t *testing.T) {
	run := ledger.RunView{ID: 3, State: challenge.RunFinal, Round: 7, Purpose: challenge.PurposeEntry, Attestations: []challenge.RunAttestationView{}}
	c := fakeNode(t, map[string]any{"/v1/runs/3": run})
	a, out, errs := waitApp()
	if err := a.waitRun(t.Context(), c, 3, time.Minute); err != nil {
		t.Fatal(err)
	}
	if want := "run 3: final, 0 attestations\n"; errs.String() != want {
		t.Errorf("stderr\n%s\nwant\n%s", errs, want)
	}
	if !strings.HasPrefix(out.String(), "run 3 of entry 0 on challenge 0: entry run, final\n") {
		t.Errorf("stdout\n%s\nwant the run's view", out)
	}
}

// TestAFailedLearningRunExplainsItsLatestRound: a learning run unscored explains its
// run round; one refused on its held-out round explains that round, in the held-out
// round's words.
func TestAFailedLearningRunExplainsItsLatestRound(t *testing.T) {
	const runWhy = "[TRANSIENT] The training program's bytes are held nowhere yet"
	const heldWhy = "[EXPECTED] The trained model does not load"
	for _, tc := range []struct {
		name string
		run  ledger.LearnRunView
		d    ledger.RoundDetail
		why  string
	}{
		{"unscored on its run round", ledger.LearnRunView{ID: 4, State: learn.RunUnscored, Round: 8},
			failedDetail(t, 8, learn.RunKind, 4, learn.RunResult{Error: runWhy}, runWhy), runWhy},
		{"refused on its held-out round", ledger.LearnRunView{ID: 4, State: learn.RunRefused, Round: 8, HeldoutRound: 9},
			failedDetail(t, 9, learn.HeldoutKind, 4, learn.HeldoutResult{Error: heldWhy}, heldWhy), heldWhy},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.run.Attestations = []learn.AttestationView{}
			c := fakeNode(t, map[string]any{"/v1/learn-runs/4": tc.run, "/v1/rounds/" + strconv.FormatUint(uint64(tc.d.ID), 10) + "/attempts": tc.d})
			a, out, errs := waitApp()
			err := a.waitLearnRun(t.Context(), c, 4, time.Minute, runEnded)
			if want := "learning run 4 ended " + tc.run.State; err == nil || err.Error() != want {
				t.Fatalf("err = %v, want %s", err, want)
			}
			if want := "learning run 4: " + tc.run.State + ", 0 attestations\n" + explained(tc.why); errs.String() != want {
				t.Errorf("stderr\n%s\nwant\n%s", errs, want)
			}
			if out.Len() != 0 {
				t.Errorf("a failed learning run printed its view:\n%s", out)
			}
		})
	}
}

// TestALapsedBenchCheckExplainsEachAttempt: a bench whose check ran out of attempts
// says why each attempt ended, then that the bench lapsed.
func TestALapsedBenchCheckExplainsEachAttempt(t *testing.T) {
	const why = "[TRANSIENT] The bench module is held nowhere yet"
	d := failedDetail(t, 1, challenge.CheckKind, 2, challenge.BenchCheck{Error: why}, why)
	bench := ledger.BenchView{ID: 2, State: challenge.BenchLapsed, Reason: "its check ran out of attempts", Round: 1, Quorum: 2, Checks: []challenge.CheckAttestationView{}}
	c := fakeNode(t, map[string]any{"/v1/benches/2": bench, "/v1/rounds/1/attempts": d})
	a, out, errs := waitApp()
	err := a.waitBench(t.Context(), c, 2, time.Minute)
	if want := "bench 2 was lapsed: its check ran out of attempts"; err == nil || err.Error() != want {
		t.Fatalf("err = %v, want %s", err, want)
	}
	if want := "bench 2 check (round 1): 0 of 2 members attested\n" + explained(why); errs.String() != want {
		t.Errorf("stderr\n%s\nwant\n%s", errs, want)
	}
	if out.Len() != 0 {
		t.Errorf("a lapsed bench printed its view:\n%s", out)
	}
}

// TestARefusedRunEndsOnItsReason: a run the committee refused ends on an error of the
// kept failure's class that names the run and the reason; under --json the run's view
// is on stdout and no attempt line on stderr. A learning run refused on its held-out
// round ends on that round's reason.
func TestARefusedRunEndsOnItsReason(t *testing.T) {
	const why = "[EXPECTED] The program imports env.steal, which the bench does not offer"
	const heldWhy = "[EXPECTED] The trained model does not load"
	d := failedDetail(t, 7, challenge.RunKind, 3, challenge.RunResult{Error: why}, why)
	run := ledger.RunView{ID: 3, State: challenge.RunRefused, Round: 7, Kept: &challenge.RunResult{Error: why}, Attestations: []challenge.RunAttestationView{}}
	lrun := ledger.LearnRunView{ID: 4, State: learn.RunRefused, Round: 8, Kept: &learn.RunResult{Bits: 9},
		HeldoutRound: 9, HeldoutKept: &learn.HeldoutResult{Error: heldWhy}, Attestations: []learn.AttestationView{}}
	c := fakeNode(t, map[string]any{"/v1/runs/3": run, "/v1/rounds/7/attempts": d, "/v1/learn-runs/4": lrun,
		"/v1/rounds/9/attempts": failedDetail(t, 9, learn.HeldoutKind, 4, learn.HeldoutResult{Error: heldWhy}, heldWhy)})
	for _, asJSON := range []bool{false, true} {
		a, out, errs := waitApp()
		a.json = asJSON
		err := a.waitRun(t.Context(), c, 3, time.Minute)
		if want := "[EXPECTED] run 3 ended refused: The program imports env.steal, which the bench does not offer"; refusal(err, "") != want {
			t.Errorf("--json %t: %v, want %s", asJSON, err, want)
		}
		var shown ledger.RunView
		switch {
		case !asJSON && (errs.String() != "run 3: refused, 0 attestations\n"+explained(why) || out.Len() != 0):
			t.Errorf("stdout\n%s\nstderr\n%s\nwant the progress line and the attempts on stderr alone", out, errs)
		case asJSON && (errs.Len() != 0 || decode(out.String(), &shown) != nil || shown.State != challenge.RunRefused || shown.Kept.Error != why):
			t.Errorf("--json: stdout\n%s\nstderr\n%s\nwant the refused run's view alone", out, errs)
		}
		a, out, _ = waitApp()
		a.json = asJSON
		err = a.waitLearnRun(t.Context(), c, 4, time.Minute, runEnded)
		if want := "[EXPECTED] learning run 4 ended refused: The trained model does not load"; refusal(err, "") != want {
			t.Errorf("--json %t: %v, want %s", asJSON, err, want)
		}
		var lshown ledger.LearnRunView
		if asJSON && (decode(out.String(), &lshown) != nil || lshown.ID != 4 || lshown.HeldoutKept.Error != heldWhy) {
			t.Errorf("--json: stdout\n%s\nwant the refused learning run's view", out)
		}
	}
}

// decode reads the JSON s into v.
func decode(s string, v any) error { return json.Unmarshal([]byte(s), v) }
