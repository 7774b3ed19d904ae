package ledger_test

import (
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/round"
)

// "Failure paths need consensus too, or a leader could escape a grade it did not like by
// failing": the four classes, compared by class.
func TestFailuresNeedConsensus(t *testing.T) {
	notFound := ledgertest.Failure(External, "Work URL returned 404")
	forbidden := ledgertest.Failure(External, "Work URL returned 403")
	down := ledgertest.Failure(Transient, "Work host unavailable (503)")
	timeoutErr := ledgertest.Failure(Transient, "Work host timed out")
	noRung := ledgertest.Failure(LLMError, "No merit rung in the response")
	honest := ledgertest.Reading(3, 0, false)

	t.Run("agreed EXTERNAL settles the entry as failed", func(t *testing.T) {
		a, _, e, r := contest(t)
		a.AttestAll(r.ID, notFound)
		ev, _ := a.s.Entry(e)
		if ev.State != EntryFailed || ev.Current == nil || ev.Current.Error != notFound.Error || ev.Current.Disqualified {
			t.Fatalf("entry %+v", ev)
		}
		a.Refused(errAlreadyGraded, "carol", Amount{}, Grade{Entry: e})
	})
	t.Run("404 and 403 disagree", func(t *testing.T) {
		a, _, _, r := contest(t)
		a.AttestAll(r.ID, notFound, forbidden)
		if at := a.Attempt(r.ID); at.Attempt != 2 {
			t.Fatalf("attempt %d, want the 404 leader discarded", at.Attempt)
		}
	})
	t.Run("TRANSIENT agrees whatever the message and settles nothing", func(t *testing.T) {
		a, _, e, r := contest(t)
		a.AttestAll(r.ID, down, timeoutErr)
		round, _ := a.s.Round(r.ID)
		if round.Attempts[0].State != AttemptTransient || round.Grade != nil || len(round.Attempts) != 2 {
			t.Fatalf("round %+v", round)
		}
		if ev, _ := a.s.Entry(e); ev.State != EntryGrading {
			t.Fatalf("state %s", ev.State)
		}
	})
	t.Run("LLM_ERROR from the leader discards at once", func(t *testing.T) {
		a, _, _, r := contest(t)
		lead := a.ByAddr(r.Attempts[0].Leader)
		a.Do(lead, Amount{}, Attest{Round: r.ID, Attempt: 1, Result: noRung})
		round, _ := a.s.Round(r.ID)
		if round.Attempts[0].State != AttemptDiscarded || len(round.Attempts) != 2 {
			t.Fatalf("round %+v", round)
		}
	})
	t.Run("LLM_ERROR never agrees, not even with itself", func(t *testing.T) {
		if round.Agree(noRung, noRung) {
			t.Fatal("LLM_ERROR agreed")
		}
		a, _, _, r := contest(t)
		a.AttestAll(r.ID, honest, noRung)
		if at := a.Attempt(r.ID); at.Attempt != 2 {
			t.Fatalf("attempt %d, want discarded", at.Attempt)
		}
	})
	t.Run("a leader claiming the host is down while the quorum reached it", func(t *testing.T) {
		a, _, e, r := contest(t)
		a.AttestAll(r.ID, down, honest)
		round, _ := a.s.Round(r.ID)
		if round.Attempts[0].State != AttemptDiscarded {
			t.Fatalf("attempt %s, want discarded", round.Attempts[0].State)
		}
		a.AttestAll(r.ID, honest)
		if ev, _ := a.s.Entry(e); ev.Current == nil || ev.Current.Tier != 3 {
			t.Fatalf("the next set did not grade the work: %+v", ev.Current)
		}
	})
	t.Run("discards on every attempt leave the entry ungraded, visibly", func(t *testing.T) {
		a, _, e, r := contest(t)
		for range attempts {
			a.AttestAll(r.ID, noRung)
		}
		round, _ := a.s.Round(r.ID)
		ev, _ := a.s.Entry(e)
		if round.State != RoundExhausted || ev.State != EntryUngraded || len(round.Attempts) != attempts {
			t.Fatalf("round %s with %d attempts, entry %s", round.State, len(round.Attempts), ev.State)
		}
	})
}
