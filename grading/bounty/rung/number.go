package rung

import (
	"slices"
	"strings"
)

// decimal reads "d+" or "d+.d+" and returns its integer part and whether it has a
// non-zero fraction. Integer parts past 9 digits are refused, so nothing overflows.
func decimal(s string) (whole int, frac bool, ok bool) {
	ip, fp, dot := strings.Cut(s, ".")
	if ip == "" || len(ip) > 9 || !digits(ip) || (dot && (fp == "" || !digits(fp))) {
		return 0, false, false
	}
	for _, c := range ip {
		whole = whole*10 + int(c-'0')
	}
	return whole, strings.Trim(fp, "0") != "", true
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// words are the five-point numbers spelled out, each the digit at its index.
var words = []string{"zero", "one", "two", "three", "four", "five"}

// spell replaces each whole word of s that is one of words by its digit: "four out of
// five" is "4 out of 5", while "fourteen" and "someone" are left alone. s is lower-case.
func spell(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j] >= 'a' && s[j] <= 'z' {
			j++
		}
		if j == i {
			b.WriteByte(s[i])
			i++
			continue
		}
		if d := slices.Index(words, s[i:j]); d >= 0 {
			b.WriteByte(byte('0' + d))
		} else {
			b.WriteString(s[i:j])
		}
		i = j
	}
	return b.String()
}

// number reads a five-point or hundred-point number in any accepted form, digits or
// words; s is lower-case.
func number(s string) (Rung, Scale, bool) {
	s = strings.Join(strings.Fields(spell(s)), " ")
	switch {
	case strings.HasSuffix(s, "%"):
		return hundred(strings.TrimSpace(strings.TrimSuffix(s, "%")))
	case strings.Contains(s, "/") || strings.Contains(s, " out of "):
		n, d, _ := strings.Cut(s, "/")
		if !strings.Contains(s, "/") {
			n, d, _ = strings.Cut(s, " out of ")
		}
		n, d = strings.TrimSpace(n), strings.TrimSpace(d)
		switch d {
		case "5", "5.0":
			return five(n)
		case "100", "100.0":
			return hundred(n)
		}
		return 0, 0, false
	}
	w, frac, ok := decimal(s)
	switch {
	case !ok:
		return 0, 0, false
	case w < 5 || (w == 5 && !frac):
		return five(s)
	case w >= 20:
		return hundred(s)
	}
	return 0, 0, false // above 5 and below 20: no scale says which
}

func five(s string) (Rung, Scale, bool) {
	w, frac, ok := decimal(s)
	if !ok || w > 5 || (w == 5 && frac) {
		return 0, 0, false
	}
	return Rung(w), FivePoint, true
}

func hundred(s string) (Rung, Scale, bool) {
	w, frac, ok := decimal(s)
	if !ok || w > 100 || (w == 100 && frac) {
		return 0, 0, false
	}
	return Rung(min(5, w/20)), Hundred, true
}
