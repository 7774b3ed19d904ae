package checks

import (
	"slices"
	"strings"
)

// filler words carry no requirement of their own: once the recognised phrases are taken
// out of a sentence, only these may remain for it to count as compiled.
var filler = setOf("be is are it its the a an and also please total overall long length in of to " +
	"with contain contains containing include includes including have has having use uses using keep kept " +
	"provide provides add feature features from there , entry submission work answer response text note " +
	"document guide post article essay reply summary body content output page readme writeup you your " +
	"this should must shall may might could ideally preferably optionally required mandatory optional " +
	"recommended need needs so that make sure")

// modals end a sentence's subject ("The launch note must ...").
var modals = setOf("must should shall may might could ideally preferably optionally required mandatory " +
	"optional recommended need needs")

// subjectStops are words that make a leading phrase more than a subject ("Examples in Go
// must ..."): a subject holding one is not dropped.
var subjectStops = setOf("in on for with about of from to by at under over not no without each every , 0 1 2 3 4 5 6 7 8 9")

func setOf(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// Pattern compiles one criterion deterministically into a CEL expression over the facts,
// and reports false when the sentence holds anything it does not recognise: a sentence
// is compiled whole or not at all, so that nothing in it is silently satisfied. The
// shapes it knows are listed in doc.go.
func Pattern(text string) (string, bool) {
	s := prepare(text)
	taken := make([]bool, len(s.text))
	var exprs []string
	for _, f := range forms {
		for _, loc := range f.re.FindAllStringSubmatchIndex(s.text, -1) {
			if slices.Contains(taken[loc[0]:loc[1]], true) {
				continue
			}
			m := submatches(s.text, loc)
			e, ok := f.build(&s, m)
			if !ok {
				return "", false
			}
			for i := loc[0]; i < loc[1]; i++ {
				taken[i] = true
			}
			if !slices.Contains(exprs, e) {
				exprs = append(exprs, e)
			}
		}
	}
	if len(exprs) == 0 || !onlyFiller(s.text, taken) {
		return "", false
	}
	return strings.Join(exprs, " && "), true
}

func submatches(s string, loc []int) []string {
	m := make([]string, len(loc)/2)
	for i := range m {
		if loc[2*i] >= 0 {
			m[i] = s[loc[2*i]:loc[2*i+1]]
		}
	}
	return m
}

// onlyFiller reports whether every word of s outside the taken spans is filler, once a
// short leading subject before the first modal is set aside.
func onlyFiller(s string, taken []bool) bool {
	var rest []string
	pos := 0
	for _, w := range strings.Split(s, " ") {
		start := pos
		pos += len(w) + 1
		if w == "" || slices.Contains(taken[start:start+len(w)], true) {
			rest = append(rest, "")
			continue
		}
		rest = append(rest, w)
	}
	rest = dropSubject(rest)
	for _, w := range rest {
		if w != "" && !filler[w] {
			return false
		}
	}
	return true
}

// dropSubject blanks the words before the first modal when there are at most three of
// them and none is a preposition, a negation or a number.
func dropSubject(words []string) []string {
	i := slices.IndexFunc(words, func(w string) bool { return modals[w] })
	if i <= 0 {
		return words
	}
	n := 0
	for _, w := range words[:i] {
		if w == "" {
			return words // a recognised phrase sits in the subject
		}
		if subjectStops[w] {
			return words
		}
		n++
	}
	if n > 3 {
		return words
	}
	out := slices.Clone(words)
	for j := range i {
		out[j] = ""
	}
	return out
}
