package prompt

import "strings"

// neutral replaces every '<' and '>' with its fullwidth form (U+FF1C, U+FF1E), so that
// text placed inside a tag fence can neither close it nor open another.
var neutral = strings.NewReplacer("<", "＜", ">", "＞")

// Neutralise returns s with its angle brackets replaced by fullwidth ones.
func Neutralise(s string) string { return neutral.Replace(s) }

// fenced returns s between <tag> and </tag> lines, neutralised.
func fenced(tag, s string) string {
	return "<" + tag + ">\n" + Neutralise(s) + "\n</" + tag + ">\n"
}
