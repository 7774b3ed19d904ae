package checks

import (
	"testing"

	"github.com/arena/arena/grading/bounty/facts"
)

// FuzzPattern: the pattern compiler never panics, and whatever it compiles passes the
// type checker and evaluates without error on any work.
func FuzzPattern(f *testing.F) {
	for _, tc := range patternTests {
		f.Add(tc.in, "a work with https://x.example and ```\ncode\n```")
	}
	f.Fuzz(func(t *testing.T, sentence, work string) {
		expr, ok := Pattern(sentence)
		if !ok {
			return
		}
		p, err := compileExpr(expr)
		if err != nil {
			if _, why := admit(expr); why == "over 400 characters" {
				return
			}
			t.Fatalf("Pattern(%q) = %q, refused: %v", sentence, expr, err)
		}
		fs := facts.Of(work)
		if _, err := p.run(newActivation(&fs)); err != nil {
			t.Fatalf("Pattern(%q) = %q fails on %q: %v", sentence, expr, work, err)
		}
	})
}
