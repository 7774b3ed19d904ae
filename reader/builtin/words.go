package builtin

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/arena/arena/grading/prompt"
)

// stopwords are left out of both the asked and the covered terms.
var stopwords = set(strings.Fields(`
about above after again against all also and any are because been before being below
between both but can could did does doing down during each few for from further had has
have having her here hers herself him himself his how into its itself just more most
must need not now off once only other our ours out over own same she should some such
than that the their theirs them then there these they this those through too under until
very was were what when where which while who whom why will with would you your yours
yourself shall may might use used using make made one two three like well get gets
`))

// words returns the content words of texts, in order, with repeats.
func words(texts ...string) []string {
	var out []string
	for _, t := range texts {
		for _, f := range strings.FieldsFunc(strings.ToLower(t), notWordRune) {
			if w := norm(f); w != "" {
				out = append(out, w)
			}
		}
	}
	return out
}

func notWordRune(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }

// norm drops a final plural "s" and returns "" for a word too short or too common to
// count.
func norm(w string) string {
	if n := len(w); n > 4 && w[n-1] == 's' && w[n-2] != 's' {
		w = w[:n-1]
	}
	if len([]rune(w)) < 3 || stopwords[w] {
		return ""
	}
	return w
}

// set returns the distinct members of the lists.
func set(lists ...[]string) map[string]bool {
	s := map[string]bool{}
	for _, l := range lists {
		for _, w := range l {
			s[w] = true
		}
	}
	return s
}

// target returns the length the brief asks for, in words: the first "N words" in the
// spec or rubric (stated true), or else half the words of the spec and rubric.
func target(b prompt.Brief) (int, bool) {
	for _, t := range []string{b.Spec, b.Rubric} {
		f := strings.FieldsFunc(strings.ToLower(t), notWordRune)
		for i := 0; i+1 < len(f); i++ {
			if n, err := strconv.Atoi(f[i]); err == nil && n > 0 && n < 100000 && f[i+1] == "words" {
				return n, true
			}
		}
	}
	return (len(strings.Fields(b.Spec)) + len(strings.Fields(b.Rubric))) / 2, false
}
