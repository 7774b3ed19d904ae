package tender

import (
	"fmt"
	"slices"

	"github.com/arena/arena/ledger/tender"
)

// shapeScores reads a scoring answer as a scorecard of count criteria, sorted by
// criterion: the list under "scores" (else results, criteria, grades or items) with
// exactly count rows, each naming a distinct criterion in range under "i" (else index,
// criterion, id or n), with a score under "score" (else value, rating or points) and a
// reason under "reason" (else why or justification). The first fault found is returned,
// wrapping its grading.Err value.
func shapeScores(text string, count int) ([]tender.CriterionScore, error) {
	m, err := object(text)
	if err != nil {
		return nil, err
	}
	v, _ := lookup(m, listKeys)
	rows, ok := v.([]any)
	if !ok {
		return nil, ErrNoScores
	}
	if len(rows) != count {
		return nil, fmt.Errorf("%w: %d rows for %d criteria", ErrScoreCount, len(rows), count)
	}
	out := make([]tender.CriterionScore, 0, count)
	seen := make([]bool, count)
	for _, r := range rows {
		row, ok := r.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("%w: row %v", ErrCriterion, r)
		}
		cs, err := scoreRow(row, seen)
		if err != nil {
			return nil, err
		}
		out = append(out, cs)
	}
	slices.SortFunc(out, func(a, b tender.CriterionScore) int { return a.Criterion - b.Criterion })
	return out, nil
}

// scoreRow reads one row of a scorecard whose criteria seen records, and marks its own.
func scoreRow(row map[string]any, seen []bool) (tender.CriterionScore, error) {
	i, err := indexOf(row, len(seen))
	if err != nil {
		return tender.CriterionScore{}, err
	}
	if seen[i] {
		return tender.CriterionScore{}, fmt.Errorf("%w: criterion %d", ErrCriterionRepeat, i)
	}
	seen[i] = true
	v, _ := lookup(row, scoreKeys)
	score, err := scoreOf(v)
	if err != nil {
		return tender.CriterionScore{}, fmt.Errorf("criterion %d: %w", i, err)
	}
	v, _ = lookup(row, reasonKeys)
	reason, err := reasonOf(v)
	if err != nil {
		return tender.CriterionScore{}, fmt.Errorf("criterion %d: %w", i, err)
	}
	return tender.CriterionScore{Criterion: i, Score: score, Reason: reason}, nil
}
