package checks

import (
	"strings"
	"testing"

	"github.com/arena/arena/grading/bounty/facts"
)

// benchRubric compiles to 24 checks of the kinds rubrics hold: lengths, links, code,
// headings, steps and phrases.
var benchRubric = strings.Join([]string{
	"Must be at most 4000 characters.", "Should be between 200 and 900 words.", "No more than 80 lines.",
	"At least 5 sentences.", "Must include a link.", "Should include an https link.", "At least 2 links.",
	"Include a code block.", "Should contain at least two code examples.", "Use section headings.",
	"Should have at least 3 sections.", "Use numbered steps.", "At least 4 steps.",
	`Must mention "cursor".`, `Must mention "bearer".`, `Should mention "webhook".`, `Must not mention "beta".`,
	`Should mention "minor units".`, "Should mention the export token.", `Must not mention "deprecated".`,
	"Under 6000 characters.", "At least 150 words.", "Exactly 1 code block.", "Fewer than 10 headings.",
}, "\n")

// BenchmarkChecks evaluates 24 compiled checks against one ~500-word work (goal: under
// 50 µs per entry), facts included.
func BenchmarkChecks(b *testing.B) {
	plan := Compile(benchRubric)
	s := Build(plan.Compiled, plan.Pending)
	if s.Len() != 24 || len(plan.Pending) != 0 {
		b.Fatalf("compiled %d checks, %d pending: %v", s.Len(), len(plan.Pending), plan.Pending)
	}
	work := strings.Repeat("# Export\n1. Request the export with a bearer token and follow the cursor https://api.example/v2.\n"+
		"Amounts are in minor units. A webhook confirms delivery of each page of results to you.\n", 25) + "```\ncurl x\n```\n"
	f := facts.Of(work)
	for b.Loop() {
		s.Eval(&f)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1000, "µs/entry")
}

// BenchmarkFacts measures a ~500-word work.
func BenchmarkFacts(b *testing.B) {
	work := strings.Repeat("Request the export with a bearer token and follow the cursor https://api.example/v2. ", 40)
	for b.Loop() {
		facts.Of(work)
	}
}
