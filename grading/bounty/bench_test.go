package bounty

import (
	"context"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
)

// essay writes a ~500-word entry from a vocabulary of 5,000 words.
func essay(r *rand.Rand) string {
	var b strings.Builder
	for i := range 500 {
		if i%15 == 14 {
			b.WriteString("the result. ")
		}
		b.WriteString("term" + strconv.Itoa(r.IntN(5000)) + " ")
	}
	return b.String() + "\nhttps://docs.example/x\n```\ncode\n```\n"
}

// BenchmarkPipeline runs everything but the model (a scripted reader answers at once)
// for one entry against 1,000 earlier entries of ~500 words (goal: under 2 ms per entry).
// The pipeline's overlap index is warm, as it is for a validator grading a task's entries
// one after another.
func BenchmarkPipeline(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	earlier := make([]ledger.EntryView, 1000)
	for i := range earlier {
		earlier[i] = entry(ledger.EntryID(i+1), essay(r))
	}
	rubric := "The guide must be at most 6000 characters.\nIt should include a link.\nInclude a code block.\n" +
		"Should be between 300 and 900 words.\n" + `Must not mention "deprecated".` + "\nIt should explain the migration."
	p := &Pipeline{Reader: answers(`{"rung": 4, "reason": "clear"}`)}
	in := Inputs{Task: task(rubric), Entry: entry(1001, essay(r)), Earlier: earlier}
	if res := p.Run(context.Background(), in); res.Error != "" || len(res.Checks) != 5 {
		b.Fatalf("result %+v", res)
	}
	for b.Loop() {
		p.Run(context.Background(), in)
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/1000, "ms/entry")
}
