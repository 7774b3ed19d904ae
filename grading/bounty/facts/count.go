package facts

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// isSpace reports whether r has the Unicode White_Space property. The set is spelled
// out, not taken from unicode.IsSpace's tables, so that it is the same in every release.
func isSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0x85, 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
		return true
	}
	return r >= 0x2000 && r <= 0x200A
}

func isWordy(r rune) bool { return unicode.IsLetter(r) || unicode.IsNumber(r) }

func codePoints(s string) int { return utf8.RuneCountInString(s) }

func countDigits(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			n++
		}
	}
	return n
}

func countWords(s string) int {
	n, inWord, wordy := 0, false, false
	for _, r := range s {
		if isSpace(r) {
			if inWord && wordy {
				n++
			}
			inWord, wordy = false, false
			continue
		}
		inWord = true
		wordy = wordy || isWordy(r)
	}
	if inWord && wordy {
		n++
	}
	return n
}

// isURLDelim reports whether r ends a URL.
func isURLDelim(r rune) bool {
	return isSpace(r) || strings.ContainsRune("<>\"'`()[]{}", r)
}

func countURLs(s string) int {
	n := 0
	for i := 0; i < len(s); {
		k := schemeLen(s[i:])
		if k == 0 {
			_, w := utf8.DecodeRuneInString(s[i:])
			i += w
			continue
		}
		end := i + k
		for end < len(s) {
			r, w := utf8.DecodeRuneInString(s[end:])
			if isURLDelim(r) {
				break
			}
			end += w
		}
		if end > i+k {
			n++
		}
		i = end
	}
	return n
}

// schemeLen returns the length of "http://" or "https://" at the start of s, ignoring
// ASCII case, or 0.
func schemeLen(s string) int {
	for _, p := range [...]string{"https://", "http://"} {
		if len(s) >= len(p) && strings.EqualFold(s[:len(p)], p) {
			return len(p)
		}
	}
	return 0
}

func isTerminator(r rune) bool {
	switch r {
	case '.', '!', '?', '…', '。', '！', '？':
		return true
	}
	return false
}

func countSentences(s string) int {
	n, letters := 0, false
	end := func() {
		if letters {
			n++
		}
		letters = false
	}
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case isTerminator(r):
			j := i
			for j+1 < len(rs) && isTerminator(rs[j+1]) {
				j++
			}
			if j+1 == len(rs) || isSpace(rs[j+1]) {
				end()
			}
			i = j
		case r == '\n' && blankLineFollows(rs, i):
			end()
		case unicode.IsLetter(r):
			letters = true
		}
	}
	end()
	return n
}

// blankLineFollows reports whether the line break at rs[i] is followed by a line that
// holds only whitespace before its own break.
func blankLineFollows(rs []rune, i int) bool {
	for j := i + 1; j < len(rs); j++ {
		switch {
		case rs[j] == '\n':
			return true
		case !isSpace(rs[j]):
			return false
		}
	}
	return false
}

// splitLines splits s at "\n", "\r\n" and lone "\r".
func splitLines(s string) []string {
	var lines []string
	start := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\n':
			lines = append(lines, s[start:i])
			start = i + 1
		case '\r':
			lines = append(lines, s[start:i])
			if i+1 < len(s) && s[i+1] == '\n' {
				i++
			}
			start = i + 1
		}
	}
	if start < len(s) {
		lines = append(lines, s[start:])
	}
	return lines
}
