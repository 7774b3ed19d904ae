package tender

import (
	"fmt"
	"strings"
)

// verdictTokens are the words a scorable verdict may be written as, besides a JSON
// boolean, lower-cased, with a space or hyphen read as an underscore.
var verdictTokens = map[string]bool{
	"true": true, "yes": true, "scorable": true, "y": true,
	"false": false, "no": false, "not_scorable": false, "n": false,
}

// verdict is a scorability answer as read: whether the criteria can be scored, and the
// criteria flagged as not, ascending and distinct, each with its reason.
type verdict struct {
	scorable bool
	flagged  []int
	reasons  []string
}

// shapeVerdict reads a scorability answer about count criteria: "scorable", a boolean
// or a verdict token, and "flagged", a list of rows each naming a criterion in range
// (under the keys a scorecard row uses) with a reason. Flagged criteria come out
// ascending and distinct, a repeat keeping its first reason; a scorable verdict flags
// none, whatever the list held. The first fault found is returned, wrapping its
// grading.Err value.
func shapeVerdict(text string, count int) (verdict, error) {
	m, err := object(text)
	if err != nil {
		return verdict{}, err
	}
	scorable, err := scorableOf(m["scorable"])
	if err != nil {
		return verdict{}, err
	}
	v := verdict{scorable: scorable, flagged: []int{}, reasons: []string{}}
	if scorable {
		return v, nil
	}
	rows, ok := m["flagged"].([]any)
	if !ok && m["flagged"] != nil {
		return verdict{}, fmt.Errorf("%w: flagged %v", ErrNoVerdict, m["flagged"])
	}
	reasons := make([]string, count)
	for _, r := range rows {
		i, reason, err := flaggedRow(r, count)
		if err != nil {
			return verdict{}, err
		}
		if reasons[i] == "" {
			reasons[i] = reason
		}
	}
	for i, r := range reasons {
		if r != "" {
			v.flagged, v.reasons = append(v.flagged, i), append(v.reasons, r)
		}
	}
	return v, nil
}

// scorableOf reads the verdict itself.
func scorableOf(x any) (bool, error) {
	switch x := x.(type) {
	case bool:
		return x, nil
	case string:
		t := strings.NewReplacer(" ", "_", "-", "_").Replace(strings.ToLower(strings.TrimSpace(x)))
		if b, ok := verdictTokens[t]; ok {
			return b, nil
		}
	}
	return false, fmt.Errorf("%w: scorable %v", ErrNoVerdict, x)
}

// flaggedRow reads one flagged criterion: its index and its reason.
func flaggedRow(r any, count int) (int, string, error) {
	row, ok := r.(map[string]any)
	if !ok {
		return 0, "", fmt.Errorf("%w: flagged %v", ErrCriterion, r)
	}
	i, err := indexOf(row, count)
	if err != nil {
		return 0, "", err
	}
	v, _ := lookup(row, reasonKeys)
	reason, err := reasonOf(v)
	if err != nil {
		return 0, "", fmt.Errorf("flagged criterion %d: %w", i, err)
	}
	return i, reason, nil
}
