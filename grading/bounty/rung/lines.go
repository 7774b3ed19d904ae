package rung

import (
	"slices"
	"strings"

	"github.com/arena/arena/ledger"
)

// fenced returns the content of the first ``` fence in s (the info string, such as
// json, left out; an unclosed fence runs to the end), and whether s has one.
func fenced(s string) (string, bool) {
	i := strings.Index(s, "```")
	if i < 0 {
		return "", false
	}
	rest := s[i+3:]
	j := 0
	for j < len(rest) && infoByte(rest[j]) {
		j++
	}
	if j == len(rest) || strings.ContainsRune(" \t\r\n", rune(rest[j])) {
		rest = rest[j:]
	}
	body, _, _ := strings.Cut(rest, "```")
	return body, true
}

// infoByte reports whether c can be part of a fence's info string ("json", "yaml").
func infoByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '+' || c == '_'
}

// entry is one "name: value" line, its name lower-cased.
type entry struct{ name, value string }

// parseLines reads lines of "name: value", "name = value" or "name value": the rung from
// the first of fields, in order, that some line gives a readable value under (the first
// such line), and the reason from the first line under one of reasonFields.
func parseLines(s string) (Reading, error) {
	var entries []entry
	for line := range strings.Lines(s) {
		if e, ok := labelled(line); ok {
			entries = append(entries, e)
		}
	}
	for _, f := range fields {
		for _, e := range entries {
			if e.name != f {
				continue
			}
			if r, err := Value(e.value); err == nil {
				r.Reason = lineReason(entries)
				return r, nil
			}
		}
	}
	return Reading{}, ErrNoRung
}

// decoration is what markdown and JSON put around a name or a value: bullets, headings,
// quotes, emphasis and code marks.
const decoration = "#>-+*_`\" \t\r\n"

// labelled splits one line into a known name (one of fields or reasonFields) and the
// value after it and after an optional ':' or '='.
func labelled(line string) (entry, bool) {
	s := strings.TrimLeft(line, decoration)
	n := 0
	for n < len(s) && (s[n] >= 'a' && s[n] <= 'z' || s[n] >= 'A' && s[n] <= 'Z') {
		n++
	}
	name := strings.ToLower(s[:n])
	if name == "" || !slices.Contains(fields, name) && !slices.Contains(reasonFields, name) {
		return entry{}, false
	}
	rest := strings.TrimLeft(s[n:], "*_`\" \t")
	if rest != "" && (rest[0] == ':' || rest[0] == '=') {
		rest = rest[1:]
	} else if rest == s[n:] {
		return entry{}, false // "rung4", "rung.": nothing separates the name from what follows
	}
	return entry{name: name, value: strings.Trim(rest, "*_`\" \t\r\n")}, true
}

// lineReason returns the value of the first line under one of reasonFields, in their
// order, clipped to the ledger's limit.
func lineReason(entries []entry) string {
	for _, f := range reasonFields {
		for _, e := range entries {
			if e.name == f {
				return clip(e.value, ledger.MaxRationaleLen)
			}
		}
	}
	return ""
}
