package client_test

import (
	"errors"
	"testing"

	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
)

// strong is a result a one-member committee's leader can settle: rung 4, no checks.
var strong = ledger.Result{Tier: 4, Passed: true, Score: 80, JudgedScore: 80, JudgedTier: 4, Rationale: "usable as it stands"}

// TestWaitEntryFollowsTheRoundUntilItSettles: DESIGN.md, "the ledger records who
// agreed". WaitEntry reports the tally as attestations arrive and returns the entry
// with its settled grade.
func TestWaitEntryFollowsTheRoundUntilItSettles(t *testing.T) {
	f := newFixture(t, 3)
	entry, round := f.entryInRound(t)
	var seen []client.Progress
	done := make(chan error, 1)
	var got ledger.EntryView
	go func() {
		var err error
		got, err = f.c.WaitEntry(t.Context(), entry, func(p client.Progress) { seen = append(seen, p) })
		done <- err
	}()
	if _, err := f.validator.Send(t.Context(), ledger.Amount{}, ledger.Attest{Round: round, Attempt: 1, Result: strong}); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatalf("WaitEntry: %v", err)
	}
	if got.Current == nil || got.Current.Tier != 4 || got.Current.Score != 80 || got.State != ledger.EntryGraded {
		t.Fatalf("entry = %+v, want graded at rung 4, score 80", got)
	}
	last := seen[len(seen)-1]
	if last.State != ledger.RoundSettled || last.Attested != 1 || last.Agreeing != 1 || last.Committee != 1 || last.Quorum != 1 {
		t.Errorf("last progress = %+v, want settled with 1/1 attested and 1 agreeing", last)
	}
}

// TestWaitRoundReportsAnExhaustedRound: DESIGN.md, "a round that exhausts its attempts
// leaves the entry ungraded, visibly". WaitRound returns an *Error naming the round.
func TestWaitRoundReportsAnExhaustedRound(t *testing.T) {
	f := newFixture(t, 1)
	_, round := f.entryInRound(t)
	bad := ledger.Result{Error: "[LLM_ERROR] No merit rung in the response"}
	if _, err := f.validator.Send(t.Context(), ledger.Amount{}, ledger.Attest{Round: round, Attempt: 1, Result: bad}); err != nil {
		t.Fatal(err)
	}
	r, err := f.c.WaitRound(t.Context(), round, nil)
	var ce *client.Error
	if !errors.As(err, &ce) || r.State != ledger.RoundExhausted {
		t.Fatalf("WaitRound = %s, %v; want exhausted with an *Error", r.State, err)
	}
	if want := "[EXPECTED] Round 1 exhausted its 1 attempts without agreement; entry 1 is left ungraded"; ce.Error() != want {
		t.Errorf("error %q, want %q", ce.Error(), want)
	}
}
