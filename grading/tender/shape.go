package tender

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/arena/arena/ledger/tender"
)

// The keys an answer may use for each field, in the order they are looked for.
var (
	listKeys   = []string{"scores", "results", "criteria", "grades", "items"}
	indexKeys  = []string{"i", "index", "criterion", "id", "n"}
	scoreKeys  = []string{"score", "value", "rating", "points"}
	reasonKeys = []string{"reason", "why", "justification"}
)

// object reads the JSON object between the first '{' and the last '}' of text: the
// whole answer when it is one, or the object inside prose or a code fence. Numbers are
// kept as written, so that 3.0 and 3 are told apart only where the rules say.
func object(text string) (map[string]any, error) {
	i, j := strings.IndexByte(text, '{'), strings.LastIndexByte(text, '}')
	if i < 0 || j < i {
		return nil, ErrNoObject
	}
	dec := json.NewDecoder(strings.NewReader(text[i : j+1]))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil || m == nil || dec.More() {
		return nil, fmt.Errorf("%w: %v", ErrNoObject, err)
	}
	return m, nil
}

// lookup returns the value of the first of keys that m holds.
func lookup(m map[string]any, keys []string) (any, bool) {
	for _, k := range keys {
		if v, ok := m[k]; ok {
			return v, true
		}
	}
	return nil, false
}

// indexOf reads a row's criterion index: a whole number (2, 2.0 or "2") in 0..count-1.
func indexOf(row map[string]any, count int) (int, error) {
	v, _ := lookup(row, indexKeys)
	var f float64
	switch x := v.(type) {
	case json.Number:
		n, err := x.Float64()
		if err != nil {
			return 0, fmt.Errorf("%w: index %s", ErrCriterion, x)
		}
		f = n
	case string:
		n, err := strconv.Atoi(strings.TrimSpace(x))
		if err != nil {
			return 0, fmt.Errorf("%w: index %q", ErrCriterion, x)
		}
		f = float64(n)
	default:
		return 0, fmt.Errorf("%w: index %v", ErrCriterion, v)
	}
	if f != math.Trunc(f) || f < 0 || f >= float64(count) {
		return 0, fmt.Errorf("%w: index %v of %d criteria", ErrCriterion, f, count)
	}
	return int(f), nil
}

// scoreOf coerces a score as the rules read one: a boolean is refused; otherwise the
// text up to any "/" ("3/5" is 3), as a number, rounded half to even (2.5 is 2, 3.5 is
// 4), must lie in 0..5.
func scoreOf(v any) (int, error) {
	var s string
	switch x := v.(type) {
	case json.Number:
		s = x.String()
	case string:
		s = x
	default: // a boolean, null, a list, an object, or no score at all
		return 0, fmt.Errorf("%w: %v", ErrScoreValue, v)
	}
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '/'); i >= 0 {
		s = strings.TrimSpace(s[:i])
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, fmt.Errorf("%w: %q", ErrScoreValue, s)
	}
	r := math.RoundToEven(f)
	if r < 0 || r > tender.ScoreMax {
		return 0, fmt.Errorf("%w: %q", ErrScoreRange, s)
	}
	return int(r), nil
}

// reasonOf reads a reason: text, its whitespace collapsed, cut to MaxReasonLen
// characters, and at least MinReasonLen long.
func reasonOf(v any) (string, error) {
	s, _ := v.(string)
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) > tender.MaxReasonLen {
		s = strings.TrimSpace(string([]rune(s)[:tender.MaxReasonLen]))
	}
	if utf8.RuneCountInString(s) < tender.MinReasonLen {
		return "", fmt.Errorf("%w: %q", ErrReason, s)
	}
	return s, nil
}
