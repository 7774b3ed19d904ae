package overlap

import "strings"

// Base is the text every entrant was handed: a task's spec, rubric and template. Its
// tokens never count toward overlap, as a base file's code never matches in MOSS: they
// are removed from the new entry's set before it is measured, so that they count neither
// in |A| nor in any |A∩B|. The zero Base excludes nothing.
type Base struct {
	tokens map[string]bool
}

// NewBase returns the base of texts: every content token of any of them.
func NewBase(texts ...string) Base {
	b := Base{tokens: map[string]bool{}}
	for _, t := range texts {
		forEachToken(t, func(tok string) { b.tokens[tok] = true })
	}
	return b
}

// Len returns the number of distinct content tokens in the base.
func (b Base) Len() int { return len(b.tokens) }

// Strip returns text with every base token removed, as its remaining content tokens in
// order joined by spaces (which tokenize exactly as they did in text), and the number of
// distinct content tokens of text that were removed. The overlap of the stripped text
// with any earlier entry is the overlap of text with the base's tokens left out.
func (b Base) Strip(text string) (string, int) {
	if len(b.tokens) == 0 {
		return text, 0
	}
	var kept strings.Builder
	removed := map[string]bool{}
	forEachToken(text, func(tok string) {
		if b.tokens[tok] {
			removed[tok] = true
			return
		}
		if kept.Len() > 0 {
			kept.WriteByte(' ')
		}
		kept.WriteString(tok)
	})
	return kept.String(), len(removed)
}
