package overlap

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/arena/arena/ledger"
)

// skewed draws sets of words from a vocabulary in which a few words are in almost every
// set and most are rare, as in prose, so that the rarity order and the prefix matter.
type skewed struct {
	r     *rand.Rand
	vocab int
}

func (g skewed) word() string {
	// The square of a uniform draw favours small ranks: rank 0 is the most common word.
	u := g.r.Float64()
	return "w" + fmt.Sprint(int(u*u*float64(g.vocab)))
}

func (g skewed) text(words int) string {
	var b strings.Builder
	for range words {
		b.WriteString(g.word())
		b.WriteString(" the ")
	}
	return b.String()
}

// near returns a text that keeps exactly keep of base's distinct tokens and adds fresh
// ones so that it has total distinct tokens in all (total >= keep), in shuffled order.
func near(r *rand.Rand, base string, keep, total int) string {
	toks := distinct(base)
	r.Shuffle(len(toks), func(i, j int) { toks[i], toks[j] = toks[j], toks[i] })
	out := slices.Clone(toks[:min(keep, len(toks))])
	for i := len(out); i < total; i++ {
		out = append(out, fmt.Sprintf("fresh%dx%d", r.IntN(1<<30), i))
	}
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return strings.Join(out, " ")
}

// TestTheFilterFindsWhatThePairwiseComputationFinds: the prefix filter is an
// optimisation, never a different answer. Random skewed corpora of up to 250 entries
// with sets of up to 300 tokens (so that several shared counts floor to one percent),
// probes built to share exactly the copy threshold's count with an earlier entry, one
// more, one less, or a count that floors to the same percent as another entry's,
// repeats of earlier entries (ties go to the earliest filing), empty and stopword-only
// texts, tokens no earlier entry holds, every limit n from 0 past the end, and indexes
// that keep no token, some or most as bitsets.
func TestTheFilterFindsWhatThePairwiseComputationFinds(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	defer func(v int) { minCommon = v }(minCommon)
	for trial := range 200 {
		minCommon = []int{1 << 30, 2, 16}[trial%3] // common tokens as bitsets: none, most, some
		g := skewed{r: r, vocab: 20 + r.IntN(2000)}
		n := r.IntN(250)
		if trial%4 == 0 {
			n = r.IntN(8)
		}
		x := NewIndex()
		var texts []string
		var ids []ledger.EntryID
		for i := range n {
			s := g.text(r.IntN(300))
			switch {
			case i > 0 && r.IntN(6) == 0:
				s = texts[r.IntN(i)] // a repeat: the earlier one is the original
			case r.IntN(25) == 0:
				s = ""
			}
			id := ledger.EntryID(1000 - i) // ids unrelated to filing order
			texts, ids = append(texts, s), append(ids, id)
			x.Add(id, s)
		}
		ref := pairwiseOf(texts, ids)
		for range 8 {
			probe := probeFor(r, g, texts)
			limit := r.IntN(n + 2)
			if r.IntN(2) == 0 {
				limit = n
			}
			if got, want := x.MeasureFirst(probe, limit), ref.measure(probe, limit); got != want {
				t.Fatalf("trial %d: MeasureFirst(%q, %d) = %+v, naive %+v", trial, probe, limit, got, want)
			}
		}
	}
}

// probeFor returns a new entry to measure: random, a copy, or one that shares a count
// around the copy threshold, or a percent tie, with an earlier text.
func probeFor(r *rand.Rand, g skewed, texts []string) string {
	if len(texts) == 0 || r.IntN(5) == 0 {
		switch r.IntN(4) {
		case 0:
			return ""
		case 1:
			return "the and of"
		}
		return g.text(r.IntN(300))
	}
	base := texts[r.IntN(len(texts))]
	m := len(distinct(base))
	if m == 0 {
		return g.text(5)
	}
	switch r.IntN(5) {
	case 0:
		return base
	case 1: // a percent reached by several shared counts: total > 100
		total := max(m, 101+r.IntN(200))
		keep := min(m, atLeast(ledger.CopyThreshold, total)+r.IntN(3)-1)
		return near(r, base, keep, max(total, keep))
	}
	total := m + r.IntN(m/4+2)
	keep := min(m, atLeast(ledger.CopyThreshold, total)+r.IntN(3)-1) // at, over, under
	return near(r, base, max(keep, 0), total)
}

