// Package readmetest reads the worked examples the README gives for checking a match
// without the source, so that the tests that hold the README to the code read it one way.
package readmetest

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Block returns the lines, indentation removed, of the first indented block in the
// README after the first line that contains marker.
func Block(t testing.TB, marker string) []string {
	t.Helper()
	_, here, _, _ := runtime.Caller(0)
	f, err := os.Open(filepath.Join(filepath.Dir(here), "..", "..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var block []string
	seen := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case !seen:
			seen = strings.Contains(line, marker)
		case strings.HasPrefix(line, "    "):
			block = append(block, line[4:])
		case len(block) > 0:
			return block
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(block) == 0 {
		t.Fatalf("the README has no indented block after %q", marker)
	}
	return block
}
