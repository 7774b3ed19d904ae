package overlap

import (
	"fmt"
	"math/rand/v2"
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

var built = map[int]*Index{}

func buildIndex(b *testing.B, n int) (*Index, time.Duration) {
	start := time.Now()
	if x, ok := built[n]; ok {
		return x, 0
	}
	c := newCorpus(uint64(n))
	x := NewIndex()
	for i := range n {
		x.Add(ledger.EntryID(i+1), c.entry())
	}
	built[n] = x
	b.Logf("built %d entries in %v", n, time.Since(start))
	return x, time.Since(start)
}

// BenchmarkOverlap measures one new entry against 1k, 10k and 100k earlier entries of
// about 500 words (goal: under 50 ms at 100k). Building the index is reported apart, as
// build-ms, and is not part of the time per measure.
func BenchmarkOverlap(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		b.Run(fmt.Sprintf("entries=%dk", n/1000), func(b *testing.B) {
			x, took := buildIndex(b, n)
			probe := newCorpus(99).entry()
			for b.Loop() {
				x.Measure(probe)
			}
			b.ReportMetric(b.Elapsed().Seconds()*1000/float64(b.N), "ms/measure")
			if took > 0 {
				b.ReportMetric(float64(took.Milliseconds()), "build-ms")
			}
		})
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
