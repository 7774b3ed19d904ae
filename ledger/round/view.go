package round

import (
	"encoding/json"
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

// Detail is a round of any kind in full: every attempt, and every attestation with its
// verdict as the round's kind encodes it (a bounty's result, a tender's scorecard, a
// run's measurement). It is what GET /v1/rounds/{id}/attempts answers, so that one
// reader prints who led each attempt, who agreed, disagreed or failed and why, and who
// was late, whatever the kind.
type Detail struct {
	ID        ID              `json:"id"`
	Kind      string          `json:"kind"`
	Subject   uint64          `json:"subject"`
	Ref       uint64          `json:"ref"`
	OpenedAt  int64           `json:"opened_at"`
	Committee []book.Address  `json:"committee"`
	Quorum    int             `json:"quorum"` // agreeing verdicts, leader included, that settle it
	State     string          `json:"state"`
	Attempts  []AttemptDetail `json:"attempts"`
}

// AttemptDetail is one attempt of a Detail.
type AttemptDetail struct {
	Attempt      int                 `json:"attempt"`
	Leader       book.Address        `json:"leader"`
	OpenedAt     int64               `json:"opened_at"`
	Deadline     int64               `json:"deadline"`
	State        string              `json:"state"`
	Attestations []AttestationDetail `json:"attestations"` // in the order recorded, late ones included
}

// AttestationDetail is one committee member's verdict on an attempt.
type AttestationDetail struct {
	Validator book.Address    `json:"validator"`
	Height    uint64          `json:"height"`
	Failure   string          `json:"failure,omitempty"` // the verdict's classed failure, "[CLASS] message"; empty for a result
	Verdict   json.RawMessage `json:"verdict"`           // the verdict as the round's kind encodes it
	Agrees    bool            `json:"agrees_with_leader"`
	Late      bool            `json:"late,omitempty"` // recorded after the attempt ended; never tallied
}

// Detail returns round id in full, or false when there is none. It keeps nothing that
// points into the set.
func (s *Set) Detail(id ID) (Detail, bool) {
	r := s.Get(id)
	if r == nil {
		return Detail{}, false
	}
	v := Detail{
		ID: r.ID, Kind: r.Kind, Subject: r.Subject, Ref: r.Ref, OpenedAt: r.OpenedAt, Committee: slices.Clone(r.Committee),
		Quorum: s.quorum(r), State: r.State, Attempts: make([]AttemptDetail, len(r.Attempts)),
	}
	for i, a := range r.Attempts {
		av := AttemptDetail{Attempt: a.Attempt, Leader: a.Leader, OpenedAt: a.OpenedAt, Deadline: a.Deadline, State: a.State,
			Attestations: make([]AttestationDetail, len(a.Attestations))}
		for j, at := range a.Attestations {
			x := AttestationDetail{Validator: at.Validator, Height: at.Height, Agrees: at.Agrees, Late: at.Late, Verdict: json.RawMessage("null")}
			if f := at.Verdict.Failure(); f != nil {
				x.Failure = f.Error()
			}
			if b, err := json.Marshal(at.Verdict); err == nil {
				x.Verdict = b
			}
			av.Attestations[j] = x
		}
		v.Attempts[i] = av
	}
	return v, true
}
