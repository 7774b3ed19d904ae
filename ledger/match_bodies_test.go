package ledger

import (
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/arena/arena/ledger/match"
)

// A match's agents, entry fee, fee rate and seed commitment are frozen at creation: the
// body table holds exactly the match's seven transactions, only Create carries agents
// or a seed commitment, and only Create, Join and Bet carry value.
func TestMatchNoTransactionEditsTheTerms(t *testing.T) {
	var got []string
	for _, k := range slices.Sorted(maps.Keys(bodies)) {
		if strings.HasPrefix(string(k), "match_") {
			got = append(got, string(k))
		}
	}
	want := []string{"match_bet", "match_commit", "match_create", "match_finish", "match_join", "match_reclaim", "match_reveal"}
	if !slices.Equal(got, want) {
		t.Fatalf("match transactions %v, want exactly %v", got, want)
	}
	agents := reflect.TypeFor[[2]match.Agent]()
	for _, b := range []Body{match.Create{}, match.Join{}, match.Commit{}, match.Bet{}, match.Reveal{}, match.Finish{}, match.Reclaim{}} {
		bt := reflect.TypeOf(b)
		for i := range bt.NumField() {
			if f := bt.Field(i); (f.Type == agents || f.Name == "SeedCommitment" || f.Name == "EntryFee" || f.Name == "FeeBps") && b.Kind() != match.KindCreate {
				t.Errorf("%s carries %s", b.Kind(), f.Name)
			}
		}
		if value := b.Kind() == match.KindCreate || b.Kind() == match.KindJoin || b.Kind() == match.KindBet; takesValue(b.Kind()) != value {
			t.Errorf("%s takes value: %v", b.Kind(), takesValue(b.Kind()))
		}
	}
}
