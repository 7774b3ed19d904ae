package ledger_test

import (
	"errors"
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// arena is a contest on a bare state, driven by ledgertest: every transaction signed,
// verified and applied in a block of its own, the invariants and the incremental state
// hash checked after each. It keeps the state at hand for the claims' assertions.
type arena struct {
	*ledgertest.Contest
	s    *State
	bare *ledgertest.Bare
}

// newArena opens the test arena (ledgertest.Terms) with n validators, and lets edit
// change the terms first.
func newArena(t testing.TB, n int, edit func(*Terms)) *arena {
	t.Helper()
	terms := ledgertest.Terms(n)
	if edit != nil {
		edit(&terms)
	}
	s, err := New(terms)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	bare := ledgertest.NewBare(s)
	return &arena{Contest: ledgertest.Drive(t, bare), s: s, bare: bare}
}

// The test arena's figures, by the names the claims use.
var (
	testTerms     = ledgertest.Terms(0)
	testChain     = testTerms.Chain
	entryBond     = testTerms.EntryBond
	appealBond    = testTerms.AppealBond
	window        = testTerms.AppealWindowS
	gradingWindow = testTerms.GradingWindowS
	timeout       = testTerms.RoundTimeoutS
	attempts      = testTerms.Attempts
)

// wantErr fails unless err is the refusal want.
func wantErr(t testing.TB, err error, want *Error) {
	t.Helper()
	if !errors.Is(err, want) || err.Error() != want.Error() {
		t.Fatalf("got %v, want %v", err, want)
	}
}