// TestTiesOnAPercentGoToTheEarliestFiling: seed 000, "Order of filing decides". Two
// earlier entries whose shared counts differ but floor to the same percent are a tie,
// and the one filed first is the match, even when the later one shares more.
func TestTiesOnAPercentGoToTheEarliestFiling(t *testing.T) {
	var a []string
	for i := range 150 {
		a = append(a, fmt.Sprintf("tok%d", i))
	}
	// |A| = 250: 200 and 202 shared tokens are both 80%.
	for i := 150; i < 250; i++ {
		a = append(a, fmt.Sprintf("tok%d", i))
	}
	x := NewIndex()
	x.Add(9, strings.Join(a[:200], " "))
	x.Add(4, strings.Join(a[:202], " "))
	if got, want := x.Measure(strings.Join(a, " ")), (Match{9, 80}); got != want {
		t.Errorf("Measure = %+v, want %+v", got, want)
	}
}

// TestTheReadingOrderDependsOnlyOnTheEarlierEntries: the global token order (rarest
// first, then first appearance) is a function of the entries measured against, with no
// map order or randomness: an index holding later entries too, or built in another
// way, reads the same tokens in the same order.
func TestTheReadingOrderDependsOnlyOnTheEarlierEntries(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	g := skewed{r: r, vocab: 500}
	texts := make([]string, 300)
	for i := range texts {
		texts[i] = g.text(80)
	}
	probe := g.text(120)
	first, all := NewIndex(), NewIndex()
	for i, s := range texts {
		if i < 200 {
			first.Add(ledger.EntryID(i+1), s)
		}
		all.Add(ledger.EntryID(i+1), s)
	}
	order := func(x *Index) []uint32 {
		s := x.newSearch(probe, 200)
		defer s.free()
		var toks []uint32
		for i, h := range s.toks {
			if _, df := first.holders(h.tok, 200); df != h.df {
				t.Fatalf("token %d: %d holders, want %d", h.tok, h.df, df)
			}
			if i > 0 && (s.toks[i-1].df > h.df || s.toks[i-1].df == h.df && s.toks[i-1].tok > h.tok) {
				t.Fatalf("token %d (%d holders) before token %d (%d holders)", s.toks[i-1].tok, s.toks[i-1].df, h.tok, h.df)
			}
			toks = append(toks, h.tok)
		}
		return toks
	}
	a, b := order(first), order(all)
	if len(a) == 0 || !slices.Equal(a, b) {
		t.Fatalf("order over 200 entries: %v, with 100 later entries held: %v", a, b)
	}
}

// TestACopyIsFoundFromItsRarestTokens: the point of the filter. Against entries that
// all share a common vocabulary, a copy is found and verified from the rarest tokens of
// the new entry, without reading the holders of the common ones, which are every entry.
func TestACopyIsFoundFromItsRarestTokens(t *testing.T) {
	var common []string
	for i := range 30 {
		common = append(common, fmt.Sprintf("common%d", i))
	}
	own := func(i int) string {
		var b strings.Builder
		for j := range 100 {
			fmt.Fprintf(&b, " own%dx%d", i, j)
		}
		return b.String()
	}
	x := NewIndex()
	for i := range 1000 {
		x.Add(ledger.EntryID(i+1), strings.Join(common, " ")+own(i))
	}
	s := x.newSearch(strings.Join(common, " ")+own(500), x.Len())
	if got, ok := s.copies(); !ok || got != (Match{501, 100}) {
		t.Fatalf("copies() = %+v, %v; want {501 100}, true", got, ok)
	}
	read := 0
	for _, h := range s.toks[:s.read] {
		read += h.df
	}
	if read > 100 {
		t.Errorf("read %d holders of %d tokens to find the copy; its own 100 tokens have 100", read, s.read)
	}
}

// TestMeasureIsSafeForConcurrentUse: "Measure may be called concurrently". Goroutines
// measuring at once, each with its own limits, get what one measuring alone gets.
func TestMeasureIsSafeForConcurrentUse(t *testing.T) {
	defer func(v int) { minCommon = v }(minCommon)
	minCommon = 8
	r := rand.New(rand.NewPCG(9, 10))
	g := skewed{r: r, vocab: 300}
	x := NewIndex()
	var texts []string
	for i := range 500 {
		texts = append(texts, g.text(60))
		x.Add(ledger.EntryID(i+1), texts[i])
	}
	type job struct {
		probe string
		n     int
		want  Match
	}
	var jobs []job
	for i := range 64 {
		j := job{probe: g.text(40), n: r.IntN(501)}
		if i%2 == 0 {
			j.probe = texts[r.IntN(500)]
		}
		j.want = x.MeasureFirst(j.probe, j.n)
		jobs = append(jobs, j)
	}
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Go(func() {
			for i := range 200 {
				j := jobs[(w*31+i)%len(jobs)]
				if got := x.MeasureFirst(j.probe, j.n); got != j.want {
					t.Errorf("MeasureFirst(%q, %d) = %+v concurrently, %+v alone", j.probe, j.n, got, j.want)
					return
				}
			}
		})
	}
	wg.Wait()
}
