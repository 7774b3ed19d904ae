package policy

import (
	"encoding/json"
	"regexp"
	"strings"
)

// domain is a kind of request: the words that reveal it in a prompt, the word that
// reveals its tool in a description, and how its arguments are read from the prompt.
type domain struct {
	words []string
	tag   string
	args  func(p string, exact bool) map[string]any
}

// domains in the order a prompt is matched: the first whose words appear wins.
var domains = []domain{
	{[]string{"calendar", "meeting", "appointment"}, "calendar", byGroups(`(\d{4}-\d{2}-\d{2})`, "date")},
	{[]string{"weather", "warm", "temperature"}, "weather", byGroups(`\b(?:in|to) ([A-Z][a-z]+)`, "city")},
	{[]string{"stock", "share"}, "stock", byGroups(`\b([A-Z]{4,5})\b`, "ticker")},
	{[]string{"flight"}, "flight", byGroups(`\b([A-Z]{2}\d{3,4})\b`, "flight")},
	{[]string{"phone"}, "phone", contactArgs},
	{[]string{"parcel"}, "parcel", byGroups(`\b(PK\d+)\b`, "tracking_id")},
	{[]string{"what time", "local time"}, "local time", byGroups(`\bin ([A-Z][a-z]+)`, "city")},
	{[]string{"restaurant", "eat "}, "restaurant", byGroups(`(\w+) (?:restaurant|food) in ([A-Z][a-z]+)`, "cuisine", "city")},
	{[]string{"convert", "how much is"}, "currenc", currencyArgs},
	{[]string{"translate", "how do you say"}, "translate", translateArgs},
	{[]string{"ping", "reachable"}, "reachable", func(string, bool) map[string]any { return nil }},
}

// byGroups reads each named argument from one capture group of the pattern.
func byGroups(pattern string, names ...string) func(string, bool) map[string]any {
	re := regexp.MustCompile(pattern)
	return func(p string, _ bool) map[string]any {
		m := re.FindStringSubmatch(p)
		args := map[string]any{}
		for i, n := range names {
			if m != nil {
				args[n] = m[i+1]
			}
		}
		return args
	}
}

var contactRE = regexp.MustCompile(`([A-Z][a-z]+)'s phone|call ([A-Z][a-z]+)|contact ([A-Z][a-z]+)`)

func contactArgs(p string, _ bool) map[string]any {
	m := contactRE.FindStringSubmatch(p)
	for i := 1; i < len(m); i++ {
		if g := m[i]; g != "" {
			return map[string]any{"name": g}
		}
	}
	return map[string]any{}
}

var (
	currencyRE = regexp.MustCompile(`(\d+) (.+?) (?:into|in) (.+?)(?: for me)?[?.]`)
	codes      = map[string]string{"us dollars": "USD", "euros": "EUR", "japanese yen": "JPY", "british pounds": "GBP",
		"swiss francs": "CHF", "canadian dollars": "CAD", "mexican pesos": "MXN"}
)

// currencyArgs writes the currencies as codes when exact, else as the prompt names them.
func currencyArgs(p string, exact bool) map[string]any {
	m := currencyRE.FindStringSubmatch(p)
	if m == nil {
		return map[string]any{}
	}
	from, to := m[2], m[3]
	if exact {
		from, to = codes[strings.ToLower(from)], codes[strings.ToLower(to)]
	}
	return map[string]any{"amount": m[1], "from": from, "to": to}
}

var translateRE = regexp.MustCompile(`"([^"]+)" (?:into|in) ([A-Z][a-z]+)`)

// translateArgs quotes the phrase when exact, else sends the whole prompt as the text.
func translateArgs(p string, exact bool) map[string]any {
	m := translateRE.FindStringSubmatch(p)
	if m == nil {
		return map[string]any{"text": p}
	}
	if !exact {
		return map[string]any{"text": p, "to": m[2]}
	}
	return map[string]any{"text": m[1], "to": m[2]}
}

// useTools answers a tool case: one call for the prompt's domain, and with Chains a
// second call when a calendar entry leads to the weather.
func (s Skills) useTools(in input, call Caller) string {
	d, ok := detect(in.Prompt)
	if !ok {
		return "I don't know which tool answers that."
	}
	name, ok := s.choose(in, d)
	if !ok {
		return "None of my tools answers that."
	}
	answer := call(name, d.args(in.Prompt, s.ExactArgs))
	answers := []string{string(answer)}
	if s.Chains && d.tag == "calendar" && has(in.Prompt, "weather") {
		if city := firstEventCity(answer); city != "" {
			if w, ok := s.choose(in, domains[1]); ok {
				answers = append(answers, string(call(w, map[string]any{"city": city})))
			}
		}
	}
	return "Here is what I found: " + strings.Join(answers, "; ")
}

func detect(prompt string) (domain, bool) {
	for _, d := range domains {
		if has(prompt, d.words...) {
			return d, true
		}
	}
	return domain{}, false
}

// choose returns the first offered tool whose description names the domain; with
// SpecificTools it passes over a tool that searches for "anything" when another fits.
func (s Skills) choose(in input, d domain) (string, bool) {
	fallback := ""
	for _, t := range in.Tools {
		if !has(t.Description, d.tag) {
			continue
		}
		if s.SpecificTools && has(t.Description, "anything") {
			if fallback == "" {
				fallback = t.Name
			}
			continue
		}
		return t.Name, true
	}
	return fallback, fallback != ""
}

func firstEventCity(answer []byte) string {
	var cal struct {
		Events []struct {
			City string `json:"city"`
		} `json:"events"`
	}
	if json.Unmarshal(answer, &cal) != nil || len(cal.Events) == 0 {
		return ""
	}
	return cal.Events[0].City
}
