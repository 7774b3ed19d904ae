package overlap

import (
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
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

// FuzzMeasure: the index agrees with the pairwise computation on any texts, with every
// limit, whether its tokens are kept as lists or as bitsets.
func FuzzMeasure(f *testing.F) {
	f.Add("alpha beta gamma", "beta gamma delta", "alpha beta gamma delta")
	f.Add("", "the and of", "x")
	for _, tc := range tokenTests {
		f.Add(tc.in, "api poll retry", tc.in+" v1")
	}
	f.Fuzz(func(t *testing.T, a, b, c string) {
		defer func(v int) { minCommon = v }(minCommon)
		for _, common := range []int{1 << 30, 1} {
			minCommon = common
			x := NewIndex()
			texts, ids := []string{a, b, a, c}, []ledger.EntryID{4, 3, 2, 1}
			for i := range texts {
				x.Add(ids[i], texts[i])
			}
			ref := pairwiseOf(texts, ids)
			for n := range len(texts) + 1 {
				for _, probe := range []string{a, b, c, a + " " + b} {
					if got, want := x.MeasureFirst(probe, n), ref.measure(probe, n); got != want {
						t.Fatalf("minCommon %d: MeasureFirst(%q, %d) = %+v, pairwise %+v", common, probe, n, got, want)
					}
				}
			}
		}
	})
}
