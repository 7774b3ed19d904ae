package policy

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// fact is something about the user a conversation can state, change and ask about.
type fact struct {
	asked  []string         // words of a question about it
	states []*regexp.Regexp // a statement or a plain change: the value is group 1
	usedTo *regexp.Regexp   // "used to A, but now B": the value is group 2
	forget string           // words of a request to forget it
}

func res(patterns ...string) []*regexp.Regexp {
	var rs []*regexp.Regexp
	for _, p := range patterns {
		rs = append(rs, regexp.MustCompile(p))
	}
	return rs
}

// facts in the order a question is matched.
var facts = []fact{
	{[]string{"colour"}, res(`favourite colour is (\w+)`), regexp.MustCompile(`colour used to be (\w+), but now I prefer (\w+)`), "colour"},
	{[]string{"dog"}, res(`dog is called (\w+)`, `answers to (\w+)`), regexp.MustCompile(`used to be called (\w+), but now we call him (\w+)`), "dog"},
	{[]string{"car"}, res(`I drive a (\w+)`, `bought a (\w+)`), regexp.MustCompile(`used to drive a (\w+), but now I have a (\w+)`), "car"},
	{[]string{"work", "employ"}, res(`I work at (\w+)`, `joined (\w+)`), regexp.MustCompile(`used to work at (\w+), but now I am employed by (\w+)`), "work"},
	{[]string{"live", "home"}, res(`I live in (\w+)`, `moved to (\w+)`), regexp.MustCompile(`used to live in (\w+), but these days my home is (\w+)`), "live"},
}

var (
	rememberRE = regexp.MustCompile(`(?i)^(?:please remember this|remember that|keep this in mind)`)
	monthsRE   = regexp.MustCompile(`how many months have I been learning (\w+)`)
)

// remember answers a memory case from the history alone; it calls a tool only to save
// what it is asked to remember.
func (s Skills) remember(in input, call Caller) string {
	if rememberRE.MatchString(in.Prompt) {
		if s.Writes {
			call("memory_write", map[string]any{"fact": in.Prompt})
			return "Saved. I will remember that."
		}
		return "Noted, I will remember that."
	}
	if m := monthsRE.FindStringSubmatch(in.Prompt); m != nil {
		return s.duration(in, m[1])
	}
	for _, f := range facts {
		if has(in.Prompt, f.asked...) {
			return s.recall(in, f)
		}
	}
	return "I don't know."
}

// recall returns the newest value the history gives the fact.
func (s Skills) recall(in input, f fact) string {
	value := ""
	for _, line := range in.userLines() {
		if s.Forgets && has(line, "please forget") && has(line, f.forget) {
			value = ""
			continue
		}
		for _, re := range f.states {
			if m := re.FindStringSubmatch(line); m != nil {
				value = m[1]
			}
		}
		if m := f.usedTo.FindStringSubmatch(line); m != nil && s.UsedTo {
			value = m[2]
		}
	}
	if value == "" {
		if s.Forgets {
			return "You asked me to forget that, so I no longer have it."
		}
		return "I don't know."
	}
	return fmt.Sprintf("From what you told me: %s.", value)
}

// duration answers how many months the user has been learning something.
func (s Skills) duration(in input, what string) string {
	re := regexp.MustCompile(`learning ` + regexp.QuoteMeta(what) + ` (?:for )?([\d.]+) years`)
	for _, line := range in.userLines() {
		m := re.FindStringSubmatch(line)
		if m == nil || !s.Durations {
			continue
		}
		if months, ok := monthsOf(m[1]); ok {
			return fmt.Sprintf("About %d months.", months)
		}
	}
	return "I'm not sure how long."
}

// monthsOf converts a decimal number of years to whole months, rounding half up,
// without floating point.
func monthsOf(years string) (int, bool) {
	whole, frac, _ := strings.Cut(years, ".")
	w, err := strconv.Atoi(whole)
	if err != nil {
		return 0, false
	}
	hundredths := 0
	if frac != "" {
		f, err := strconv.Atoi((frac + "00")[:2])
		if err != nil {
			return 0, false
		}
		hundredths = f
	}
	total := w*100 + hundredths
	return (total*12 + 50) / 100, true
}
