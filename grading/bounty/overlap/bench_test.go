package overlap

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arena/arena/ledger"
)

// corpus writes entries of about 500 words drawn from a Zipf-distributed vocabulary of
// 30,000 words, the shape of natural text, deterministically. Draws come from a table
// sampled once, read from a random offset per entry, so that building 100k entries is
// not dominated by sampling.
type corpus struct {
	r *rand.Rand
}

var (
	vocabulary = func() []string {
		v := make([]string, 30_000)
		for i := range v {
			v[i] = "w" + strconv.FormatInt(int64(i), 36)
		}
		return v
	}()
	draws = func() []uint32 {
		z := rand.NewZipf(rand.New(rand.NewPCG(3, 4)), 1.07, 2, uint64(len(vocabulary)-1))
		d := make([]uint32, 1<<20)
		for i := range d {
			d[i] = uint32(z.Uint64())
		}
		return d
	}()
)

func newCorpus(seed uint64) *corpus { return &corpus{r: rand.New(rand.NewPCG(seed, 7))} }

func (c *corpus) entry() string {
	var b strings.Builder
	off := c.r.IntN(len(draws) - 500)
	for i, d := range draws[off : off+500] {
		if i%12 == 0 {
			b.WriteString("the ") // a stopword now and then, as prose has
		}
		b.WriteString(vocabulary[d])
		b.WriteByte(' ')
	}
	return b.String()
}

// fresh writes an entry of about 500 words from the same vocabulary and distribution,
// with draws of its own rather than a window of the shared table: text that is no
// copy of anything, whose best overlap is well under the copy threshold.
func fresh(seed uint64) string {
	z := rand.NewZipf(rand.New(rand.NewPCG(seed, 11)), 1.07, 2, uint64(len(vocabulary)-1))
	var b strings.Builder
	for i := range 500 {
		if i%12 == 0 {
			b.WriteString("the ")
		}
		b.WriteString(vocabulary[z.Uint64()])
		b.WriteByte(' ')
	}
	return b.String()
}

// measurer is what the benchmark measures: the prefix-filtered Index, or the counting
// index it replaced, kept below as the reference.
type measurer interface {
	Add(ledger.EntryID, string)
	Measure(string) Match
}

// build returns an index of impl holding n entries of the corpus, and how long adding
// them took (writing them not included).
func build(impl string, n int) (measurer, time.Duration) {
	c := newCorpus(uint64(n))
	texts := make([]string, n)
	for i := range texts {
		texts[i] = c.entry()
	}
	var x measurer = NewIndex()
	if impl == "counting" {
		x = newCountingIndex()
	}
	runtime.GC()
	start := time.Now()
	for i, text := range texts {
		x.Add(ledger.EntryID(i+1), text)
	}
	return x, time.Since(start)
}

// BenchmarkOverlap measures one new entry against 1k, 10k and 100k earlier entries of
// about 500 words (goal: under 50 ms at 100k; the prefix filter's, about 0.07 ms), with
// the prefix-filtered index and with the counting index it replaced, in one run. Two
// probes: a window of the shared table the entries are drawn from, which at 10k and 100k
// entries overlaps some earlier entry by 80% or more (a copy), and fresh text, which
// overlaps nothing that much. Building the index is reported apart, as build-ms (adding
// the entries, not writing them), and is not part of the time per measure. One index is held at a
// time, and each timed loop starts after a collection and one untimed measure.
func BenchmarkOverlap(b *testing.B) {
	probes := map[string]string{"window": newCorpus(99).entry(), "fresh": fresh(99)}
	for _, n := range []int{1_000, 10_000, 100_000} {
		for _, impl := range []string{"counting", "prefix"} {
			var x measurer
			for _, probe := range []string{"window", "fresh"} {
				b.Run(fmt.Sprintf("entries=%dk/index=%s/probe=%s", n/1000, impl, probe), func(b *testing.B) {
					var took time.Duration
					if x == nil {
						x, took = build(impl, n)
					}
					m := x.Measure(probes[probe])
					runtime.GC()
					for b.Loop() {
						x.Measure(probes[probe])
					}
					b.ReportMetric(b.Elapsed().Seconds()*1000/float64(b.N), "ms/measure")
					b.ReportMetric(float64(m.Percent), "percent")
					if took > 0 {
						b.ReportMetric(float64(took.Milliseconds()), "build-ms")
					}
				})
			}
		}
	}
}

// BenchmarkIndexAdd measures adding one 500-word entry to an index.
func BenchmarkIndexAdd(b *testing.B) {
	c := newCorpus(5)
	texts := make([]string, 256)
	for i := range texts {
		texts[i] = c.entry()
	}
	x := NewIndex()
	i := 0
	for b.Loop() {
		x.Add(ledger.EntryID(i+1), texts[i%len(texts)])
		i++
	}
}

// countingIndex is the index the prefix filter replaced, kept as the reference for the
// benchmark: every holder of every token of the new entry is counted.
type countingIndex struct {
	vocab    map[string]uint32
	postings [][]uint32
	ids      []ledger.EntryID
}

func newCountingIndex() *countingIndex { return &countingIndex{vocab: map[string]uint32{}} }

func (x *countingIndex) Add(id ledger.EntryID, text string) {
	pos := uint32(len(x.ids))
	x.ids = append(x.ids, id)
	for _, t := range distinct(text) {
		tok, ok := x.vocab[t]
		if !ok {
			tok = uint32(len(x.postings))
			x.vocab[t] = tok
			x.postings = append(x.postings, nil)
		}
		x.postings[tok] = append(x.postings[tok], pos)
	}
}

func (x *countingIndex) Measure(text string) Match {
	n := len(x.ids)
	a := distinct(text)
	if len(a) == 0 || n == 0 {
		return Match{}
	}
	counts := make([]uint32, n)
	for _, t := range a {
		if tok, ok := x.vocab[t]; ok {
			for _, pos := range x.postings[tok] {
				counts[pos]++
			}
		}
	}
	best := Match{}
	for pos, c := range counts {
		if p := Percent(int(c), len(a)); p > best.Percent {
			best = Match{Entry: x.ids[pos], Percent: p}
		}
	}
	return best
}
