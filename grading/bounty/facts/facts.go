// Package facts measures a work: the closed set of numbers and strings that compiled
// rubric checks may refer to. Every definition is exact and documented on its field, so
// two validators that measure the same bytes get the same facts.
package facts

import "strings"

// Facts are what code establishes about one work, before any model reads it. The field
// comments are the definitions; the CEL variable each one is exposed as is in brackets.
type Facts struct {
	// Work is the exact text read [work].
	Work string
	// Lower is Work lower-cased with Unicode simple case mapping [work_lower], so that a
	// check for a phrase can ignore case.
	Lower string
	// Len is the number of Unicode code points in Work; each byte of an invalid UTF-8
	// sequence counts as one, and "\r\n" counts as two [work_len].
	Len int
	// URLs counts the places where "http://" or "https://" (ASCII case-insensitive) is
	// followed by at least one character that can end a URL (anything but whitespace and
	// <>"'`()[]{}); a URL runs to the next such delimiter, so a URL inside another's query
	// is not counted again [urls].
	URLs int
	// HasURL reports URLs >= 1 [has_url].
	HasURL bool
	// CodeBlocks counts closed fenced code blocks: a line indented by at most three spaces
	// that starts with three or more backticks or tildes opens a block, and the next line
	// that holds only at least as many of the same character (and spaces) closes it. An
	// unclosed fence counts nothing [code_blocks].
	CodeBlocks int
	// Words counts maximal runs of non-whitespace that contain at least one letter or
	// digit ("—" alone is not a word, "v2.1" is one) [words].
	Words int
	// Lines counts lines: the text split at "\n", "\r\n" or a lone "\r"; a final line
	// without a terminator counts, a trailing terminator does not start a new one, and
	// blank lines count. Empty work has 0 lines [lines].
	Lines int
	// Sentences counts segments holding at least one letter, where the text is cut after
	// every run of . ! ? … 。 ！ ？ that is followed by whitespace or the end, and at every
	// blank line. "e.g. this" therefore counts two; "4.5" cuts nothing [sentences].
	Sentences int
	// Digits counts the ASCII digits 0-9 [digits].
	Digits int
	// Headings counts ATX headings outside code blocks: a line indented by at most three
	// spaces, then one to six '#', then a space, a tab or the end of the line. "#tag" is
	// not a heading; setext (underlined) headings are not counted [headings].
	Headings int
	// Steps counts numbered list items outside code blocks: a line that, after any
	// indentation, starts with one to nine digits, then '.' or ')', then a space or a tab
	// [steps].
	Steps int
	// Title and Spec are the task's own title and brief [title], [spec].
	Title string
	Spec  string
}

// Of measures work. It never fails and never panics; the task fields are left empty
// (see WithTask).
func Of(work string) Facts {
	f := Facts{Work: work, Lower: strings.ToLower(work)}
	f.Len = codePoints(work)
	f.URLs = countURLs(work)
	f.HasURL = f.URLs > 0
	f.Words = countWords(work)
	f.Sentences = countSentences(work)
	f.Digits = countDigits(work)
	lines := splitLines(work)
	f.Lines = len(lines)
	f.CodeBlocks, f.Headings, f.Steps = scanBlocks(lines)
	return f
}

// WithTask returns f with the task's title and spec set.
func (f Facts) WithTask(title, spec string) Facts {
	f.Title, f.Spec = title, spec
	return f
}
