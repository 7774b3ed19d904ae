package ledger_test

import (
	"bytes"
	"testing"

	"github.com/arena/arena/board"
	"github.com/arena/arena/board/boardtest"
	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/book"
)

// moneyLine checks the board's money line during a random walk: now and then the walk
// renders the board from the state's snapshot, parses the figures the page displays
// and checks that they add up and name every pool that holds something
// (boardtest.CheckMoneyLine). It remembers which pools the line showed holding
// something, so that each walk can say it put money in its kind's pools.
type moneyLine map[book.Pool]bool

// check renders the board of s and checks its money line.
func (m moneyLine) check(t *testing.T, s *State, step int) {
	t.Helper()
	snap := s.Snapshot()
	var page bytes.Buffer
	if err := board.Render(&page, snap); err != nil {
		t.Fatalf("step %d: render the board: %v", step, err)
	}
	if err := boardtest.CheckMoneyLine(page.String(), snap.Arena.Balances); err != nil {
		t.Fatalf("step %d: %v", step, err)
	}
	for _, p := range snap.Arena.Balances.Pools() {
		if !p.Amount.IsZero() {
			m[p.Pool] = true
		}
	}
}

// showed fails the test unless the line showed each of pools holding something at one
// of the steps it was checked.
func (m moneyLine) showed(t *testing.T, pools ...book.Pool) {
	t.Helper()
	for _, p := range pools {
		if !m[p] {
			t.Errorf("the board's money line never showed %s holding anything", p)
		}
	}
}
