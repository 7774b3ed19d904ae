package checks

import (
	"regexp"
	"strconv"
	"strings"
)

// form is one sentence shape the pattern compiler knows, and how a match becomes CEL.
type form struct {
	re    *regexp.Regexp
	build func(s *sentence, m []string) (string, bool)
}

const num = `(\d{1,9})`

var (
	mentionVerb = `(?:mention|mentions|mentioning|name|names|naming|reference|references|referencing|cite|cites|citing|say|says|saying|include|includes|including|contain|contains|containing|use|uses|using|state|states|stating)`
	quoteList   = `(\x01\d+\x01(?: (?:, and|,|and) \x01\d+\x01)*)`
	negation    = `(not|never|avoid|without)`
)

// forms are tried in order; a later form never matches text an earlier one took.
var forms = []form{
	{regexp.MustCompile(`\b(?:between |from )?` + num + ` (?:to|and) ` + num + ` ` + anyUnit + `\b`), rangeForm},
	{regexp.MustCompile(`\b` + num + ` ` + anyUnit + ` (or less|or fewer|or under|or shorter|max|maximum|at most|limit|cap|or more|or longer|or over|or greater|min|minimum|at least)\b`), suffixForm},
	{regexp.MustCompile(`\b` + cmpAlt + ` ` + num + ` ` + anyUnit + `\b`), prefixForm},
	{regexp.MustCompile(`\b` + anyUnit + ` (?:limit|cap|maximum|max)(?: of| is)? ` + num + `\b`), limitForm},
	{regexp.MustCompile(`\b` + num + ` ` + structUnit + `\b`), countForm},
	{regexp.MustCompile(`\b(?:not (?:include|contain|have|use|add|need|be|feature)|never (?:include|contain|use|add|have)|without|avoid(?: using| including| adding)?|free of|no) (?:any |a |an )?` + existUnit + `\b`), absentForm},
	{regexp.MustCompile(`\b(?:an? )?(?:https|secure) (?:hyper)?(?:links?|urls?)\b|\b(?:an? )?(?:hyper)?(?:links?|urls?) (?:using|over|with) https\b`), httpsForm},
	{regexp.MustCompile(`\b(?:an? |some )?` + existUnit + `\b`), presentForm},
	{regexp.MustCompile(`(?:\b` + negation + ` (?:` + mentionVerb + ` )?|\b` + mentionVerb + ` )(?:the )?(?:(?:exact )?(?:words?|phrases?|terms?|names?|strings?|text) )?` + quoteList), quotedForm},
	{regexp.MustCompile(`\b(?:` + negation + ` )?(?:mention|mentions|mentioning|name|names|naming|reference|references|referencing) (?:the )?((?:[a-z0-9]+ ?){1,3})$`), unquotedForm},
	{regexp.MustCompile(`\b(?:` + negation + ` )?(?:mention|mentions|mentioning|name|names|naming|reference|references|referencing) (?:the )?((?:[a-z0-9]+ ?){1,3}) (?:,|and)`), unquotedForm},
}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }

func bound(fact, op string, n int) string { return fact + " " + op + " " + strconv.Itoa(n) }

func rangeForm(_ *sentence, m []string) (string, bool) {
	lo, hi := atoi(m[1]), atoi(m[2])
	u, ok := unitOf(m[3])
	if !ok || lo > hi {
		return "", false
	}
	return bound(u.fact, ">=", lo) + " && " + bound(u.fact, "<=", hi), true
}

func suffixForm(_ *sentence, m []string) (string, bool) {
	u, ok := unitOf(m[2])
	return bound(u.fact, suffixOps[m[3]], atoi(m[1])), ok
}

func prefixForm(_ *sentence, m []string) (string, bool) {
	u, ok := unitOf(m[3])
	op := opOf(m[1])
	return bound(u.fact, op, atoi(m[2])), ok && op != ""
}

func limitForm(_ *sentence, m []string) (string, bool) {
	u, ok := unitOf(m[1])
	return bound(u.fact, "<=", atoi(m[2])), ok
}

func countForm(_ *sentence, m []string) (string, bool) {
	u, ok := unitOf(m[2])
	return bound(u.fact, ">=", atoi(m[1])), ok
}

func absentForm(_ *sentence, m []string) (string, bool) {
	u, ok := unitOf(m[1])
	return absent(u), ok
}

func httpsForm(*sentence, []string) (string, bool) { return `work.contains("https://")`, true }

func presentForm(_ *sentence, m []string) (string, bool) {
	u, ok := unitOf(m[1])
	return present(u), ok
}

var placeholderRe = regexp.MustCompile(`\x01(\d+)\x01`)

func quotedForm(s *sentence, m []string) (string, bool) {
	neg := m[1] != ""
	var parts []string
	for _, p := range placeholderRe.FindAllStringSubmatch(m[2], -1) {
		i := atoi(p[1])
		if i >= len(s.quotes) {
			return "", false
		}
		parts = append(parts, contains(s.quotes[i], neg))
	}
	return strings.Join(parts, " && "), len(parts) > 0
}

// vague words make an unquoted phrase something to judge, not a string to find.
var vague = map[string]bool{"how": true, "why": true, "what": true, "when": true, "where": true,
	"which": true, "who": true, "whom": true, "whose": true, "whether": true, "that": true, "this": true,
	"these": true, "those": true, "each": true, "every": true, "all": true, "any": true, "some": true,
	"at": true, "in": true, "on": true, "for": true, "to": true, "of": true, "its": true, "their": true,
	"your": true, "our": true, "his": true, "her": true, "it": true, "them": true, "one": true,
	"and": true, "or": true, "not": true, "no": true, "if": true, "relevant": true, "appropriate": true}

func unquotedForm(_ *sentence, m []string) (string, bool) {
	phrase := strings.TrimSpace(m[2])
	for _, w := range strings.Fields(phrase) {
		if vague[w] || filler[w] {
			return "", false
		}
	}
	return contains(phrase, m[1] != ""), phrase != ""
}

func contains(phrase string, neg bool) string {
	e := "work_lower.contains(" + celString(phrase) + ")"
	if neg {
		return "!" + e
	}
	return e
}
