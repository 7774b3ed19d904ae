package rung

import (
	"bytes"
	"cmp"
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/arena/arena/ledger"
)

// fields are the names a model files its rung under, in order of precedence.
var fields = []string{"rung", "tier", "level", "merit", "grade", "rating", "score", "value"}

// reasonFields are the names a model files its reason under.
var reasonFields = []string{"reason", "rationale", "explanation", "justification"}

// parseObject reads a JSON object: the first of fields, in order, whose value can be
// read, with the first of reasonFields that is a string.
func parseObject(s string) (Reading, error) {
	d := json.NewDecoder(strings.NewReader(s))
	d.UseNumber()
	var obj map[string]json.RawMessage
	if err := d.Decode(&obj); err != nil {
		return Reading{}, ErrNoRung
	}
	// Names are case-insensitive; where two differ only in case, the lower-case one
	// wins, then the first in byte order, so the choice never depends on map order.
	lower := make(map[string]json.RawMessage, len(obj))
	keys := slices.Sorted(maps.Keys(obj))
	slices.SortStableFunc(keys, func(a, b string) int {
		return cmp.Compare(b2i(a != strings.ToLower(a)), b2i(b != strings.ToLower(b)))
	})
	for _, k := range keys {
		if _, dup := lower[strings.ToLower(k)]; !dup {
			lower[strings.ToLower(k)] = obj[k]
		}
	}
	for _, f := range fields {
		v, ok := lower[f]
		if !ok {
			continue
		}
		r, err := rawValue(v)
		if err != nil {
			continue
		}
		r.Reason = reason(lower)
		return r, nil
	}
	return Reading{}, ErrNoRung
}

// rawValue reads a JSON number or string as a value. A string is read as one line of a
// plain-text answer is: a value ("4", "strong"), or one of fields before a value ("Rung
// 4", "tier four", "Level: 4 (strong)"), so a rung named inside the string under any
// field reads as it does written alone.
func rawValue(v json.RawMessage) (Reading, error) {
	v = bytes.TrimSpace(v)
	if len(v) > 0 && v[0] == '"' {
		var s string
		if err := json.Unmarshal(v, &s); err != nil {
			return Reading{}, ErrNoRung
		}
		if r, err := Value(s); err == nil {
			return r, nil
		}
		if e, ok := labelled(s); ok && slices.Contains(fields, e.name) {
			return Value(e.value)
		}
		return Reading{}, ErrNoRung
	}
	if len(v) > 0 && (v[0] == '-' || (v[0] >= '0' && v[0] <= '9')) {
		return Value(string(v))
	}
	return Reading{}, ErrNoRung
}

// reason returns the first of reasonFields in obj that is a string, trimmed and clipped.
func reason(obj map[string]json.RawMessage) string {
	for _, f := range reasonFields {
		var s string
		if v, ok := obj[f]; ok && json.Unmarshal(v, &s) == nil {
			return clip(strings.TrimSpace(s), ledger.MaxRationaleLen)
		}
	}
	return ""
}

// clip cuts s to at most n bytes at a rune boundary.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
