package client_test

import (
	"path/filepath"
	"testing"

	"github.com/arena/arena/account"
	"github.com/arena/arena/api"
	"github.com/arena/arena/chain/solo"
	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
	"net/http/httptest"
)

// fixture is a real solo engine behind the real API on a loopback HTTP server, with
// one validator whose key the test holds, so a test can attest as it.
type fixture struct {
	c            *client.Client
	url          string // the node's base URL
	eng          *solo.Engine
	sponsor      *client.Sender
	solver       *client.Sender
	validator    *client.Sender
	validatorKey *account.Key
}

func newFixture(t *testing.T, attempts int) *fixture {
	t.Helper()
	keys := make([]*account.Key, 4) // sponsor, solver, validator, treasury
	for i := range keys {
		k, err := account.Generate()
		if err != nil {
			t.Fatal(err)
		}
		keys[i] = k
	}
	treasury := keys[3].Address()
	terms := ledger.Terms{
		Chain: "client-test", Name: "Client test arena", Symbol: "GEN",
		EntryBond: ledger.Ether(5), AppealBond: ledger.Ether(20), AppealWindowS: 3600, GradingWindowS: 86400,
		Validators: []ledger.Address{keys[2].Address()}, Attempts: attempts, RoundTimeoutS: 60, DevMode: true, Treasury: &treasury,
		Genesis: []ledger.Allocation{{Address: keys[0].Address(), Amount: ledger.Ether(1000)}, {Address: keys[1].Address(), Amount: ledger.Ether(100)}},
	}
	eng, err := solo.Open(solo.Config{Path: filepath.Join(t.TempDir(), "arena.db")}, &terms)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	srv := httptest.NewServer(api.New(api.Config{Chain: eng, Deliveries: eng.DB().Deliveries, Works: eng.DB()}))
	t.Cleanup(srv.Close)
	c := client.New(srv.URL, srv.Client())
	return &fixture{c: c, url: srv.URL, eng: eng, sponsor: c.Sender(keys[0]), solver: c.Sender(keys[1]), validator: c.Sender(keys[2]), validatorKey: keys[2]}
}

// entryInRound posts a task, enters it and opens a grading round, returning the
// entry and the round.
func (f *fixture) entryInRound(t *testing.T) (ledger.EntryID, ledger.RoundID) {
	t.Helper()
	ctx := t.Context()
	rc, err := f.sponsor.Send(ctx, ledger.Ether(50), ledger.PostTask{Title: "A haiku", Spec: "Write a haiku about ledgers.", Rubric: "It should be at most 3 lines.", ClosesInS: 3600})
	if err != nil {
		t.Fatal(err)
	}
	rc, err = f.solver.Send(ctx, ledger.Ether(5), ledger.Submit{Task: ledger.TaskID(rc.Outcome.Created), Work: "Blocks fall like snow\nEach one sealed by the last\nThe ledger is calm"})
	if err != nil {
		t.Fatal(err)
	}
	entry := ledger.EntryID(rc.Outcome.Created)
	rc, err = f.solver.Send(ctx, ledger.Amount{}, ledger.Grade{Entry: entry})
	if err != nil {
		t.Fatal(err)
	}
	return entry, ledger.RoundID(rc.Outcome.Created)
}
