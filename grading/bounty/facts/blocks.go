package facts

import "strings"

// fence is an open fenced code block: its character and run length.
type fence struct {
	ch  byte
	run int
}

// scanBlocks counts closed fenced code blocks, and the headings and numbered steps that
// lie outside every block, open or closed.
func scanBlocks(lines []string) (blocks, headings, steps int) {
	var open *fence
	for _, l := range lines {
		if open != nil {
			if closes(l, *open) {
				blocks++
				open = nil
			}
			continue
		}
		if f, ok := opens(l); ok {
			open = &f
			continue
		}
		if isHeading(l) {
			headings++
		}
		if isStep(l) {
			steps++
		}
	}
	return blocks, headings, steps
}

// indentUpTo3 strips up to three leading spaces and reports false if more remain.
func indentUpTo3(l string) (string, bool) {
	for i := 0; i < 3 && strings.HasPrefix(l, " "); i++ {
		l = l[1:]
	}
	return l, !strings.HasPrefix(l, " ")
}

func runOf(l string, ch byte) int {
	n := 0
	for n < len(l) && l[n] == ch {
		n++
	}
	return n
}

func opens(l string) (fence, bool) {
	l, ok := indentUpTo3(l)
	if !ok || l == "" || (l[0] != '`' && l[0] != '~') {
		return fence{}, false
	}
	n := runOf(l, l[0])
	if n < 3 || (l[0] == '`' && strings.Contains(l[n:], "`")) {
		return fence{}, false
	}
	return fence{ch: l[0], run: n}, true
}

func closes(l string, f fence) bool {
	l, ok := indentUpTo3(l)
	if !ok {
		return false
	}
	n := runOf(l, f.ch)
	return n >= f.run && strings.Trim(l[n:], " \t") == ""
}

func isHeading(l string) bool {
	l, ok := indentUpTo3(l)
	if !ok {
		return false
	}
	n := runOf(l, '#')
	return n >= 1 && n <= 6 && (n == len(l) || l[n] == ' ' || l[n] == '\t')
}

func isStep(l string) bool {
	l = strings.TrimLeft(l, " \t")
	n := 0
	for n < len(l) && l[n] >= '0' && l[n] <= '9' {
		n++
	}
	return n >= 1 && n <= 9 && n+1 < len(l) && (l[n] == '.' || l[n] == ')') && (l[n+1] == ' ' || l[n+1] == '\t')
}
