package api_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/account"
	"github.com/arena/arena/api"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/ledgertest"
)

// TestChallengeViewsAreTheLedgersViews: issue 13's API. GET /v1/challenges,
// /v1/challenges/{id}, /v1/benches, /v1/benches/{id} and /v1/runs/{id} answer exactly
// the ledger's views: [] before anything is registered, then a bench accepted by its
// check, a challenge published on it and the run a commit opened, as the ledger shows
// them.
func TestChallengeViewsAreTheLedgersViews(t *testing.T) {
	f := challengeFixture(t)
	var all []ledger.ChallengeView
	var benches []ledger.BenchView
	var one ledger.ChallengeView
	var bench ledger.BenchView
	var run ledger.RunView
	f.eng.View(func(s *ledger.State) {
		all, benches = s.Challenges(), s.Benches()
		one, _ = s.Challenge(1)
		bench, _ = s.Bench(1)
		run, _ = s.Run(1)
	})
	if len(all) != 1 || len(benches) != 1 || bench.State != challenge.BenchAccepted || len(one.Runs) != 1 {
		t.Fatalf("fixture: %d challenges, %d benches (%s), %d runs", len(all), len(benches), bench.State, len(one.Runs))
	}
	for path, c := range map[string]struct{ want, got any }{
		"/v1/challenges":   {&all, &[]ledger.ChallengeView{}},
		"/v1/challenges/1": {&one, &ledger.ChallengeView{}},
		"/v1/benches":      {&benches, &[]ledger.BenchView{}},
		"/v1/benches/1":    {&bench, &ledger.BenchView{}},
		"/v1/runs/1":       {&run, &ledger.RunView{}},
	} {
		if st := f.get(path, c.got); st != http.StatusOK {
			t.Fatalf("GET %s = %d", path, st)
		}
		if d := cmp.Diff(c.want, c.got, cmp.AllowUnexported(ledger.Amount{})); d != "" {
			t.Errorf("GET %s (-want +got):\n%s", path, d)
		}
	}
}

// TestChallengeListsAreEmptyArraysBeforeAnyIsMade: a reader never gets null for a list.
func TestChallengeListsAreEmptyArraysBeforeAnyIsMade(t *testing.T) {
	f := newFixture(t)
	for _, path := range []string{"/v1/challenges", "/v1/benches"} {
		var got []any
		if st := f.get(path, &got); st != http.StatusOK || got == nil || len(got) != 0 {
			t.Errorf("GET %s before any = %d %v, want 200 []", path, st, got)
		}
	}
}

// TestMissingAndMalformedChallengeIDsAreRefused: a missing challenge, bench or run is a
// 404 and an id that cannot be parsed a 400, each with its exact message.
func TestMissingAndMalformedChallengeIDsAreRefused(t *testing.T) {
	f := newFixture(t)
	for _, tc := range []struct {
		path   string
		status int
		msg    string
	}{
		{"/v1/challenges/1", 404, "no challenge 1"},
		{"/v1/challenges/0", 400, "challenge id must be a positive integer"},
		{"/v1/challenges/one", 400, "challenge id must be a positive integer"},
		{"/v1/benches/7", 404, "no bench 7"},
		{"/v1/benches/-1", 400, "bench id must be a positive integer"},
		{"/v1/runs/3", 404, "no run 3"},
		{"/v1/runs/0x1", 400, "run id must be a positive integer"},
	} {
		var got api.ErrorBody
		st := f.get(tc.path, &got)
		if want := (api.ErrorBody{Error: api.ErrorDetail{Class: "EXPECTED", Message: tc.msg}}); st != tc.status || got != want {
			t.Errorf("GET %s = %d %+v, want %d %+v", tc.path, st, got, tc.status, want)
		}
	}
}

// challengeFixture is an arena with one validator, a bench version its check accepted
// (quorum 1), a challenge published on it and one program committed.
func challengeFixture(t *testing.T) *fixture {
	t.Helper()
	val, err := account.Generate()
	if err != nil {
		t.Fatal(err)
	}
	f := newFixtureWith(t, func(tm *ledger.Terms) { tm.Validators = []ledger.Address{val.Address()} })
	send := func(k *account.Key, nonce uint64, value ledger.Amount, body ledger.Body) {
		t.Helper()
		tx := ledgertest.Stamped(f.terms, &ledger.Tx{From: k.Address(), Nonce: nonce, Value: value, Body: body})
		if err := k.SignTx(tx); err != nil {
			t.Fatal(err)
		}
		if st, b := f.post(f.encode(tx)); st != http.StatusOK || strings.Contains(string(b), `"error"`) {
			t.Fatalf("%s: %d %s", body.Kind(), st, b)
		}
	}
	send(f.sender, 1, ledger.Amount{}, challenge.BenchRegister{
		Name: "toolbench", Version: 1, Module: strings.Repeat("a", 64), Size: 1000, Kinds: []string{"memory", "tool"},
		MinCases: 100, Profiles: []string{"full", "practice"}, Quorum: 1, InitGas: 1, CaseGas: 1, BenchGas: 1,
		MaxPages: 2048, Platform: challenge.Platform, Fold: challenge.DefaultFold(),
	})
	var b ledger.BenchView
	f.eng.View(func(s *ledger.State) { b, _ = s.Bench(1) })
	send(val, 1, ledger.Amount{}, challenge.BenchCheckAttest{Round: b.Round, Attempt: 1,
		Result: challenge.BenchCheck{Dataset: strings.Repeat("b", 64), Cases: 114, Kinds: []string{"memory", "tool"}}})
	var now int64
	f.eng.View(func(s *ledger.State) { now = s.Now() })
	send(f.sender, 2, ledger.Ether(10), challenge.Publish{Bench: "toolbench", Title: "memory", Deposit: ledger.Ether(1), PerEpoch: ledger.Ether(3), EpochS: 60, End: now + 3600})
	value, _ := ledger.Ether(1).Add(f.terms.GradingFee)
	send(f.sender, 3, value, challenge.Commit{Challenge: 1, Program: strings.Repeat("c", 64), Size: 10, Profile: "full"})
	f.anchored()
	return f
}
