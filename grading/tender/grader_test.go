package tender

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/round"
	"github.com/arena/arena/ledger/tender"
)

// TestATimedOutAttemptIsMovedOnByItsOwnTransaction: the tender brief, "A timed-out
// attempt is moved on by the same Score tx", "timed-out attempt moved on by the same
// Resolve". A scoring round moves on with score(bid), an appeal's rescoring (Ref 1)
// with resolve(bid); the Scorer moves on no round of another kind.
func TestATimedOutAttemptIsMovedOnByItsOwnTransaction(t *testing.T) {
	s := &Scorer{}
	tests := []struct {
		r    round.View
		want ledger.Body
	}{
		{round.View{ID: 4, Kind: Kind, Subject: 12}, tender.Score{Bid: 12}},
		{round.View{ID: 5, Kind: Kind, Subject: 12, Ref: 1}, tender.Resolve{Bid: 12}},
	}
	for _, tc := range tests {
		if got, ok := s.Rotate(nil, tc.r); !ok || got != tc.want {
			t.Errorf("Rotate(%+v) = %#v, %v; want %#v", tc.r, got, ok, tc.want)
		}
	}
	if got, ok := s.Rotate(nil, round.View{Kind: "bounty", Subject: 12}); ok {
		t.Errorf("the scorer moved on a bounty round with %#v", got)
	}
}

// TestNothingIsFrozenFromAStateWithoutTheRound: Freeze and a check's Rotate read the
// round's frozen inputs from the state, and report false when it holds none.
func TestNothingIsFrozenFromAStateWithoutTheRound(t *testing.T) {
	s, err := ledger.New(ledgertest.Terms(4))
	if err != nil {
		t.Fatal(err)
	}
	r := round.View{ID: 1, Kind: Kind, Subject: 1}
	if _, ok := (&Scorer{}).Freeze(s, r); ok {
		t.Error("the scorer froze a round the state does not hold")
	}
	r.Kind = CheckKind
	if _, ok := (&Checker{}).Freeze(s, r); ok {
		t.Error("the checker froze a round the state does not hold")
	}
	if body, ok := (&Checker{}).Rotate(s, r); ok {
		t.Errorf("the checker moved on a round the state does not hold with %#v", body)
	}
}

// TestACheckIsFrozenAndMovedOnWithItsOwnCriteria: the tender brief, "a check whose
// current attempt timed out is moved on by the same Check tx". On a real ledger, the
// Checker freezes the criteria the check's round froze and nothing else of the round,
// moves a timed-out attempt on with check(those criteria), and the Scorer freezes
// nothing of a check's round.
func TestACheckIsFrozenAndMovedOnWithItsOwnCriteria(t *testing.T) {
	s, err := ledger.New(ledgertest.Terms(4))
	if err != nil {
		t.Fatal(err)
	}
	c := ledgertest.Drive(t, ledgertest.NewBare(s))
	c.Do("sponsor", ledger.Amount{}, tender.Check{Criteria: criteria})
	var r round.View
	c.View(func(s *ledger.State) { r = s.GradingRounds()[0] })
	if r.Kind != CheckKind {
		t.Fatalf("round %+v; want the check's", r)
	}
	j, ok := (&Checker{Model: &instant{text: `{"scorable": true}`}}).Freeze(s, r)
	if !ok || !cmp.Equal(j.(checkJob).v, ledger.TenderRoundView{ID: r.ID, Kind: CheckKind, Check: 1, Criteria: criteria, State: round.Open}) {
		t.Fatalf("froze %+v, %v", j, ok)
	}
	body, ok := (&Checker{}).Rotate(s, r)
	if want := (tender.Check{Criteria: criteria}); !ok || !cmp.Equal(body, ledger.Body(want)) {
		t.Errorf("Rotate = %#v, %v; want %#v", body, ok, want)
	}
	if _, ok := (&Scorer{}).Freeze(s, r); ok {
		t.Error("the scorer froze a scorability round")
	}
	if body, ok := (&Scorer{}).Rotate(s, r); ok {
		t.Errorf("the scorer moved a scorability round on with %#v", body)
	}
}

