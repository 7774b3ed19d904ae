package board

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/arena/arena/ledger"
)

// judgeRow is one validator's line of the judge panel: the rounds it sat on, how often
// it agreed with the verdict a round kept, how often it failed and mostly why, and the
// models its receipts name. Grading fees earned are not in a snapshot, so the panel
// leaves them to GET /v1/judges and `arena show judges`.
type judgeRow struct {
	Addr             string
	Rounds, Attested int
	Kept, Agreed     int
	Rate             string // agreed of kept as a whole percentage; "" when it kept none
	Failed           int
	TopFailure       string // the failure it gave most often, the first by text on a tie
	TopCount         int
	Models           string // provider/model of its receipts, sorted, comma-separated
}

// judgeRows returns the panel's rows, one per validator in the order of the validator
// set, from the snapshot's rounds.
func judgeRows(s *ledger.Snapshot) []judgeRow {
	js := judgesOf(s)
	rows := make([]judgeRow, len(js))
	for i, j := range js {
		r := judgeRow{Addr: j.Validator.String(), Rounds: j.Rounds, Attested: j.Attested, Kept: j.Kept, Agreed: j.Agreed,
			Failed: j.Failed, Models: strings.Join(j.Models, ", ")}
		if j.Kept > 0 {
			r.Rate = strconv.Itoa(j.Agreed*100/j.Kept) + "%"
		}
		r.TopFailure, r.TopCount = topFailure(j.Failures)
		rows[i] = r
	}
	return rows
}

// judgesOf derives each validator's record from the rounds of s, the bounty's and the
// tender's, exactly as ledger.State.Judges derives it from the state, Earned aside: the
// snapshot carries every attestation, its verdict and its receipts, but not the
// accounts.
func judgesOf(s *ledger.Snapshot) []ledger.Judge {
	vals := s.Arena.Terms.Validators
	out := make([]ledger.Judge, len(vals))
	at := make(map[ledger.Address]int, len(vals))
	models := make([]map[string]bool, len(vals))
	for i, v := range vals {
		out[i] = ledger.Judge{Validator: v, Failures: map[string]int{}, Models: []string{}}
		at[v], models[i] = i, map[string]bool{}
	}
	sat := func(id ledger.RoundID, committee []ledger.Address) {
		for _, m := range committee {
			if i, ok := at[m]; ok {
				out[i].Rounds++
				out[i].LastRound = max(out[i].LastRound, id)
			}
		}
	}
	for _, r := range s.Rounds {
		sat(r.ID, r.Committee)
		for _, a := range r.Attempts {
			for _, x := range a.Attestations {
				if i, ok := at[x.Validator]; ok {
					tally(&out[i], models[i], a.State == ledger.AttemptSettled, x.Late, x.Agrees, x.Result.Error, x.Result.Calls)
				}
			}
		}
	}
	for _, r := range s.TenderRounds {
		sat(r.ID, r.Committee)
		for _, a := range r.Attempts {
			for k := range a.Attestations {
				x := &a.Attestations[k]
				if i, ok := at[x.Validator]; ok {
					tally(&out[i], models[i], a.State == ledger.AttemptSettled, x.Late, x.Agrees, failureOf(x), callsOf(x))
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

// tally counts one attestation, of any kind, into j: whether its attempt settled,
// whether it came late and agreed with the leader, its classed failure ("" for none)
// and its receipts.
func tally(j *ledger.Judge, models map[string]bool, settled, late, agrees bool, failure string, calls []ledger.Call) {
	j.Attested++
	if settled && !late {
		j.Kept++
		if agrees {
			j.Agreed++
		}
	}
	if e, ok := ledger.ParseError(failure); ok {
		j.Failed++
		j.Failures[e.Error()]++
	}
	for _, c := range calls {
		models[c.Provider+"/"+c.Model] = true
	}
}

// topFailure returns the failure given most often and how often; the first by text wins
// a tie, so the page is the same on every render.
func topFailure(fs map[string]int) (string, int) {
	texts := make([]string, 0, len(fs))
	for t := range fs {
		texts = append(texts, t)
	}
	slices.SortFunc(texts, func(a, b string) int {
		if c := cmp.Compare(fs[b], fs[a]); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	if len(texts) == 0 {
		return "", 0
	}
	return texts[0], fs[texts[0]]
}
