package tender

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/arena/arena/ledger/tender"
)

// BenchmarkScoringOverhead measures what a validator spends on one bid besides the
// model: the prompt built from eight criteria and a proposal of the longest length a
// tender stores (6000 characters, with angle brackets to fence), the answer extracted
// from prose, parsed and coerced into a scorecard. The model answers at once, in
// process. It reports the time per bid.
func BenchmarkScoringOverhead(b *testing.B) {
	cs := make([]string, tender.CriteriaMax)
	rows := make([]string, tender.CriteriaMax)
	for i := range cs {
		cs[i] = fmt.Sprintf("Criterion %d: names <evidence> for the claim, with dates and figures.", i)
		rows[i] = fmt.Sprintf(`{"i": %d, "score": "%d/5", "reason": "quotes the plan: design by 1 March, build by 1 April"}`, i, i%6)
	}
	answer := "Here is the scorecard:\n```json\n{\"scores\": [" + strings.Join(rows, ", ") + "]}\n```"
	unit := "We deliver <b>on time</b>: design by 1 March, build by 1 April. "
	text := strings.Repeat(unit, tender.MaxProposalLen/len(unit))
	v := scoring(text)
	v.Criteria = cs
	s := &Scorer{Model: &instant{text: answer}}
	if card := s.Run(context.Background(), v); card.Error != "" || len(card.Scores) != tender.CriteriaMax {
		b.Fatalf("scorecard %+v", card)
	}
	b.ReportAllocs()
	for b.Loop() {
		s.Run(context.Background(), v)
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "µs/bid")
}
