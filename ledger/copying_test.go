package ledger

import "testing"

// "Order of filing decides, not order of grading. The original is never the copy, even
// when the copy is graded first."
func TestCopyingTheOriginalIsNeverTheCopy(t *testing.T) {
	a := newArena(t, 5, nil)
	task := a.post(Ether(150))
	original := a.enter(task, "alice", "poll loop, accepted a batch")
	copied := a.enter(task, "bob", "polling loop, took a batch")
	dup := reading(0, 0, true)
	dup.DuplicateOf, dup.Similarity, dup.JudgedTier = original, 86, 4
	g := a.gradeAs(copied, dup)
	if g.DuplicateOf != original || !g.Disqualified || g.Result.Similarity != 86 {
		t.Fatalf("copy's grade %+v", g)
	}
	r := a.openRound(original)
	backwards := reading(0, 0, true)
	backwards.DuplicateOf = copied
	a.refused(errDuplicateNotEarlier, a.byAddr(r.Attempts[0].Leader), Amount{}, Attest{Round: r.ID, Attempt: 1, Result: backwards})
	a.attestAll(r.ID, reading(4, 0, false))
	a.wait(3600 + window)
	a.do("stranger", Amount{}, Award{Task: task})
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
	rule := reading(0, 0, true)
	asCopy := rule
	asCopy.DuplicateOf = first
	a.attestAll(r.ID, rule, asCopy)
	if at := a.attempt(r.ID); at.Attempt != 2 {
		t.Fatalf("attempt %d, want the copy filing to disagree", at.Attempt)
	}
	a.attestAll(r.ID, rule)
	if ev, _ := a.s.Entry(e); ev.Current == nil || ev.Current.DuplicateOf != 0 || !ev.Current.Disqualified {
		t.Fatalf("grade %+v", ev.Current)
	}
}
