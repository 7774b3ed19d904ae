package api_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/arena/arena/api"
	"github.com/arena/arena/ledger"
)

// Prize tiers, top-ups and extensions through the API: POST /v1/tx takes them, GET
// /v1/tasks/{id} shows the shares, who added what and each extension, and a bad split
// is refused with its exact message.
func TestTiersTopUpsAndExtensionsThroughTheAPI(t *testing.T) {
	f := newFixture(t)
	txs := []*ledger.Tx{
		f.tx(1, ledger.Ether(100), ledger.PostTask{Title: "Write a haiku", Spec: "A haiku about ledgers.", Rubric: "At most 100 characters.", ClosesInS: 3600, Shares: []int{6000, 3000, 1000}}),
		f.tx(2, ledger.Ether(7), ledger.TopUp{Task: 1}),
		f.tx(3, ledger.Amount{}, ledger.Extend{Task: 1, ByS: 600}),
	}
	for _, tx := range txs {
		if st, b := f.post(f.encode(tx)); st != http.StatusOK {
			t.Fatalf("POST %s: %d %s", tx.Body.Kind(), st, b)
		}
	}
	var raw map[string]json.RawMessage
	if st := f.get("/v1/tasks/1", &raw); st != http.StatusOK {
		t.Fatalf("GET /v1/tasks/1 = %d", st)
	}
	var tv ledger.TaskView
	f.get("/v1/tasks/1", &tv)
	if string(raw["shares"]) != "[6000,3000,1000]" || len(tv.TopUps) != 1 || !tv.TopUps[0].Amount.Eq(ledger.Ether(7)) || len(tv.Extensions) != 1 || tv.Extensions[0] != tv.ClosesAt || !tv.Prize.Eq(ledger.Ether(107)) {
		t.Fatalf("task %s", raw)
	}
	_, b := f.post(f.encode(f.tx(4, ledger.Ether(1), ledger.PostTask{Title: "t", Spec: "s", Rubric: "r", ClosesInS: 60, Shares: []int{5000, 4000}})))
	var eb api.ErrorBody
	if err := json.Unmarshal(b, &eb); err != nil || eb.Error.Message != "Prize shares must be positive whole basis points summing to 10000" || eb.Error.Class != "EXPECTED" {
		t.Fatalf("a bad split answered %s", b)
	}
}
