package ledger_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	. "github.com/arena/arena/ledger"
)

// "The founding terms (name, entry bond, appeal bond, appeal window, validator set and
// quorum, registry address) are fixed when an arena is opened": every bad term is refused
// by its exact message.
func TestFoundingRefusesEveryBadTerm(t *testing.T) {
	good := newArena(t, 5, nil).s.Terms()
	v := good.Validators
	zero := Address{}
	tests := []struct {
		name string
		edit func(*Terms)
		want *Error
	}{
		{"no chain", func(t *Terms) { t.Chain = "" }, errTermsChain},
		{"long chain", func(t *Terms) { t.Chain = strings.Repeat("c", MaxChainLen+1) }, errTermsChain},
		{"no name", func(t *Terms) { t.Name = "" }, errTermsName},
		{"long name", func(t *Terms) { t.Name = strings.Repeat("n", MaxNameLen+1) }, errTermsName},
		{"no symbol", func(t *Terms) { t.Symbol = "" }, errTermsSymbol},
		{"zero entry bond", func(t *Terms) { t.EntryBond = Amount{} }, errTermsEntryBond},
		{"zero appeal bond", func(t *Terms) { t.AppealBond = Amount{} }, errTermsAppealBond},
		{"zero window", func(t *Terms) { t.AppealWindowS = 0 }, errTermsWindow},
		{"negative window", func(t *Terms) { t.AppealWindowS = -1 }, errTermsWindow},
		{"endless window", func(t *Terms) { t.AppealWindowS = MaxCloseS + 1 }, errTermsWindow},
		{"no grading window", func(t *Terms) { t.GradingWindowS = 0 }, errTermsGradingWindow},
		{"endless grading window", func(t *Terms) { t.GradingWindowS = MaxCloseS + 1 }, errTermsGradingWindow},
		{"no validators", func(t *Terms) { t.Validators = nil }, errTermsValidators},
		{"too many validators", func(t *Terms) { t.Validators = make([]Address, MaxValidators+1) }, errTermsValidators},
		{"negative committee", func(t *Terms) { t.Committee = -1 }, errTermsNegative},
		{"negative quorum", func(t *Terms) { t.Quorum = -1 }, errTermsNegative},
		{"quorum over committee", func(t *Terms) { t.Committee, t.Quorum = 3, 4 }, errTermsQuorumSize},
		{"quorum not a majority", func(t *Terms) { t.Quorum = 2 }, errTermsQuorumMajority},
		{"no attempts", func(t *Terms) { t.Attempts = 0 }, errTermsAttempts},
		{"too many attempts", func(t *Terms) { t.Attempts = MaxAttempts + 1 }, errTermsAttempts},
		{"no timeout", func(t *Terms) { t.RoundTimeoutS = 0 }, errTermsTimeout},
		{"negative gas rate", func(t *Terms) { t.GasRate = -1 }, errTermsGasRate},
		{"gas rate past the cap", func(t *Terms) { t.GasRate = MaxGasRate + 1 }, errTermsGasRate},
		{"too many allocations", func(t *Terms) { t.Genesis = make([]Allocation, MaxGenesis+1) }, errTermsGenesis},
		{"repeated validator", func(t *Terms) { t.Validators = []Address{v[0], v[1], v[0]} }, errTermsDistinct},
		{"zero validator", func(t *Terms) { t.Validators = []Address{v[0], zero, v[1]} }, errTermsDistinct},
		{"zero registry", func(t *Terms) { t.Registry = &zero }, errTermsRegistry},
		{"genesis to zero", func(t *Terms) { t.Genesis = []Allocation{{Amount: Ether(1)}} }, errGenesisZero},
		{"genesis overflow", func(t *Terms) {
			max := MustAmount("115792089237316195423570985008687907853269984665640564039457584007913129639935")
			t.Genesis = []Allocation{{Address: v[0], Amount: max}, {Address: v[1], Amount: NewAmount(1)}}
		}, errGenesisOverflow},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			terms := good
			terms.Validators = append([]Address(nil), good.Validators...)
			tt.edit(&terms)
			s, err := New(terms)
			if s != nil {
				t.Fatal("New returned a state for bad terms")
			}
			wantErr(t, err, tt.want)
		})
	}
}

// "Genesis allocations ... credit wallet balances": a new arena is at height 0, holds
// nothing, and each genesis wallet has its allocation.
func TestFoundingFundsGenesisWallets(t *testing.T) {
	a := newArena(t, 5, nil)
	if a.s.Height() != 0 {
		t.Fatalf("height %d, want 0", a.s.Height())
	}
	if diff := cmp.Diff(Balances{}, a.s.Arena().Balances, cmp.Comparer(Amount.Eq)); diff != "" {
		t.Fatalf("balances (-want +got):\n%s", diff)
	}
	for _, g := range a.s.Terms().Genesis {
		if got := a.s.Balance(g.Address); !got.Eq(g.Amount) {
			t.Fatalf("wallet %s holds %s, want %s", g.Address, got, g.Amount)
		}
	}
	if got := a.s.NextNonce(a.Addr("alice")); got != 1 {
		t.Fatalf("first nonce %d, want 1", got)
	}
	if err := a.s.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
}

// "Nothing edits them later": Terms returns a copy the caller cannot write through.
func TestFoundingTermsCannotBeEditedThroughTheView(t *testing.T) {
	a := newArena(t, 5, nil)
	got := a.s.Terms()
	got.Validators[0] = Address{1}
	got.Genesis[0].Amount = Ether(1)
	av := a.s.Arena()
	av.Terms.Validators[1] = Address{2}
	if a.s.Terms().Validators[0] != a.Addr("v1") || a.s.Terms().Validators[1] != a.Addr("v2") {
		t.Fatal("writing to a copy of the terms changed the arena's validator set")
	}
	if !a.s.Terms().Genesis[0].Amount.Eq(Ether(1000)) {
		t.Fatal("writing to a copy of the terms changed the genesis")
	}
}
