package api_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/arena/arena/api"
	"github.com/arena/arena/ledger"
	"github.com/google/go-cmp/cmp"
)

// TestViewsAreTheLedgersViews: DESIGN.md, "api/ thin over the node". Every GET answers
// exactly what the ledger's view returns at that height.
func TestViewsAreTheLedgersViews(t *testing.T) {
	f := newFixture(t)
	post := f.tx(1, ledger.Ether(100), ledger.PostTask{Title: "Write a haiku", Spec: "A haiku about ledgers.", Rubric: "At most 100 characters.", ClosesInS: 3600})
	if st, b := f.post(f.encode(post)); st != http.StatusOK {
		t.Fatalf("post task: %d %s", st, b)
	}
	var want ledger.Snapshot
	var task ledger.TaskView
	var tasks []ledger.TaskView
	var acc api.Account
	f.eng.View(func(s *ledger.State) {
		want = s.Snapshot()
		task, _ = s.Task(1)
		tasks = s.Tasks()
		a := f.sender.Address()
		acc = api.Account{Address: a, NextNonce: s.NextNonce(a), Balance: s.Balance(a), Claimable: s.Claimable(a), Reputation: s.Reputation(a)}
	})
	check := func(path string, want, got any) {
		t.Helper()
		if st := f.get(path, got); st != http.StatusOK {
			t.Fatalf("GET %s = %d", path, st)
		}
		if d := cmp.Diff(want, got, cmp.AllowUnexported(ledger.Amount{})); d != "" {
			t.Errorf("GET %s (-want +got):\n%s", path, d)
		}
	}
	check("/v1/snapshot", &want, &ledger.Snapshot{})
	check("/v1/arena", &want.Arena, &ledger.ArenaView{})
	check("/v1/tasks/1", &task, &ledger.TaskView{})
	check("/v1/tasks", &tasks, &[]ledger.TaskView{})
	check("/v1/tasks/1/entries", &[]ledger.EntryView{}, &[]ledger.EntryView{})
	check("/v1/rounds?state=open", &[]ledger.RoundView{}, &[]ledger.RoundView{})
	check("/v1/accounts/"+f.sender.Address().String(), &acc, &api.Account{})
	check("/v1/claimable/"+f.sender.Address().String(), &ledger.Claimable{Address: f.sender.Address()}, &ledger.Claimable{})
	check("/healthz", &api.Health{Status: "ok", Height: want.Arena.Height}, &api.Health{})
}

// TestMissingAndMalformedIDs: a view of something that does not exist is a 404, and an
// id or address that cannot be parsed a 400, each with an exact message.
func TestMissingAndMalformedIDs(t *testing.T) {
	f := newFixture(t)
	tests := []struct {
		path   string
		status int
		msg    string
	}{
		{"/v1/tasks/9", 404, "no task 9"},
		{"/v1/tasks/9/entries", 404, "no task 9"},
		{"/v1/tasks/9/questions", 404, "no task 9"},
		{"/v1/tasks/0/questions", 400, "task id must be a positive integer"},
		{"/v1/entries/3", 404, "no entry 3"},
		{"/v1/entries/3/grades", 404, "no entry 3"},
		{"/v1/rounds/4", 404, "no round 4"},
		{"/v1/tasks/x", 400, "task id must be a positive integer"},
		{"/v1/entries/0", 400, "entry id must be a positive integer"},
		{"/v1/rounds?state=closed", 400, `state must be "open" or absent`},
		{"/v1/accounts/0x12", 400, `address must be 0x followed by 40 hex digits: "0x12"`},
		{"/v1/tx/0x12", 400, "transaction id must be 0x followed by 64 hex digits"},
		{"/v1/tx/0x" + strings.Repeat("ab", 32), 404, "no transaction 0x" + strings.Repeat("ab", 32)},
	}
	for _, tc := range tests {
		var got api.ErrorBody
		st := f.get(tc.path, &got)
		want := api.ErrorBody{Error: api.ErrorDetail{Class: "EXPECTED", Message: tc.msg}}
		if st != tc.status || got != want {
			t.Errorf("GET %s = %d %+v, want %d %+v", tc.path, st, got, tc.status, want)
		}
	}
}

// TestATransactionIsFoundByItsID: GET /v1/tx/{id} answers what POST /v1/tx answered
// for the same transaction, refusals included, with the signed transaction itself.
func TestATransactionIsFoundByItsID(t *testing.T) {
	f := newFixture(t)
	applied := f.tx(1, ledger.Ether(100), ledger.PostTask{Title: "Write a haiku", Spec: "A haiku about ledgers.", Rubric: "At most 100 characters.", ClosesInS: 3600})
	refused := f.tx(2, ledger.Amount{}, ledger.Award{Task: 9})
	for _, tx := range []*ledger.Tx{applied, refused} {
		_, b := f.post(f.encode(tx))
		var posted api.Receipt
		var eb api.ErrorBody
		if err := json.Unmarshal(b, &posted); err != nil || posted.TxID == "" {
			if err := json.Unmarshal(b, &eb); err != nil || eb.Receipt == nil {
				t.Fatalf("POST /v1/tx answered %s", b)
			}
			posted = *eb.Receipt
		}
		var got api.TxAt
		if st := f.get("/v1/tx/"+posted.TxID, &got); st != http.StatusOK {
			t.Fatalf("GET /v1/tx/%s = %d", posted.TxID, st)
		}
		if d := cmp.Diff(posted, got.Receipt, cmp.AllowUnexported(ledger.Amount{})); d != "" {
			t.Errorf("receipt by id (-posted +got):\n%s", d)
		}
		if got.Tx == nil || got.Tx.Nonce != tx.Nonce || got.Tx.Body.Kind() != tx.Body.Kind() {
			t.Errorf("GET /v1/tx/%s returned transaction %+v, want the one sent", posted.TxID, got.Tx)
		}
	}
}

// TestUnknownRoutesAnswerJSON: a path no route serves is a JSON 404, and a known path
// under another method a JSON 405 naming the allowed methods, like every other error.
func TestUnknownRoutesAnswerJSON(t *testing.T) {
	f := newFixture(t)
	for _, tc := range []struct {
		method, path string
		status       int
		msg, allow   string
	}{
		{"GET", "/v1/nothing", 404, "no route GET /v1/nothing", ""},
		{"DELETE", "/v1/tasks", 405, "DELETE is not allowed on /v1/tasks; allowed: GET, HEAD", "GET, HEAD"},
		{"GET", "/v1/tx", 405, "GET is not allowed on /v1/tx; allowed: POST", "POST"},
	} {
		req, err := http.NewRequest(tc.method, f.srv.URL+tc.path, nil)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var got api.ErrorBody
		err = json.NewDecoder(resp.Body).Decode(&got)
		resp.Body.Close()
		want := api.ErrorBody{Error: api.ErrorDetail{Class: "EXPECTED", Message: tc.msg}}
		if err != nil || resp.StatusCode != tc.status || got != want || resp.Header.Get("Allow") != tc.allow {
			t.Errorf("%s %s = %d %+v (Allow %q, %v), want %d %+v (Allow %q)", tc.method, tc.path,
				resp.StatusCode, got, resp.Header.Get("Allow"), err, tc.status, want, tc.allow)
		}
	}
}
