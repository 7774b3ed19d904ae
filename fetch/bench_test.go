package fetch

import "testing"

// BenchmarkGuard measures the URL check every fetch and every redirect pays.
func BenchmarkGuard(b *testing.B) {
	g := guard{maxURLLen: DefaultMaxURLLen}
	for b.Loop() {
		if _, f := g.checkURL("https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]:8443/work/entry.md?v=2"); f != nil {
			b.Fatal(f)
		}
	}
}