// TestAnAttestationIsTheKindsOwnTransaction: a scoring run attests tender_attest and a
// check tender_check_attest, for the round and attempt the validator names, carrying
// the receipts as the validator signed them in place.
func TestAnAttestationIsTheKindsOwnTransaction(t *testing.T) {
	card := `{"scores":[{"i":0,"score":3,"reason":"abc"},{"i":1,"score":3,"reason":"abc"},{"i":2,"score":3,"reason":"abc"}]}`
	att := scoreJob{&Scorer{Model: &instant{text: card}}, scoring(proposal)}.Run(context.Background())
	att.Receipts()[0].Sig = "0xsigned"
	body, ok := att.Body(7, 2).(tender.Attest)
	if !ok || body.Round != 7 || body.Attempt != 2 || len(body.Result.Scores) != 3 || body.Result.Calls[0].Sig != "0xsigned" || att.Failure() != "" {
		t.Errorf("score attestation body %#v", att.Body(7, 2))
	}

	chk := checkJob{&Checker{Model: &instant{text: `{"scorable": true, "flagged": []}`}}, checking(criteria...)}.Run(context.Background())
	chk.Receipts()[0].Sig = "0xsigned"
	cb, ok := chk.Body(9, 1).(tender.CheckAttest)
	if !ok || cb.Round != 9 || cb.Attempt != 1 || !cb.Result.Scorable || cb.Result.Calls[0].Sig != "0xsigned" || chk.Failure() != "" {
		t.Errorf("check attestation body %#v", chk.Body(9, 1))
	}
}

// TestAFailedRunAttestsItsClassAndNoVerdict: a model that could not be reached, a
// provider's refusal, no model at all, and the validator's own timeout each attest
// their classed failure with no scores and no flags (the ledger's "A failed run carries
// a classed error and no scores"), and the receipt of any call the model did answer.
func TestAFailedRunAttestsItsClassAndNoVerdict(t *testing.T) {
	tests := []struct {
		model grading.Model
		want  string
	}{
		{&instant{err: fmt.Errorf("openai m: 503: %w", grading.ErrModelUnavailable)}, "[TRANSIENT] Model unavailable"},
		{&instant{err: fmt.Errorf("openai m: %w: model declined", grading.ErrModelRefused)}, "[LLM_ERROR] Model refused the request"},
		{&instant{err: errors.New("answer is not a chat completion")}, "[LLM_ERROR] Model call failed"},
		{nil, "[TRANSIENT] Model unavailable"},
	}
	for _, tc := range tests {
		card := (&Scorer{Model: tc.model}).Run(context.Background(), scoring(proposal))
		if card.Error != tc.want || len(card.Scores) != 0 || card.Scores == nil || card.Calls == nil {
			t.Errorf("scorer with %v: %+v, want %q and empty lists", tc.model, card, tc.want)
		}
		res := (&Checker{Model: tc.model}).Run(context.Background(), checking(criteria...))
		if res.Error != tc.want || res.Scorable || res.Flagged == nil || len(res.Flagged) != 0 || res.Reasons == nil {
			t.Errorf("checker with %v: %+v, want %q and empty lists", tc.model, res, tc.want)
		}
	}
	timedOut := ledger.NewError(ledger.Transient, "Grading run timed out")
	want := tender.Attest{Round: 3, Attempt: 1, Result: tender.Scorecard{Scores: []tender.CriterionScore{}, Error: "[TRANSIENT] Grading run timed out", Calls: []ledger.Call{}}}
	if diff := cmp.Diff(ledger.Body(want), scoreJob{}.Failed(timedOut).Body(3, 1)); diff != "" {
		t.Errorf("timed-out scoring (-want +got):\n%s", diff)
	}
	wantCheck := tender.CheckAttest{Round: 3, Attempt: 1, Result: tender.CheckResult{Flagged: []int{}, Reasons: []string{}, Error: "[TRANSIENT] Grading run timed out", Calls: []ledger.Call{}}}
	if diff := cmp.Diff(ledger.Body(wantCheck), checkJob{}.Failed(timedOut).Body(3, 1)); diff != "" {
		t.Errorf("timed-out check (-want +got):\n%s", diff)
	}
}

// TestACallIsStampedWithItsPurpose: the receipt of a scoring call says "score" and of
// a check "check", with the times the validator's clock gave, where the model left
// them empty.
func TestACallIsStampedWithItsPurpose(t *testing.T) {
	now := func() time.Time { return time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC) }
	card := (&Scorer{Model: &instant{text: "{}"}, Now: now}).Run(context.Background(), scoring(proposal))
	if c := card.Calls[0]; c.Purpose != "score" || c.Started != "2026-03-01T12:00:00Z" || c.Finished != "2026-03-01T12:00:00Z" {
		t.Errorf("score call %+v", c)
	}
	res := (&Checker{Model: &instant{text: "{}"}, Now: now}).Run(context.Background(), checking(criteria...))
	if c := res.Calls[0]; c.Purpose != "check" || c.Started == "" {
		t.Errorf("check call %+v", c)
	}
}
