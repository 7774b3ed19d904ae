// Package overlap measures lexical copying between entries with integer arithmetic, so
// that a duplicate is a fact every validator computes identically.
//
// Tokens are the maximal runs of ASCII letters and digits, lower-cased (every other byte,
// including all of non-ASCII text, separates tokens); the stopwords are removed. The
// overlap of a new entry A with an earlier entry B is 100*|A∩B|/|A| in integer division
// over distinct tokens, and 0 when A has none. It is not symmetric: it asks how much of
// the new entry was already there.
package overlap

import "github.com/arena/arena/ledger"

// Tokens returns the content tokens of s in order, repeats included.
func Tokens(s string) []string {
	var out []string
	forEachToken(s, func(t string) { out = append(out, t) })
	return out
}

// forEachToken calls fn with each content token of s. The token is a fresh string.
func forEachToken(s string, fn func(string)) {
	buf := make([]byte, 0, 32)
	flush := func() {
		if len(buf) > 0 && !stopwords[string(buf)] {
			fn(string(buf))
		}
		buf = buf[:0]
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
			buf = append(buf, c)
		case c >= 'A' && c <= 'Z':
			buf = append(buf, c+'a'-'A')
		default:
			flush()
		}
	}
	flush()
}

// distinct returns the distinct content tokens of s in first-seen order.
func distinct(s string) []string {
	seen := map[string]bool{}
	var out []string
	forEachToken(s, func(t string) {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	})
	return out
}

// Percent returns 100*shared/total in integer division, and 0 when total is 0.
func Percent(shared, total int) int {
	if total == 0 {
		return 0
	}
	return 100 * shared / total
}

// Match is the result of measuring one entry against the earlier ones.
type Match struct {
	Entry   ledger.EntryID // the earliest entry with the highest overlap; 0 when Percent is 0
	Percent int
}

// Copy reports whether the overlap is at or above ledger.CopyThreshold.
func (m Match) Copy() bool { return m.Percent >= ledger.CopyThreshold }
