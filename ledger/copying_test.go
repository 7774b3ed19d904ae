package ledger_test

import (
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// "Order of filing decides, not order of grading. The original is never the copy, even
// when the copy is graded first."
func TestCopyingTheOriginalIsNeverTheCopy(t *testing.T) {
	a := newArena(t, 5, nil)
	task := a.Post(Ether(150))
	original := a.Enter(task, "alice", "poll loop, accepted a batch")
	copied := a.Enter(task, "bob", "polling loop, took a batch")
	dup := ledgertest.Reading(0, 0, true)
	dup.DuplicateOf, dup.Similarity, dup.JudgedTier = original, 86, 4
	g := a.GradeAs(copied, dup)
	if g.DuplicateOf != original || !g.Disqualified || g.Result.Similarity != 86 {
		t.Fatalf("copy's grade %+v", g)
	}
	r := a.OpenRound(original)
	backwards := ledgertest.Reading(0, 0, true)
	backwards.DuplicateOf = copied
	a.Refused(errDuplicateNotEarlier, a.ByAddr(r.Attempts[0].Leader), Amount{}, Attest{Round: r.ID, Attempt: 1, Result: backwards})
	a.AttestAll(r.ID, ledgertest.Reading(4, 0, false))
	a.Wait(3600 + window)
	a.Do("stranger", Amount{}, Award{Task: task})
	tv, _ := a.s.Task(task)
	if tv.Winner != original {
		t.Fatalf("winner %d, want the original %d", tv.Winner, original)
	}
	if ev, _ := a.s.Entry(copied); ev.Outcome != "slashed" {
		t.Fatalf("copy outcome %q, want slashed", ev.Outcome)
	}
}

// "A rule break is not filed as a copy": a mandatory failure disqualifies with
// duplicate_of 0, and a validator that files it as a copy disagrees.
func TestCopyingARuleBreakIsNotACopy(t *testing.T) {
	a, first, e, r := contest(t)
	rule := ledgertest.Reading(0, 0, true)
	asCopy := rule
	asCopy.DuplicateOf = first
	a.AttestAll(r.ID, rule, asCopy)
	if at := a.Attempt(r.ID); at.Attempt != 2 {
		t.Fatalf("attempt %d, want the copy filing to disagree", at.Attempt)
	}
	a.AttestAll(r.ID, rule)
	if ev, _ := a.s.Entry(e); ev.Current == nil || ev.Current.DuplicateOf != 0 || !ev.Current.Disqualified {
		t.Fatalf("grade %+v", ev.Current)
	}
}
