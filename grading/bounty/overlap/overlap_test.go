package overlap

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/google/go-cmp/cmp"
)

var tokenTests = []struct {
	in   string
	want []string
}{
	{"", nil},
	{"The API", []string{"api"}},
	{"Poll the /v1/payouts endpoint, then retry.", []string{"poll", "v1", "payouts", "endpoint", "retry"}},
	{"don't RETRY", []string{"retry"}},
	{"café déjà-vu", []string{"caf", "j", "vu"}},
	{"ＡＰＩ Kelvin\u212a", []string{"kelvin"}},
	{"x_y-z9", []string{"x", "z9"}},
}

// TestTokensAreLowercaseASCIIRunsWithoutStopwords: the tokenizer's documented definition.
func TestTokensAreLowercaseASCIIRunsWithoutStopwords(t *testing.T) {
	for _, tc := range tokenTests {
		if diff := cmp.Diff(tc.want, Tokens(tc.in)); diff != "" {
			t.Errorf("Tokens(%q) (-want +got):\n%s", tc.in, diff)
		}
	}
}

// TestOverlapIsIntegerPercentOfTheNewEntry: overlap(A,B) = 100*|A∩B|/|A|, floored.
func TestOverlapIsIntegerPercentOfTheNewEntry(t *testing.T) {
	x := NewIndex()
	x.Add(7, "alpha beta gamma")
	tests := []struct {
		in   string
		want Match
	}{
		{"alpha beta gamma delta", Match{7, 75}},
		{"alpha beta gamma", Match{7, 100}},
		{"alpha delta epsilon", Match{7, 33}},
		{"alpha alpha alpha delta", Match{7, 50}}, // distinct tokens, repeats ignored
		{"the and of", Match{}},                   // only stopwords: |A| = 0
		{"delta", Match{}},
		{"", Match{}},
	}
	for _, tc := range tests {
		if got := x.Measure(tc.in); got != tc.want {
			t.Errorf("Measure(%q) = %+v, want %+v", tc.in, got, tc.want)
		}
	}
	if got := NewIndex().Measure("alpha"); got != (Match{}) {
		t.Errorf("empty index: Measure = %+v", got)
	}
}

// TestTiesGoToTheEarliestFiling: seed 000, "Order of filing decides".
func TestTiesGoToTheEarliestFiling(t *testing.T) {
	x := NewIndex()
	x.Add(3, "one two three")
	x.Add(1, "one two three four")
	x.Add(2, "one two")
	if got, want := x.Measure("one two three"), (Match{3, 100}); got != want {
		t.Errorf("Measure = %+v, want %+v", got, want)
	}
	if got, want := x.MeasureFirst("one two three", 0), (Match{}); got != want {
		t.Errorf("MeasureFirst(0) = %+v, want %+v", got, want)
	}
	if got, want := x.MeasureFirst("one two", 5), (Match{3, 100}); got != want {
		t.Errorf("MeasureFirst(5) = %+v, want %+v", got, want)
	}
}

// naive is the reference: every earlier entry compared pairwise, in filing order.
func naive(earlier []string, ids []ledger.EntryID, text string, n int) Match {
	return pairwiseOf(earlier, ids).measure(text, n)
}

// pairwise is the reference with each earlier entry's set of tokens computed once.
type pairwise struct {
	sets []map[string]bool
	ids  []ledger.EntryID
}

func pairwiseOf(earlier []string, ids []ledger.EntryID) pairwise {
	p := pairwise{ids: ids}
	for _, s := range earlier {
		b := map[string]bool{}
		for _, t := range distinct(s) {
			b[t] = true
		}
		p.sets = append(p.sets, b)
	}
	return p
}

func (p pairwise) measure(text string, n int) Match {
	a := distinct(text)
	best := Match{}
	for i := range min(n, len(p.sets)) {
		shared := 0
		for _, t := range a {
			if p.sets[i][t] {
				shared++
			}
		}
		if pc := Percent(shared, len(a)); pc > best.Percent {
			best = Match{p.ids[i], pc}
		}
	}
	return best
}

func randomText(r *rand.Rand, vocab int, words int) string {
	var b strings.Builder
	for range words {
		b.WriteString("w")
		b.WriteString(string(rune('a' + r.IntN(26))))
		b.WriteString(strings.Repeat("x", r.IntN(vocab)%4))
		b.WriteByte(byte('0' + r.IntN(vocab/10+1)%10))
		b.WriteString(" the ")
	}
	return b.String()
}

// TestMeasureEqualsThePairwiseComputation: the index is an optimisation, never a
// different answer. Random corpora, random prefixes, compared with the naive reference.
func TestMeasureEqualsThePairwiseComputation(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 300 {
		n := r.IntN(30)
		x := NewIndex()
		var texts []string
		var ids []ledger.EntryID
		for i := range n {
			s := randomText(r, 5+r.IntN(60), r.IntN(40))
			id := ledger.EntryID(100 + i)
			texts, ids = append(texts, s), append(ids, id)
			x.Add(id, s)
		}
		probe := randomText(r, 5+r.IntN(60), r.IntN(40))
		if r.IntN(3) == 0 && n > 0 {
			probe = texts[r.IntN(n)] + " extra"
		}
		limit := r.IntN(n + 2)
		if got, want := x.MeasureFirst(probe, limit), naive(texts, ids, probe, limit); got != want {
			t.Fatalf("trial %d: MeasureFirst(%q, %d) = %+v, naive %+v", trial, probe, limit, got, want)
		}
	}
}
