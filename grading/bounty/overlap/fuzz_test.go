package overlap

import (
	"strings"
	"testing"
)

// FuzzTokens: the tokenizer never panics, every token is a non-empty run of [a-z0-9]
// that is no stopword, and an entry always overlaps itself fully.
func FuzzTokens(f *testing.F) {
	for _, tc := range tokenTests {
		f.Add(tc.in)
	}
	f.Add("Migrate off /v0/payouts: poll the batch endpoint.\r\n")
	f.Fuzz(func(t *testing.T, s string) {
		toks := Tokens(s)
		for _, tok := range toks {
			if tok == "" || strings.Trim(tok, "abcdefghijklmnopqrstuvwxyz0123456789") != "" || stopwords[tok] {
				t.Fatalf("Tokens(%q) has bad token %q", s, tok)
			}
		}
		x := NewIndex()
		x.Add(1, s)
		m := x.Measure(s)
		if len(toks) == 0 && m != (Match{}) || len(toks) > 0 && m != (Match{1, 100}) {
			t.Fatalf("self overlap of %q = %+v", s, m)
		}
	})
}
