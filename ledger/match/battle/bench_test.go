package battle

import "testing"

// BenchmarkReplayAMatch measures a full 20-turn replay with every prompt rebuilt, what
// the ledger does once per match at its finish; it reports the prompt bytes built.
func BenchmarkReplayAMatch(b *testing.B) {
	const sys = "You are a careful fighter."
	var bytes int
	for b.Loop() {
		g := New(seedOf(1))
		bytes = 0
		for i := 0; !g.Over(); i++ {
			bytes += len(Prompt(sys, g.View(0))) + len(Prompt(sys, g.View(1)))
			if _, err := g.Play([2]Move{Defend, Move(i % 2 * 3)}); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(bytes), "prompt-bytes/match")
}
