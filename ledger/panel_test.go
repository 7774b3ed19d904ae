package ledger_test

import (
	"slices"
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

var errTermsAppealGrowth = expected("Appeal growth must be 0 to 64 validators")

// "Appeals go to a fresh, larger panel ... larger by a number the terms fix": a growth
// outside 0..64 is refused when the arena is founded.
func TestAppealGrowthIsBounded(t *testing.T) {
	for _, g := range []int{-1, MaxValidators + 1} {
		terms := ledgertest.Terms(5)
		terms.AppealGrowth = g
		_, err := New(terms)
		wantErr(t, err, errTermsAppealGrowth)
	}
}

// regraded grades an entry on an arena of n validators, committees of 3 and the given
// growth, appeals it, and returns the first round and the regrade round.
func regraded(t *testing.T, n, growth int) (*arena, RoundView, RoundView) {
	t.Helper()
	a := newArena(t, n, func(tm *Terms) { tm.Committee, tm.Quorum, tm.AppealGrowth = 3, 0, growth })
	task := a.Post(Ether(200))
	e := a.Enter(task, "bob", "the entry")
	g := a.GradeAs(e, ledgertest.Reading(3, 0, false))
	first, _ := a.s.Round(g.Round)
	out := a.Do("appellant", appealBond, Appeal{Entry: e, Argument: "the reading is too low"})
	second, _ := a.s.Round(RoundID(out.Created))
	return a, first, second
}

// The regrade's panel is the committee plus the growth, every member of it a validator
// who did not sit on the first grade when the set has enough of them, and its quorum
// grows by as much: 3 members with quorum 2 become 5 with quorum 4.
func TestARegradeGoesToAFreshLargerPanel(t *testing.T) {
	a, first, second := regraded(t, 9, 2)
	if len(first.Committee) != 3 || first.Quorum != 0 {
		t.Fatalf("first round: committee %d, quorum %d", len(first.Committee), first.Quorum)
	}
	if len(second.Committee) != 5 || second.Quorum != 4 {
		t.Fatalf("regrade: committee %d, quorum %d; want 5 and 4", len(second.Committee), second.Quorum)
	}
	for _, m := range second.Committee {
		if slices.Contains(first.Committee, m) {
			t.Errorf("%s sat on the first grade and on the regrade, with 6 others free", m)
		}
	}
	// Three agreeing members, the leader first, do not settle it; the fourth does.
	res := ledgertest.Reading(4, 0, false)
	at := a.Attempt(second.ID)
	order := append([]Address{at.Leader}, slices.DeleteFunc(slices.Clone(second.Committee), func(m Address) bool { return m == at.Leader })...)
	for i, m := range order[:4] {
		a.Do(a.ByAddr(m), Amount{}, Attest{Round: second.ID, Attempt: 1, Result: res})
		ev, _ := a.s.Entry(second.Entry)
		if settled := ev.Appeal.Outcome != ""; settled != (i == 3) {
			t.Fatalf("after %d agreeing members: outcome %q", i+1, ev.Appeal.Outcome)
		}
	}
}

// Where the set is too small for a fresh panel, the panel takes every fresh validator
// first and the rest from the first committee, in the seed's draw order, up to the set.
func TestASmallSetFillsThePanelFromTheFirstCommittee(t *testing.T) {
	_, first, second := regraded(t, 5, 2)
	if len(second.Committee) != 5 || second.Quorum != 4 {
		t.Fatalf("regrade: committee %d, quorum %d; want 5 and 4", len(second.Committee), second.Quorum)
	}
	_, _, capped := regraded(t, 4, 2)
	if len(capped.Committee) != 4 || capped.Quorum != 3 {
		t.Errorf("4 validators: committee %d, quorum %d; want 4 and 3", len(capped.Committee), capped.Quorum)
	}
	fresh := 0
	for _, m := range second.Committee {
		if !slices.Contains(first.Committee, m) {
			fresh++
		}
	}
	if fresh != 2 {
		t.Errorf("%d fresh members of 5 validators less a committee of 3, want 2", fresh)
	}
}

// Without a growth in the terms, a regrade is drawn exactly as before: the terms'
// committee and quorum, no quorum of its own.
func TestWithoutGrowthARegradeIsDrawnAsBefore(t *testing.T) {
	_, _, second := regraded(t, 9, 0)
	if len(second.Committee) != 3 || second.Quorum != 0 {
		t.Errorf("regrade: committee %d, quorum %d; want 3 and 0", len(second.Committee), second.Quorum)
	}
}
