package api_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/account"
	"github.com/arena/arena/api"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/match"
)

// TestMatchViewsAreTheLedgersViews: issue 15's API. GET /v1/matches and
// /v1/matches/{id} answer exactly the ledger's views: [] before any match, then the
// created match as the ledger shows it; a missing match is a 404 and an id that cannot
// be parsed a 400, each with its exact message. Issue 38's: GET /v1/agents is the
// ledger's Agents ([] before any finished match), and GET /v1/matches/{id}/episode of a
// match not finished is a 409 in the ledger's words, never a partial document.
func TestMatchViewsAreTheLedgersViews(t *testing.T) {
	op, err := account.Generate()
	if err != nil {
		t.Fatal(err)
	}
	treasury := ledger.MustAddress("0x00000000000000000000000000000000000000d0")
	f := newFixtureWith(t, func(t *ledger.Terms) {
		t.Treasury, t.Operators, t.OperatorBond = &treasury, []ledger.Address{op.Address()}, ledger.Ether(1)
		t.Genesis = append(t.Genesis, ledger.Allocation{Address: op.Address(), Amount: ledger.Ether(10)})
	})
	var empty []ledger.MatchView
	if st := f.get("/v1/matches", &empty); st != http.StatusOK || empty == nil || len(empty) != 0 {
		t.Fatalf("GET /v1/matches before any match = %d %v, want 200 []", st, empty)
	}
	tx := ledgertest.Stamped(f.terms, &ledger.Tx{Nonce: 1, Value: ledger.Ether(1), Body: match.Create{
		Entrants: [2]ledger.Address{f.sender.Address(), treasury}, Agents: [2]match.Agent{{Model: "m"}, {Model: "m"}},
		EntryFee: ledger.Ether(1), SeedCommitment: match.SeedCommitment([32]byte{1}),
	}})
	if err := op.SignTx(tx); err != nil {
		t.Fatal(err)
	}
	if st, body := f.post(f.encode(tx)); st != http.StatusOK {
		t.Fatalf("create: %d %s", st, body)
	}
	// The engine anchors the match's seed in a block of its own, at most MaxWait after
	// the create; the views are compared once it has, so that no block falls between.
	var all []ledger.MatchView
	var one ledger.MatchView
	var agents []ledger.AgentView
	for try := 0; ; try++ {
		f.eng.View(func(s *ledger.State) { all = s.Matches(); one, _ = s.Match(1); agents = s.Agents() })
		if one.AnchorHeight != 0 {
			break
		}
		if try == 400 {
			t.Fatal("the match was not anchored within 10 s of its create")
		}
		time.Sleep(25 * time.Millisecond)
	}
	for path, c := range map[string]struct{ want, got any }{
		"/v1/matches":   {&all, &[]ledger.MatchView{}},
		"/v1/matches/1": {&one, &ledger.MatchView{}},
		"/v1/agents":    {&agents, &[]ledger.AgentView{}},
	} {
		if st := f.get(path, c.got); st != http.StatusOK {
			t.Fatalf("GET %s = %d", path, st)
		}
		if d := cmp.Diff(c.want, c.got, cmp.AllowUnexported(ledger.Amount{})); d != "" {
			t.Errorf("GET %s (-want +got):\n%s", path, d)
		}
	}
	for _, tc := range []struct {
		path   string
		status int
		msg    string
	}{
		{"/v1/matches/2", 404, "no match 2"},
		{"/v1/matches/0", 400, "match id must be a positive integer"},
		{"/v1/matches/one", 400, "match id must be a positive integer"},
		{"/v1/matches/1/episode", 409, "match 1 is not finished yet: it is waiting"},
		{"/v1/matches/2/episode", 404, "no match 2"},
		{"/v1/matches/x/episode", 400, "match id must be a positive integer"},
	} {
		var got api.ErrorBody
		st := f.get(tc.path, &got)
		if want := (api.ErrorBody{Error: api.ErrorDetail{Class: "EXPECTED", Message: tc.msg}}); st != tc.status || got != want {
			t.Errorf("GET %s = %d %+v, want %d %+v", tc.path, st, got, tc.status, want)
		}
	}
}
