package tender

import (
	"context"
	"log/slog"
	"slices"
	"time"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/grading/prompt"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/round"
	"github.com/arena/arena/ledger/tender"
)

// Kind and CheckKind are the contest kinds a Scorer and a Checker grade: the keys a
// validator files them under.
const (
	Kind      = tender.Kind
	CheckKind = tender.CheckKind
)

// Scorer scores tender proposals: the Grader of the rounds of Kind. Its zero value needs
// only Model. It is safe for concurrent use.
type Scorer struct {
	Model grading.Model    // scores the proposal
	Now   func() time.Time // stamps a Call the Model left unstamped; nil: leave it
}

var _ grading.Grader = (*Scorer)(nil)

// Run scores v's proposal against its frozen criteria (with its appeal's argument
// attached as a claim when v is a rescoring) in one model call, and returns the
// scorecard a validator attests to: one score per criterion, in order, or the classed
// failure and no scores. Run never panics on any input.
func (p *Scorer) Run(ctx context.Context, v ledger.TenderRoundView) tender.Scorecard {
	card := tender.Scorecard{Scores: []tender.CriterionScore{}, Calls: []ledger.Call{}}
	text, e := complete(ctx, p.Model, p.Now, scorePrompt(v), &card.Calls)
	if e != nil {
		card.Error = e.Error()
		return card
	}
	scores, err := shapeScores(text, len(v.Criteria))
	if err != nil {
		card.Error = classifyShape(err).Error()
		return card
	}
	card.Scores = scores
	return card
}

// Freeze copies out of s the inputs scoring round r froze when it opened: the criteria,
// the proposal and, on a rescoring, the appeal's argument. It reports false when r is
// not a scoring round s holds.
func (p *Scorer) Freeze(s *ledger.State, r round.View) (grading.Job, bool) {
	v, ok := s.TenderRound(r.ID)
	if !ok || v.Kind != Kind {
		return nil, false
	}
	return scoreJob{p, inputs(v)}, true
}

// Rotate returns the transaction that moves a timed-out scoring attempt on: score(bid)
// for a first scoring, resolve(bid) for an appeal's rescoring (Ref != 0).
func (p *Scorer) Rotate(_ *ledger.State, r round.View) (ledger.Body, bool) {
	if r.Kind != Kind {
		return nil, false
	}
	if r.Ref != 0 {
		return tender.Resolve{Bid: tender.BidID(r.Subject)}, true
	}
	return tender.Score{Bid: tender.BidID(r.Subject)}, true
}

// scoreJob is one scoring round's frozen inputs.
type scoreJob struct {
	p *Scorer
	v ledger.TenderRoundView
}

// Run scores the frozen proposal.
func (j scoreJob) Run(ctx context.Context) grading.Attestation {
	return &scoreAttestation{j.p.Run(ctx, j.v)}
}

// Failed returns a scorecard that carries e alone.
func (j scoreJob) Failed(e *ledger.Error) grading.Attestation {
	return &scoreAttestation{tender.Scorecard{Scores: []tender.CriterionScore{}, Error: e.Error(), Calls: []ledger.Call{}}}
}

// scoreAttestation is a scorecard as a validator attests it.
type scoreAttestation struct{ card tender.Scorecard }

// Receipts returns the scorecard's calls, shared, for the validator to sign in place.
func (a *scoreAttestation) Receipts() []ledger.Call { return a.card.Calls }

// Failure returns the scorecard's classed error, or "".
func (a *scoreAttestation) Failure() string { return a.card.Error }

// Body returns tender_attest(round, attempt, scorecard).
func (a *scoreAttestation) Body(id ledger.RoundID, attempt int) ledger.Body {
	return tender.Attest{Round: id, Attempt: attempt, Result: a.card}
}

// LogValue is what the validator's log says the run found.
func (a *scoreAttestation) LogValue() slog.Value {
	scores := make([]int, len(a.card.Scores))
	for i, s := range a.card.Scores {
		scores[i] = s.Score
	}
	return slog.GroupValue(slog.Any("scores", scores), slog.String("error", a.card.Error))
}

// inputs returns the part of round view v a run reads, its frozen inputs, copied: the
// round's attempts and attestations stay behind.
func inputs(v ledger.TenderRoundView) ledger.TenderRoundView {
	return ledger.TenderRoundView{
		ID: v.ID, Kind: v.Kind, Tender: v.Tender, Bid: v.Bid, Check: v.Check, Rescoring: v.Rescoring,
		Criteria: slices.Clone(v.Criteria), Proposal: v.Proposal, Argument: v.Argument, State: v.State,
	}
}

// complete makes a run's one model call: it stamps and appends the call's receipt to
// calls whenever the model produced one, and returns the answer's text, or the call's
// classed failure.
func complete(ctx context.Context, m grading.Model, now func() time.Time, p prompt.Prompt, calls *[]ledger.Call) (string, *ledger.Error) {
	if m == nil {
		return "", grading.ClassifyModel(grading.ErrNoModel)
	}
	var started time.Time
	if now != nil {
		started = now()
	}
	text, call, err := m.Complete(ctx, p)
	if call, ok := grading.Stamp(call, p.Purpose, started, now); ok {
		*calls = append(*calls, call)
	}
	if err != nil {
		return "", grading.ClassifyModel(err)
	}
	return text, nil
}
