package ledger

import (
	"slices"

	"github.com/arena/arena/ledger/round"
)

// Judge is one validator's public record as a grader: the rounds it sat on, how often
// its attestation agreed with the verdict a round kept, how often it failed and why, the
// grading fees it earned, and the models it read with, from its own signed receipts. An
// operator's reliability is public, as a solver's reputation is.
type Judge struct {
	Validator Address        `json:"validator"`
	Rounds    int            `json:"rounds"`     // rounds whose committee it sat on
	Attested  int            `json:"attested"`   // attestations it sent, late ones included
	Kept      int            `json:"kept"`       // settled attempts it attested
	Agreed    int            `json:"agreed"`     // of those, agreeing with the verdict kept
	Failed    int            `json:"failed"`     // attestations that were classed failures
	Failures  map[string]int `json:"failures"`   // each failure text, and how often
	Models    []string       `json:"models"`     // provider/model of its receipts, sorted
	Earned    Amount         `json:"earned"`     // grading fees earned
	LastRound RoundID        `json:"last_round"` // the latest round it sat on
}

// Judges returns every validator's record, in the order of the validator set.
func (s *State) Judges() []Judge {
	out := make([]Judge, len(s.terms.Validators))
	at := make(map[Address]int, len(out))
	for i, v := range s.terms.Validators {
		out[i] = Judge{Validator: v, Failures: map[string]int{}, Models: []string{}, Earned: s.book.Account(v).Earned}
		at[v] = i
	}
	models := make([]map[string]bool, len(out))
	for i := range models {
		models[i] = map[string]bool{}
	}
	for _, r := range s.rounds.All() {
		for _, m := range r.Committee {
			if i, ok := at[m]; ok {
				out[i].Rounds++
				out[i].LastRound = r.ID
			}
		}
		for _, a := range r.Attempts {
			for _, x := range a.Attestations {
				i, ok := at[x.Validator]
				if !ok {
					continue
				}
				j := &out[i]
				j.Attested++
				if a.State == round.AttemptSettled && !x.Late {
					j.Kept++
					if x.Agrees {
						j.Agreed++
					}
				}
				if f := x.Verdict.Failure(); f != nil {
					j.Failed++
					j.Failures[f.Error()]++
				}
				if res, ok := x.Verdict.(interface{ Receipts() []Call }); ok {
					for _, c := range res.Receipts() {
						models[i][c.Provider+"/"+c.Model] = true
					}
				}
			}
		}
	}
	for i := range out {
		for m := range models[i] {
			out[i].Models = append(out[i].Models, m)
		}
		slices.Sort(out[i].Models)
	}
	return out
}
