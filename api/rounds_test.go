package api_test

import (
	"fmt"
	"net/http"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/account"
	"github.com/arena/arena/api"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/tender"
)

// TestARoundOfAnyKindHasItsAttempts: GET /v1/rounds/{id}/attempts answers a round of
// any kind, a bounty's grading and a tender's scorability check alike, exactly as the
// ledger's detail of it; a round that does not exist is a 404 and an id that cannot be
// parsed a 400, each with its exact message.
func TestARoundOfAnyKindHasItsAttempts(t *testing.T) {
	solver, err := account.Generate()
	if err != nil {
		t.Fatal(err)
	}
	treasury := ledger.MustAddress("0x00000000000000000000000000000000000000d0")
	f := newFixtureWith(t, func(t *ledger.Terms) {
		t.Treasury = &treasury
		t.Genesis = append(t.Genesis, ledger.Allocation{Address: solver.Address(), Amount: ledger.Ether(10)})
	})
	post := f.tx(1, ledger.Ether(100), ledger.PostTask{Title: "Write a haiku", Spec: "A haiku about ledgers.", Rubric: "At most 100 characters.", ClosesInS: 3600})
	enter := signed(t, f.terms, solver, 1, ledger.Ether(5), ledger.Submit{Task: 1, Work: "Ledgers never sleep"})
	grade := f.tx(2, ledger.Amount{}, ledger.Grade{Entry: 1})
	check := f.tx(3, ledger.Amount{}, tender.Check{Criteria: []string{"The plan names its milestones."}})
	for _, tx := range []*ledger.Tx{post, enter, grade, check} {
		if st, b := f.post(f.encode(tx)); st != http.StatusOK {
			t.Fatalf("POST %s: %d %s", tx.Body.Kind(), st, b)
		}
	}
	for id, kind := range map[ledger.RoundID]string{1: "bounty", 2: tender.CheckKind} {
		var want ledger.RoundDetail
		f.eng.View(func(s *ledger.State) { want, _ = s.RoundDetail(id) })
		var got ledger.RoundDetail
		path := fmt.Sprintf("/v1/rounds/%d/attempts", id)
		if st := f.get(path, &got); st != http.StatusOK {
			t.Fatalf("GET %s = %d", path, st)
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("GET %s (-ledger +api):\n%s", path, d)
		}
		if got.ID != id || got.Kind != kind || got.State != ledger.RoundOpen || len(got.Attempts) != 1 || !slices.Contains(got.Committee, got.Attempts[0].Leader) {
			t.Errorf("GET %s = %+v, want the open %s round %d with its first attempt", path, got, kind, id)
		}
	}
	for _, tc := range []struct {
		path   string
		status int
		msg    string
	}{
		{"/v1/rounds/3/attempts", 404, "no round 3"},
		{"/v1/rounds/x/attempts", 400, "round id must be a positive integer"},
		{"/v1/rounds/0/attempts", 400, "round id must be a positive integer"},
	} {
		var got api.ErrorBody
		want := api.ErrorBody{Error: api.ErrorDetail{Class: "EXPECTED", Message: tc.msg}}
		if st := f.get(tc.path, &got); st != tc.status || got != want {
			t.Errorf("GET %s = %d %+v, want %d %+v", tc.path, st, got, tc.status, want)
		}
	}
}
