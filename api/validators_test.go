package api_test

import (
	"net/http"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/valset"
)

// GET /v1/validators lists the set's records with their bonds: a founder of an arena
// whose terms name a validator bond has posted it from its genesis allocation.
func TestValidatorsListsTheSetWithItsBonds(t *testing.T) {
	f := newFixtureWith(t, func(tm *ledger.Terms) {
		tm.ValidatorBond = ledger.Ether(10)
		tm.Genesis = append(tm.Genesis, ledger.Allocation{Address: tm.Validators[0], Amount: ledger.Ether(100)})
	})
	var vs []ledger.ValidatorView
	if st := f.get("/v1/validators", &vs); st != http.StatusOK {
		t.Fatalf("status %d", st)
	}
	if len(vs) != 1 || vs[0].Address != f.terms.Validators[0] || vs[0].Status != valset.Active || !vs[0].Bond.Eq(ledger.Ether(10)) {
		t.Fatalf("validators %+v, want the founder active with its 10 GEN bond", vs)
	}
}
