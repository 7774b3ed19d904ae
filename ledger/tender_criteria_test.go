package ledger

import (
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/arena/arena/ledger/tender"
)

// "The buyer tries to change the criteria mid-round: impossible. There is no method in
// the contract that edits them." The body table holds exactly the tender's listed
// transactions, and only Publish carries published criteria: nothing else can name a
// weight, a criterion or a primary for a tender that exists.
func TestTenderNoTransactionEditsCriteria(t *testing.T) {
	var got []string
	for _, k := range slices.Sorted(maps.Keys(bodies)) {
		if strings.HasPrefix(string(k), "tender_") {
			got = append(got, string(k))
		}
	}
	want := []string{
		"tender_amend", "tender_answer", "tender_appeal", "tender_attest", "tender_award", "tender_check", "tender_check_attest",
		"tender_commit", "tender_decline", "tender_expire", "tender_publish", "tender_resolve", "tender_reveal", "tender_score", "tender_withdraw",
		"tender_ask",
	}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("tender transactions %v, want exactly %v", got, want)
	}
	criteria := reflect.TypeFor[[]tender.Criterion]()
	for _, b := range []Body{
		tender.Check{}, tender.CheckAttest{}, tender.Publish{}, tender.Commit{}, tender.Amend{}, tender.Withdraw{}, tender.Ask{}, tender.Answer{},
		tender.Reveal{}, tender.Score{}, tender.Attest{}, tender.Appeal{}, tender.Resolve{}, tender.Expire{}, tender.Award{}, tender.Decline{},
	} {
		bt := reflect.TypeOf(b)
		for i := range bt.NumField() {
			if f := bt.Field(i); f.Type == criteria && b.Kind() != tender.KindPublish {
				t.Errorf("%s carries criteria in %s", b.Kind(), f.Name)
			}
		}
	}
}
