package checks

import (
	"regexp"
	"strings"
	"unicode"
)

// Criterion is one rubric sentence: the unit that is compiled, checked, counted as a
// violation and, when nothing could compile it, handed to the reader as prose.
type Criterion struct {
	Text string // as written, whitespace collapsed
	// Mandatory is decided by the rubric's own words, never by a model, so that two
	// validators cannot disagree about a gate: the first modal marker in the sentence
	// decides. must, must not, required, requires, shall, mandatory, need(s) to, has/have
	// to, cannot, may not, never and "do not" make it mandatory; should, ideally,
	// preferably, preferred, prefer, optional(ly), may, might, could, recommended,
	// bonus, "nice to have" and "if possible" make it preferred. A sentence with no
	// marker is preferred: only a rubric that says so can disqualify an entry.
	Mandatory bool
}

var (
	bulletRe  = regexp.MustCompile(`^\s*(?:[-*+•‣◦–]|\d{1,3}[.)])\s+`)
	sentEndRe = regexp.MustCompile(`[.!?]+(?:["'”’)\]]*)\s+`)
)

// abbreviations end with a period that does not end a sentence.
var abbreviations = map[string]bool{"e.g": true, "i.e": true, "etc": true, "vs": true, "approx": true,
	"incl": true, "min": true, "max": true, "no": true, "fig": true, "cf": true, "eg": true, "ie": true}

// Criteria splits a rubric into criteria: each bullet (-, *, +, •, or "1." / "1)") and
// each paragraph is cut into sentences at . ! or ? followed by space (not after e.g.,
// i.e., etc., vs.), and each sentence is one criterion. Headings, blank lines, lines
// ending in ':' (lead-ins) and sentences without a letter are skipped. Indented lines
// continue the bullet above them.
func Criteria(rubric string) []Criterion {
	var out []Criterion
	for _, block := range blocks(rubric) {
		for _, s := range sentences(block) {
			s = strings.Join(strings.Fields(s), " ")
			if s == "" || strings.HasSuffix(s, ":") || !strings.ContainsFunc(s, unicode.IsLetter) {
				continue
			}
			out = append(out, Criterion{Text: s, Mandatory: mandatory(s)})
		}
	}
	return out
}

// blocks groups rubric lines into bullets and paragraphs.
func blocks(rubric string) []string {
	rubric = strings.ToValidUTF8(rubric, "\uFFFD")
	rubric = strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(rubric)
	var out []string
	var cur []string
	bullet := false
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.Join(cur, " "))
		}
		cur, bullet = nil, false
	}
	for _, l := range strings.Split(rubric, "\n") {
		t := strings.TrimSpace(l)
		switch {
		case t == "" || strings.HasPrefix(t, "#"):
			flush()
		case bulletRe.MatchString(l):
			flush()
			cur, bullet = []string{bulletRe.ReplaceAllString(l, "")}, true
		case bullet && l != t && (l[0] == ' ' || l[0] == '\t'):
			cur = append(cur, t)
		default:
			if bullet {
				flush()
			}
			cur = append(cur, t)
		}
	}
	flush()
	return out
}

// sentences cuts a block after each sentence end that is not an abbreviation.
func sentences(block string) []string {
	var out []string
	start := 0
	for _, m := range sentEndRe.FindAllStringIndex(block, -1) {
		if isAbbreviation(block[start:m[0]]) {
			continue
		}
		out = append(out, block[start:m[1]])
		start = m[1]
	}
	return append(out, block[start:])
}

func isAbbreviation(before string) bool {
	i := strings.LastIndexAny(before, " (")
	w := strings.ToLower(before[i+1:])
	return abbreviations[w] || (len(w) == 1 && w[0] >= 'a' && w[0] <= 'z')
}

var (
	mandatoryRe = regexp.MustCompile(`\b(?:must|required|requires|require|shall|mandatory|needs?|ha(?:s|ve) to|cannot|can ?not|can't|mustn't|may not|never|do not|don't)\b`)
	preferredRe = regexp.MustCompile(`\b(?:should|shouldn't|ideally|preferably|preferred|prefer|optional|optionally|may|might|could|recommended|bonus|nice to have|if possible)\b`)
)

func mandatory(s string) bool {
	s = strings.ReplaceAll(strings.ToLower(s), "’", "'")
	m := mandatoryRe.FindStringIndex(s)
	p := preferredRe.FindStringIndex(s)
	switch {
	case m == nil:
		return false
	case p == nil:
		return true
	}
	return m[0] <= p[0]
}
