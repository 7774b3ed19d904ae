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
	eachRun(s, func(run []byte, _ uint64) {
		if !stopwords[string(run)] {
			fn(string(run))
		}
	})
}

// eachRun calls fn with each maximal run of ASCII letters and digits in s, lower-cased,
// stopwords included, and with its first 8 bytes packed into an integer, the first byte
// lowest. fn must not keep the slice: it is reused for the next run.
func eachRun(s string, fn func(run []byte, packed uint64)) {
	var arr [64]byte
	buf := arr[:0]
	var packed uint64
	for i := 0; i < len(s); i++ {
		if c := folded[s[i]]; c != 0 {
			if len(buf) < 8 {
				packed |= uint64(c) << (8 * len(buf))
			}
			buf = append(buf, c)
		} else if len(buf) > 0 {
			fn(buf, packed)
			buf, packed = buf[:0], 0
		}
	}
	if len(buf) > 0 {
		fn(buf, packed)
	}
}

// folded maps an ASCII letter or digit to itself lower-cased, and every other byte to 0.
var folded = func() (t [256]byte) {
	for c := '0'; c <= '9'; c++ {
		t[c] = byte(c)
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = byte(c), byte(c)
	}
	return t
}()

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
