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

// BenchmarkModelCalls grades 100 entries on one task whose rubric has a criterion only a
// model can compile, on one validator's pipeline, and reports the model calls per graded
// entry: the compile calls, and all of them (the reading is one per entry).
func BenchmarkModelCalls(b *testing.B) {
	const entries = 100
	rubric := "The note must be at most 500 characters.\n" +
		"Every note needs a reference to the documentation site, given as a URL."
	check := `{"checks":[{"criterion":"Every note needs a reference to the documentation site, given as a URL.","expr":"has_url","mandatory":false}]}`
	compileCalls, readCalls := 0, 0
	for b.Loop() {
		compiler, reader := answers(check), answers(`{"rung": 3, "reason": "fine"}`)
		p := &Pipeline{Reader: reader, Compiler: compiler}
		for i := range entries {
			work := "Entry " + strconv.Itoa(i) + ", docs at https://docs.example/."
			p.Run(context.Background(), Inputs{Task: task(rubric), Entry: entry(ledger.EntryID(i+1), work)})
		}
		compileCalls += len(compiler.prompts)
		readCalls += len(reader.prompts)
	}
	graded := float64(entries * b.N)
	b.ReportMetric(float64(compileCalls)/graded, "compile-calls/entry")
	b.ReportMetric(float64(compileCalls+readCalls)/graded, "model-calls/entry")
}
