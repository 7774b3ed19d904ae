package checks

import (
	"regexp"
	"strconv"
	"strings"
)

// sentence is a criterion prepared for the pattern compiler: lower-cased, quoted phrases
// lifted out and replaced by "\x01<n>\x01", numbers in digits, and every punctuation
// mark other than the placeholders turned into a separate "," token.
type sentence struct {
	text   string
	quotes []string
}

var (
	quoteRe    = regexp.MustCompile("\"([^\"\n]{1,200})\"|“([^”\n]{1,200})”|‘([^’\n]{1,200})’|`([^`\n]{1,200})`")
	thousandRe = regexp.MustCompile(`(\d),(\d{3})\b`)
	rangeRe    = regexp.MustCompile(`(\d)\s*[-–—]\s*(\d)`)
	otherRe    = regexp.MustCompile(`[^a-z0-9\x01 ]+`)
	spacesRe   = regexp.MustCompile(` +`)
	numWordRe  = regexp.MustCompile(`\b(?:a single|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty)\b`)
)

var numWords = map[string]int{"a single": 1, "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
	"six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
	"fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
	"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50}

var contractions = strings.NewReplacer(
	"’", "'", "don't", "do not", "doesn't", "does not", "mustn't", "must not", "shouldn't",
	"should not", "can't", "cannot", "isn't", "is not", "aren't", "are not", "won't", "will not",
	"it's", "it is", "cannot", "can not")

// prepare normalises a criterion for matching.
func prepare(text string) sentence {
	s := strings.ToLower(strings.ToValidUTF8(text, "\uFFFD"))
	s = strings.ReplaceAll(s, "\x01", " ")
	var quotes []string
	s = quoteRe.ReplaceAllStringFunc(s, func(m string) string {
		q := strings.TrimSpace(m[len(firstRune(m)) : len(m)-len(lastRune(m))])
		if q == "" {
			return " , "
		}
		quotes = append(quotes, q)
		return " \x01" + strconv.Itoa(len(quotes)-1) + "\x01 "
	})
	s = contractions.Replace(s)
	s = thousandRe.ReplaceAllString(s, "$1$2")
	s = thousandRe.ReplaceAllString(s, "$1$2")
	s = rangeRe.ReplaceAllString(s, "$1 to $2")
	s = strings.ReplaceAll(s, "'", "")
	s = otherRe.ReplaceAllStringFunc(s, func(m string) string {
		if strings.Trim(m, "-–—/") == "" {
			return " "
		}
		return " , "
	})
	s = numWordRe.ReplaceAllStringFunc(s, func(m string) string { return strconv.Itoa(numWords[m]) })
	s = strings.TrimSpace(spacesRe.ReplaceAllString(s, " "))
	return sentence{text: s, quotes: quotes}
}

func firstRune(s string) string {
	for _, r := range s {
		return string(r)
	}
	return ""
}

func lastRune(s string) string {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] < 0x80 || s[i] >= 0xC0 {
			return s[i:]
		}
	}
	return ""
}

// celString returns s as a CEL string literal.
func celString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '\\' || r == '"':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xA0) || r == 0x2028 || r == 0x2029:
			b.WriteString(`\u`)
			h := strconv.FormatInt(int64(r), 16)
			b.WriteString(strings.Repeat("0", 4-len(h)) + h)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
