// Package rung reads a model's answer and quantises it onto the published ladder. The
// answer may be worded many ways; every wording of one reading lands on one rung. This
// is the one parser of answers: the backends under reader/ hand it the answer text as
// the provider returned it, and refuse nothing for its form.
//
// Accepted answers, in the order Parse tries them:
//
//   - a JSON object (the whole answer) with the rung under one of the names rung,
//     tier, level, merit, grade, rating, score or value (in that order of precedence,
//     names case-insensitive; a field whose value cannot be read gives way to the
//     next), and the reason under reason, rationale, explanation or justification;
//   - the bare value itself ("4", "four", "strong", "80/100");
//   - the first fenced block (```, ```json), anywhere in the answer: its content, read
//     by these same forms; when it holds no rung, the lines around it are read;
//   - lines of the form "name: value", "name = value" or "name value" with one of the
//     same names ("Rung 4", "Tier: 4", "**Level:** four", "- score = 80/100"): the
//     names in the same order of precedence, the first line of a name whose value
//     can be read, and the reason from a "reason: ..." (or rationale, ...) line. Lines
//     that are not of this form are passed over, but each line is read whole: a
//     sentence that mentions a rung ("I would place this on rung four.") is not one.
//
// A value is:
//
//   - a ladder label, ignoring case, spaces and punctuation ("strong", "Strong.",
//     "fails the brief");
//   - a five-point number: 0 to 5, in digits or as a word (zero, one, two, three, four,
//     five), alone or as "n/5" or "n out of 5", decimals floored ("4.0" and "4.5" are
//     both rung 4, as "90/100" is), so that n/5 and the hundred-point reading of the
//     same fraction agree;
//   - a hundred-point number: 20 to 100 alone, "n/100", "n out of 100" or "n%" (0 to
//     100), quantised as min(5, floor(n/20)): 99 is rung 4, never rounded up;
//   - any of these followed by a gloss in parentheses that is itself a value of the
//     same rung ("4 (strong)", "80/100 (four)"); a gloss on another rung ("4 (weak)")
//     contradicts the value and is refused.
//
// A JSON string under one of the names is read as a line is: a value, or one of the
// names before a value, so {"grade": "Rung 4"} and {"score": "tier four"} read as
// "Rung 4" and "tier four" do.
//
// Refused, as ErrNoRung: a number above 5 and below 20 without a scale (6 to 19 could be
// either scale and rounding it would be a guess), negatives, numbers above 100, other
// denominators ("7/10"), exponents, a value with anything after it other than a gloss
// of the same rung ("4 strong", "4 (weak)"), prose, and anything without a value.
package rung

import (
	"errors"
	"strconv"
	"strings"

	"github.com/arena/arena/ledger"
)

// Rung is a step of the ladder, 0 to 5.
type Rung int

// Label returns the rung's published label.
func (r Rung) Label() string {
	if r < 0 || int(r) >= ledger.Rungs {
		return "unknown"
	}
	return ledger.Ladder[r].Label
}

// Worth returns what the rung is worth before any deduction: rung*20.
func (r Rung) Worth() int { return int(r) * ledger.PointsPerRung }

// String returns the rung as a number, which Parse reads back as the same rung.
func (r Rung) String() string { return strconv.Itoa(int(r)) }

// Scale is how the reader wrote its answer.
type Scale uint8

// Scales of a reading.
const (
	FivePoint Scale = iota + 1
	Hundred
	Label
)

// Reading is a parsed answer.
type Reading struct {
	Rung   Rung
	Scale  Scale
	Raw    string // the value as the model wrote it, e.g. "88/100"
	Reason string // the model's one-sentence reason, if it gave one
}

// ErrNoRung is returned for an answer in which no rung can be found.
var ErrNoRung = errors.New("no merit rung in the response")

// Parse reads a model's answer in any of the forms of the package doc. It never panics.
func Parse(answer string) (Reading, error) { return parse(answer, true) }

// parse reads s whole, in the order of the package doc; the content of a fence is read
// by the same rules, without looking for another fence.
func parse(s string, fences bool) (Reading, error) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "{") {
		return parseObject(s)
	}
	if r, err := Value(s); err == nil {
		return r, nil
	}
	if body, ok := fenced(s); ok && fences {
		if r, err := parse(body, false); err == nil {
			return r, nil
		}
	}
	return parseLines(s)
}

// Value reads one value: a label, a five-point or a hundred-point number, alone or
// followed by a parenthesised gloss of the same rung.
func Value(v string) (Reading, error) {
	raw := v
	s := strings.ToLower(strings.TrimSpace(v))
	s = strings.TrimRight(s, ".!,;: ")
	s = strings.TrimSpace(s)
	if head, gloss, ok := glossed(s); ok {
		r, err := plain(head, raw)
		if err != nil {
			return Reading{}, ErrNoRung
		}
		if g, err := plain(gloss, gloss); err != nil || g.Rung != r.Rung {
			return Reading{}, ErrNoRung
		}
		return r, nil
	}
	return plain(s, raw)
}

// glossed splits "value (gloss)" into its value and its gloss, both non-empty and the
// gloss without parentheses of its own.
func glossed(s string) (head, gloss string, ok bool) {
	i := strings.LastIndexByte(s, '(')
	if i < 0 || !strings.HasSuffix(s, ")") {
		return "", "", false
	}
	head, gloss = strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+1:len(s)-1])
	if head == "" || gloss == "" || strings.ContainsAny(head+gloss, "()") {
		return "", "", false
	}
	return head, gloss, true
}

// plain reads one value without a gloss; s is lower-case and trimmed, raw is what the
// model wrote.
func plain(s, raw string) (Reading, error) {
	s = strings.TrimSpace(strings.TrimRight(s, ".!,;: "))
	if r, ok := label(s); ok {
		return Reading{Rung: r, Scale: Label, Raw: raw}, nil
	}
	r, sc, ok := number(s)
	if !ok {
		return Reading{}, ErrNoRung
	}
	return Reading{Rung: r, Scale: sc, Raw: raw}, nil
}

// squash keeps only letters, lower-cased.
func squash(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func label(s string) (Rung, bool) {
	k := squash(s)
	if k == "" || strings.ContainsAny(s, "0123456789") {
		return 0, false
	}
	for _, r := range ledger.Ladder {
		if squash(r.Label) == k {
			return Rung(r.Rung), true
		}
	}
	return 0, false
}
