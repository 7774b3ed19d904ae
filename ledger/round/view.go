package round

import (
	"slices"

	"github.com/arena/arena/ledger/book"
)

// View is a round as every kind shares it: what it grades, who sits on its committee,
// and each attempt with who has attested it, without the verdicts, whose shape is the
// kind's. A validator reads it to find the rounds of any kind it must grade or move
// on; a kind's own view gives the inputs the round froze.
type View struct {
	ID        ID             `json:"id"`
	Kind      string         `json:"kind"`
	Subject   uint64         `json:"subject"`
	Ref       uint64         `json:"ref"`
	OpenedAt  int64          `json:"opened_at"`
	Committee []book.Address `json:"committee"`
	State     string         `json:"state"`
	Attempts  []AttemptView  `json:"attempts"`
}

// AttemptView is one attempt of a round as every kind shares it.
type AttemptView struct {
	Attempt  int            `json:"attempt"`
	Leader   book.Address   `json:"leader"`
	OpenedAt int64          `json:"opened_at"`
	Deadline int64          `json:"deadline"`
	State    string         `json:"state"`
	Attested []book.Address `json:"attested"` // every member who attested, in the order recorded, late ones included
}

// View returns r as every kind shares it. It keeps nothing that points into r.
func (r *Round) View() View {
	v := View{
		ID: r.ID, Kind: r.Kind, Subject: r.Subject, Ref: r.Ref, OpenedAt: r.OpenedAt,
		Committee: slices.Clone(r.Committee), State: r.State, Attempts: make([]AttemptView, len(r.Attempts)),
	}
	for i, a := range r.Attempts {
		av := AttemptView{Attempt: a.Attempt, Leader: a.Leader, OpenedAt: a.OpenedAt, Deadline: a.Deadline, State: a.State,
			Attested: make([]book.Address, len(a.Attestations))}
		for j, at := range a.Attestations {
			av.Attested[j] = at.Validator
		}
		v.Attempts[i] = av
	}
	return v
}

// Current returns the view's latest attempt; ok is false when it has none.
func (v View) Current() (a AttemptView, ok bool) {
	if len(v.Attempts) == 0 {
		return AttemptView{}, false
	}
	return v.Attempts[len(v.Attempts)-1], true
}

// HasAttested reports whether member m attested attempt a.
func (a AttemptView) HasAttested(m book.Address) bool { return slices.Contains(a.Attested, m) }
