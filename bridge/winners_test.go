package bridge_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/bridge"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// "The registry bridge and webhooks carry every winner": a bounty award that paid
// three ranks, or a team, crosses with every payee rank by rank in winners, beside
// the first place's winner as before; a single winner's award carries no winners key,
// so its webhook body is as it always was.
func TestEveryWinnerCrosses(t *testing.T) {
	first, second, third := ledger.MustAddress("0x00000000000000000000000000000000000000a1"), ledger.MustAddress("0x00000000000000000000000000000000000000a2"), ledger.MustAddress("0x00000000000000000000000000000000000000a3")
	pay := ledger.Ether(60)
	payees := []ledger.Payee{{Rank: 1, Entry: 3, Address: first, Amount: ledger.Ether(60)}, {Rank: 2, Entry: 5, Address: second, Amount: ledger.Ether(30)},
		{Rank: 3, Entry: 6, Address: third, Amount: ledger.Ether(10)}}
	ev := ledger.Event{Type: "award", Task: 2, Entry: 3, Address: &first, Amount: &pay, Score: 80, Note: ledger.TaskAwarded, Payees: payees}
	a, err := bridge.AwardOf("c", store.OutboxEvent{Height: 3, Event: ev})
	if err != nil {
		t.Fatalf("AwardOf: %v", err)
	}
	if d := cmp.Diff(payees, a.Winners, cmp.Comparer(ledger.Amount.Eq)); d != "" || *a.Winner != first || a.Entry != 3 {
		t.Fatalf("award %+v; winners (-want +got):\n%s", a, d)
	}
	body, _ := json.Marshal(a)
	if want := `"winners":[{"rank":1,"entry":3,"address":"` + first.String() + `","amount":"60000000000000000000"},` +
		`{"rank":2,"entry":5,"address":"` + second.String() + `","amount":"30000000000000000000"},` +
		`{"rank":3,"entry":6,"address":"` + third.String() + `","amount":"10000000000000000000"}]`; !strings.Contains(string(body), want) {
		t.Errorf("webhook body %s lacks the three winners %s", body, want)
	}
	ev.Payees = nil
	a, _ = bridge.AwardOf("c", store.OutboxEvent{Height: 3, Event: ev})
	if body, _ := json.Marshal(a); strings.Contains(string(body), "winners") {
		t.Errorf("a single winner's body names winners: %s", body)
	}
}
