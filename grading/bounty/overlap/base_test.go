package overlap

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestTheBaseNeverCounts: "Moss never considers code that appears in a base file to
// match any other code". The base's tokens leave the new entry's set, so they count
// neither in |A| nor in |A∩B|, whichever earlier entry holds them.
func TestTheBaseNeverCounts(t *testing.T) {
	x := NewIndex()
	x.Add(4, "alpha beta gamma delta")
	base := NewBase("Alpha", "BETA zeta")
	tests := []struct {
		name     string
		work     string
		plain    Match
		based    Match
		excluded int
	}{
		{"shares base and own text", "alpha beta gamma epsilon", Match{4, 75}, Match{4, 50}, 2},
		{"shares only the base", "alpha beta epsilon eta", Match{4, 50}, Match{}, 2},
		{"is all base", "alpha beta zeta", Match{4, 66}, Match{}, 3},
		{"holds no base", "gamma delta", Match{4, 100}, Match{4, 100}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := x.Measure(tc.work); got != tc.plain {
				t.Errorf("without a base: %+v, want %+v", got, tc.plain)
			}
			stripped, excluded := base.Strip(tc.work)
			if got := x.Measure(stripped); got != tc.based {
				t.Errorf("with the base: %+v, want %+v", got, tc.based)
			}
			if excluded != tc.excluded {
				t.Errorf("excluded %d, want %d", excluded, tc.excluded)
			}
		})
	}
}

// TestTheZeroBaseExcludesNothing: a task without a base measures its work as it is,
// byte for byte.
func TestTheZeroBaseExcludesNothing(t *testing.T) {
	for _, tc := range tokenTests {
		if got, n := (Base{}).Strip(tc.in); got != tc.in || n != 0 {
			t.Errorf("Strip(%q) = %q, %d", tc.in, got, n)
		}
	}
}

// TestStrippingKeepsEveryOtherToken: the stripped text tokenizes to exactly the work's
// tokens less the base's, in order, repeats included; the count is of distinct tokens
// removed; and the base does not depend on the order of its texts, so every validator
// strips alike.
func TestStrippingKeepsEveryOtherToken(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 1))
	words := []string{"Alpha", "beta", "the", "GAMMA", "d3lta", "café", "x_y", "v1", "retry", "ENDPOINT", "9"}
	text := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(words[rng.IntN(len(words))])
			b.WriteString([]string{" ", ", ", "\n", "/", "-"}[rng.IntN(5)])
		}
		return b.String()
	}
	for i := range 200 {
		spec, rubric, tmpl, work := text(3), text(2), text(rng.IntN(3)), text(1+rng.IntN(20))
		base := NewBase(spec, rubric, tmpl)
		in := map[string]bool{}
		for _, tok := range Tokens(spec + " " + rubric + " " + tmpl) {
			in[tok] = true
		}
		var want []string
		removed := map[string]bool{}
		for _, tok := range Tokens(work) {
			if in[tok] {
				removed[tok] = true
			} else {
				want = append(want, tok)
			}
		}
		got, n := base.Strip(work)
		if diff := cmp.Diff(want, Tokens(got)); diff != "" {
			t.Fatalf("case %d: Tokens(Strip(%q)) (-want +got):\n%s", i, work, diff)
		}
		if n != len(removed) {
			t.Fatalf("case %d: removed %d, want %d", i, n, len(removed))
		}
		if other, m := NewBase(tmpl, rubric, spec).Strip(work); other != got || m != n {
			t.Fatalf("case %d: the base depends on the order of its texts", i)
		}
		if base.Len() != len(in) {
			t.Fatalf("case %d: Len %d, want %d", i, base.Len(), len(in))
		}
	}
}
