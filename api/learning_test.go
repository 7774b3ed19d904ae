package api_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/account"
	"github.com/arena/arena/api"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/ledger/ledgertest"
)

// TestLearningViewsAreTheLedgersViews: issue 14's API. GET /v1/learning,
// /v1/learning/{id} and /v1/learn-runs/{id} answer exactly the ledger's views: a
// learning challenge published and the run a commit opened, as the ledger shows them.
func TestLearningViewsAreTheLedgersViews(t *testing.T) {
	f := learningFixture(t)
	var all []ledger.LearnChallengeView
	var one ledger.LearnChallengeView
	var run ledger.LearnRunView
	f.eng.View(func(s *ledger.State) {
		all = s.LearnChallenges()
		one, _ = s.LearnChallenge(1)
		run, _ = s.LearnRun(1)
	})
	if len(all) != 1 || len(one.Runs) != 1 || run.ID != 1 {
		t.Fatalf("fixture: %d learning challenges, %d runs", len(all), len(one.Runs))
	}
	for path, c := range map[string]struct{ want, got any }{
		"/v1/learning":     {&all, &[]ledger.LearnChallengeView{}},
		"/v1/learning/1":   {&one, &ledger.LearnChallengeView{}},
		"/v1/learn-runs/1": {&run, &ledger.LearnRunView{}},
	} {
		if st := f.get(path, c.got); st != http.StatusOK {
			t.Fatalf("GET %s = %d", path, st)
		}
		if d := cmp.Diff(c.want, c.got, cmp.AllowUnexported(ledger.Amount{})); d != "" {
			t.Errorf("GET %s (-want +got):\n%s", path, d)
		}
	}
}

// TestLearningListIsAnEmptyArrayBeforeAnyIsPublished: a reader never gets null.
func TestLearningListIsAnEmptyArrayBeforeAnyIsPublished(t *testing.T) {
	f := newFixture(t)
	var got []any
	if st := f.get("/v1/learning", &got); st != http.StatusOK || got == nil || len(got) != 0 {
		t.Errorf("GET /v1/learning before any = %d %v, want 200 []", st, got)
	}
}

// TestMissingAndMalformedLearningIDsAreRefused: a missing learning challenge or run is a
// 404 and an id that cannot be parsed a 400, each with its exact message.
func TestMissingAndMalformedLearningIDsAreRefused(t *testing.T) {
	f := newFixture(t)
	for _, tc := range []struct {
		path   string
		status int
		msg    string
	}{
		{"/v1/learning/1", 404, "no learning challenge 1"},
		{"/v1/learning/0", 400, "learning challenge id must be a positive integer"},
		{"/v1/learning/one", 400, "learning challenge id must be a positive integer"},
		{"/v1/learn-runs/3", 404, "no learning run 3"},
		{"/v1/learn-runs/-1", 400, "learning run id must be a positive integer"},
	} {
		var got api.ErrorBody
		st := f.get(tc.path, &got)
		if want := (api.ErrorBody{Error: api.ErrorDetail{Class: "EXPECTED", Message: tc.msg}}); st != tc.status || got != want {
			t.Errorf("GET %s = %d %+v, want %d %+v", tc.path, st, got, tc.status, want)
		}
	}
}

// learningFixture publishes a learning challenge with a quorum of its one validator
// and commits a pair to it.
func learningFixture(t *testing.T) *fixture {
	t.Helper()
	val, err := account.Generate()
	if err != nil {
		t.Fatal(err)
	}
	f := newFixtureWith(t, func(tm *ledger.Terms) { tm.Validators = []ledger.Address{val.Address()} })
	send := func(nonce uint64, value ledger.Amount, body ledger.Body) {
		t.Helper()
		tx := ledgertest.Stamped(f.terms, &ledger.Tx{From: f.sender.Address(), Nonce: nonce, Value: value, Body: body})
		if err := f.sender.SignTx(tx); err != nil {
			t.Fatal(err)
		}
		if st, b := f.post(f.encode(tx)); st != http.StatusOK || strings.Contains(string(b), `"error"`) {
			t.Fatalf("%s: %d %s", body.Kind(), st, b)
		}
	}
	var now int64
	f.eng.View(func(s *ledger.State) { now = max(s.Now(), time.Now().Unix()) })
	send(1, ledger.Ether(10), learn.Publish{
		Title: "text", Dataset: strings.Repeat("a", 64), DatasetBytes: 1 << 20, Heldout: strings.Repeat("b", 64), HeldoutBytes: 1 << 16,
		CloseAt: now + 3600, RevealBy: now + 7200, End: now + 86400, Deposit: ledger.Ether(1), PerEpoch: ledger.Ether(1), EpochS: 3600,
		ParamCap: 1 << 20, DataCap: 1 << 16, ByteGas: 4096, Quorum: 1, Platform: learn.Platform, GzipBPB: 2_900_000, XzBPB: 2_300_000,
	})
	value, _ := ledger.Ether(1).Add(f.terms.GradingFee)
	send(2, value, learn.Commit{Challenge: 1, Arch: strings.Repeat("c", 64), ArchSize: 10, Train: strings.Repeat("d", 64), TrainSize: 10})
	f.anchored()
	return f
}
