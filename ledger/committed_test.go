package ledger_test

import (
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// "Work is fixed at filing": a URL entry is graded on the bytes whose sha256 it committed
// when it was filed, and a result measured on any other bytes is refused, whoever sends it.
func TestAURLEntryIsGradedOnlyOnTheBytesItCommitted(t *testing.T) {
	a := newArena(t, 5, nil)
	task := a.Post(Ether(100))
	e := EntryID(a.Do("bob", entryBond, Submit{Task: task, WorkURL: "https://bob.example/guide.md", WorkSHA256: guideSHA}).Created)
	r := a.OpenRound(e)
	leader := a.ByAddr(a.Attempt(r.ID).Leader)
	other := ledgertest.Reading(5, 0, false)
	other.WorkDigest = "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988" // today's page
	a.Refused(errNotCommittedWork, leader, Amount{}, Attest{Round: r.ID, Attempt: 1, Result: other})

	committed := ledgertest.Reading(4, 0, false)
	committed.WorkDigest = guideSHA
	a.AttestAll(r.ID, committed)
	if ev, _ := a.s.Entry(e); ev.Current == nil || ev.Current.Tier != 4 {
		t.Fatalf("entry %+v", ev)
	}
	// A page that changed since filing is an agreed failure, never a grade.
	e2 := EntryID(a.Do("carol", entryBond, Submit{Task: task, WorkURL: "https://carol.example/n.md", WorkSHA256: guideSHA}).Created)
	r2 := a.OpenRound(e2)
	a.AttestAll(r2.ID, ledgertest.Failure(External, "Work changed since filing"))
	if ev, _ := a.s.Entry(e2); ev.State != EntryFailed {
		t.Fatalf("entry %+v", ev)
	}
}
