package checks

import (
	"regexp"
	"strings"
)

// unit is a countable thing a rubric sentence can put a number on, and the fact that
// counts it.
type unit struct {
	re     string
	fact   string
	length bool // a length (characters, words, ...) rather than a structure (links, ...)
	exist  string
}

var units = []unit{
	{re: `characters?|chars?`, fact: "work_len", length: true},
	{re: `words?`, fact: "words", length: true},
	{re: `lines?`, fact: "lines", length: true},
	{re: `sentences?`, fact: "sentences", length: true},
	{re: `(?:hyper)?links?|urls?`, fact: "urls", exist: `(?:hyper)?links?|urls?`},
	{re: `(?:fenced |markdown )?code (?:blocks?|samples?|examples?|snippets?)|(?:code )?snippets?|fenced blocks?`,
		fact: "code_blocks", exist: `(?:fenced |markdown )?code (?:blocks?|samples?|examples?|snippets?)|(?:code )?snippets?|fenced blocks?`},
	{re: `(?:section )?(?:headings?|headers?)|sections?`, fact: "headings", exist: `(?:section )?(?:headings?|headers?)|sections?`},
	{re: `numbered (?:steps?|items?|list items?)|steps?`, fact: "steps", exist: `numbered (?:steps?|lists?|items?|instructions?)`},
}

var unitRes = func() []*regexp.Regexp {
	out := make([]*regexp.Regexp, len(units))
	for i, u := range units {
		out[i] = regexp.MustCompile(`^(?:` + u.re + `)$`)
	}
	return out
}()

var existRes = func() []*regexp.Regexp {
	out := make([]*regexp.Regexp, len(units))
	for i, u := range units {
		if u.exist != "" {
			out[i] = regexp.MustCompile(`^(?:` + u.exist + `)$`)
		}
	}
	return out
}()

// unitAlt returns an alternation of the units that keep reports true for.
func unitAlt(keep func(unit) bool, pattern func(unit) string) string {
	var alts []string
	for _, u := range units {
		if keep(u) {
			alts = append(alts, pattern(u))
		}
	}
	return `(` + strings.Join(alts, "|") + `)`
}

var (
	anyUnit    = unitAlt(func(unit) bool { return true }, func(u unit) string { return u.re })
	structUnit = unitAlt(func(u unit) bool { return !u.length }, func(u unit) string { return u.re })
	existUnit  = unitAlt(func(u unit) bool { return u.exist != "" }, func(u unit) string { return u.exist })
)

// unitOf returns the unit that matches the whole of s.
func unitOf(s string) (unit, bool) {
	for i, re := range unitRes {
		if re.MatchString(s) {
			return units[i], true
		}
	}
	for i, re := range existRes { // existence spellings ("numbered list")
		if re != nil && re.MatchString(s) {
			return units[i], true
		}
	}
	return unit{}, false
}

// present and absent are the checks that a structure occurs at least once, or never.
func present(u unit) string {
	if u.fact == "urls" {
		return "has_url"
	}
	return u.fact + " >= 1"
}

func absent(u unit) string {
	if u.fact == "urls" {
		return "!has_url"
	}
	return u.fact + " == 0"
}

// comparators maps the wordings of a bound to its operator. Longer wordings come first
// so that "no more than" is not read as "more than".
var comparators = []struct{ re, op string }{
	{`at most|no more than|not more than|up to|a maximum of|maximum of|maximum|max|no longer than|not longer than|not be (?:more|longer) than|not exceed|never exceed|not exceeding|no greater than|within|a limit of|limit of|capped at`, "<="},
	{`under|fewer than|less than|below|shorter than`, "<"},
	{`at least|no fewer than|no less than|not fewer than|not less than|not be (?:less|fewer|shorter) than|a minimum of|minimum of|minimum|min|no shorter than`, ">="},
	{`more than|over|longer than|greater than|above|exceed|exceeding`, ">"},
	{`exactly|precisely`, "=="},
}

var cmpAlt, cmpRes = func() (string, []*regexp.Regexp) {
	var alts []string
	var res []*regexp.Regexp
	for _, c := range comparators {
		alts = append(alts, c.re)
		res = append(res, regexp.MustCompile(`^(?:`+c.re+`)$`))
	}
	return `(` + strings.Join(alts, "|") + `)`, res
}()

func opOf(cmp string) string {
	for i, re := range cmpRes {
		if re.MatchString(cmp) {
			return comparators[i].op
		}
	}
	return ""
}

// suffixOps maps the wordings that follow "600 words" to an operator.
var suffixOps = map[string]string{"or less": "<=", "or fewer": "<=", "or under": "<=", "or shorter": "<=",
	"max": "<=", "maximum": "<=", "at most": "<=", "limit": "<=", "cap": "<=",
	"or more": ">=", "or longer": ">=", "or over": ">=", "or greater": ">=", "min": ">=", "minimum": ">=", "at least": ">="}
