package ledger_test

import (
	"strings"
	"testing"

	"github.com/arena/arena/ledger/bounty"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// "Copy-and-reword needs public entries; sealed tasks remove the surface": on a sealed
// task solvers commit sha256(salt, address, work) with the bond before close, reveal
// after close, and are graded in commit order over revealed work once the reveal window
// has passed. An entry never revealed forfeits its bond.

const revealS = 2 * 3600

func sealedTask(t *testing.T) (*arena, TaskID) {
	a := newArena(t, 5, nil)
	out := a.Do("sponsor", Ether(200), PostTask{Title: "Audit", Spec: "Find the bug.", Rubric: "Name the line.", ClosesInS: 3600, Sealed: true, RevealS: revealS})
	return a, TaskID(out.Created)
}

func (a *arena) commit(task TaskID, solver, salt, work string) EntryID {
	c := bounty.Commit(salt, a.Addr(solver), work)
	return EntryID(a.Do(solver, entryBond, Submit{Task: task, Commitment: c}).Created)
}

func TestSealedEntriesAreRevealedAfterCloseAndGradedInCommitOrder(t *testing.T) {
	a, task := sealedTask(t)
	salt := strings.Repeat("s", 16)
	alice := a.commit(task, "alice", salt, "line 42 overflows")
	bob := a.commit(task, "bob", salt+"b", "line 42 overflows, as alice said")
	carol := a.commit(task, "carol", salt+"c", "never revealed")
	if ev, _ := a.s.Entry(alice); ev.State != EntrySealed || ev.Work != "" || ev.Commitment == "" {
		t.Fatalf("alice's entry before reveal %+v", ev)
	}
	a.Refused(errNotRevealed, "stranger", Amount{}, Grade{Entry: alice})
	a.Refused(errRevealEarly, "alice", Amount{}, Reveal{Entry: alice, Salt: salt, Work: "line 42 overflows"})

	a.Wait(3600)
	a.Refused(errRevealOwn, "bob", Amount{}, Reveal{Entry: alice, Salt: salt, Work: "line 42 overflows"})
	a.Refused(errRevealMismatch, "alice", Amount{}, Reveal{Entry: alice, Salt: salt, Work: "line 41 overflows"})
	a.Refused(errSalt, "alice", Amount{}, Reveal{Entry: alice, Salt: "short", Work: "line 42 overflows"})
	a.Do("bob", Amount{}, Reveal{Entry: bob, Salt: salt + "b", Work: "line 42 overflows, as alice said"})
	a.Do("alice", Amount{}, Reveal{Entry: alice, Salt: salt, Work: "line 42 overflows"})
	a.Refused(errNotSealedEntry, "alice", Amount{}, Reveal{Entry: alice, Salt: salt, Work: "line 42 overflows"})
	a.Refused(errNotRevealed, "stranger", Amount{}, Grade{Entry: bob}) // the reveal window is still open

	a.Wait(revealS)
	a.Refused(errRevealLate, "carol", Amount{}, Reveal{Entry: carol, Salt: salt + "c", Work: "never revealed"})
	a.Refused(errNotRevealed, "stranger", Amount{}, Grade{Entry: carol})
	r := a.OpenRound(bob)
	if len(r.Inputs.Earlier) != 1 || r.Inputs.Earlier[0] != alice {
		t.Fatalf("bob's round measures against %v, want alice's earlier commitment", r.Inputs.Earlier)
	}
	// alice revealed after bob, but committed first: she is the original, bob the copy.
	copied := ledgertest.Reading(0, 0, true)
	copied.DuplicateOf = alice
	a.AttestAll(r.ID, copied)
	a.GradeAs(alice, ledgertest.Reading(4, 0, false))
	a.Wait(window)
	a.Do("stranger", Amount{}, Award{Task: task})
	tv, _ := a.s.Task(task)
	if tv.Winner != alice {
		t.Fatalf("winner %d, want alice", tv.Winner)
	}
	if ev, _ := a.s.Entry(carol); ev.Outcome != "forfeited" || !a.s.Claimable(a.Addr("carol")).IsZero() {
		t.Fatalf("carol's unrevealed entry %+v", ev)
	}
	if got := a.s.Arena().Balances.SlashPool; !got.Eq(Ether(10)) {
		t.Fatalf("slash pool %s, want bob's copy and carol's forfeit", got)
	}
}

func TestSealedTasksRefuseWorkAndOpenTasksRefuseCommitments(t *testing.T) {
	a, sealed := sealedTask(t)
	open := a.Post(Ether(100))
	c := bounty.Commit(strings.Repeat("s", 16), a.Addr("alice"), "w")
	a.Refused(errSealedCommit, "alice", entryBond, Submit{Task: sealed, Work: "in the clear"})
	a.Refused(errSealedCommit, "alice", entryBond, Submit{Task: sealed, Commitment: "abc"})
	a.Refused(errSealedCommit, "alice", entryBond, Submit{Task: sealed, Commitment: c, Work: "both"})
	a.Refused(errNotSealed, "alice", entryBond, Submit{Task: open, Commitment: c})
	a.Refused(errRevealWindow, "sponsor", Ether(1), PostTask{Title: "t", Spec: "s", Rubric: "r", ClosesInS: 60, Sealed: true})
	a.Refused(errRevealWindow, "sponsor", Ether(1), PostTask{Title: "t", Spec: "s", Rubric: "r", ClosesInS: 60, RevealS: 60})
	a.commit(sealed, "bob", strings.Repeat("b", 16), "bob's work")
	a.Wait(3600)
	a.Refused(errAwardSealed, "stranger", Amount{}, Award{Task: sealed})
}
