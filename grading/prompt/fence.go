package prompt

import "strings"

// neutral replaces every '<' and '>' with its fullwidth form (U+FF1C, U+FF1E), so that
// text placed inside a tag fence can neither close it nor open another.
var neutral = strings.NewReplacer("<", "＜", ">", "＞")

// Neutralise returns s with its angle brackets replaced by fullwidth ones.
func Neutralise(s string) string { return neutral.Replace(s) }

// Fence returns s between a <tag> line and a </tag> line, neutralised, so that nothing
// in s can close the fence or open another: the tags appear once each, and only where
// Fence put them. tag is the caller's own constant, never outside text.
func Fence(tag, s string) string {
	return "<" + tag + ">\n" + Neutralise(s) + "\n</" + tag + ">\n"
}
