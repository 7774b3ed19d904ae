package audit

import (
	"fmt"

	"github.com/arena/arena/ledger"
)

// lapsed re-derives each regrade of e that kept no grade (its appeal lapsed): its
// panel and quorum from the terms, as for a grade kept, and that no attempt of it kept a
// result by that quorum, which is why the grade appealed is still the one in force.
func (r *Report) lapsed(snap *ledger.Snapshot, e ledger.EntryView) {
	for _, id := range e.Rounds {
		round, ok := roundOf(snap, id)
		if !ok {
			r.fail(fmt.Sprintf("round %d", id), "the entry names a round the snapshot lacks")
			continue
		}
		if !round.Regrade || round.Grade != nil || round.State == ledger.RoundOpen {
			continue
		}
		prefix := fmt.Sprintf("regrade %d ", id)
		q := r.panel(prefix, &snap.Arena.Terms, round)
		best := 0
		for _, at := range round.Attempts {
			best = max(best, keeping(at))
		}
		r.Steps = append(r.Steps, Step{
			Name: prefix + "quorum", Want: fmt.Sprintf("fewer than %d", q), Got: fmt.Sprint(best), OK: best < q,
			Note: fmt.Sprintf("the most members who agreed on a result it could keep, over its %s: it lapsed, and the grade appealed stands", plural(len(round.Attempts), "attempt")),
		})
	}
}

// plural returns "1 attempt" or "n attempts".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// keeping counts the attestations of at, leader included and late ones not, that agreed
// with a leader's verdict the round could keep: 0 when the leader did not attest, or
// failed in a way that settles nothing (the model's refusal, or the outside world
// unavailable).
func keeping(at ledger.AttemptView) int {
	n, led := 0, false
	for _, x := range at.Attestations {
		if x.Validator != at.Leader || x.Late {
			continue
		}
		led = true
		if f, ok := ledger.ParseError(x.Result.Error); ok && (f.Class == ledger.Transient || f.Class == ledger.LLMError) {
			return 0
		}
	}
	if !led {
		return 0
	}
	for _, x := range at.Attestations {
		if x.Agrees && !x.Late {
			n++
		}
	}
	return n
}
