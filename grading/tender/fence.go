package tender

import (
	"strconv"
	"strings"
)

// parens turns every '<' into '(' and every '>' into ')'.
var parens = strings.NewReplacer("<", "(", ">", ")")

// fence returns text with every angle bracket turned into a parenthesis, so that text
// placed between tags can neither close them nor open another. It is applied to the
// criteria, the proposal and an appeal's argument before they enter a prompt.
func fence(text string) string { return parens.Replace(text) }

// section returns body between a <tag> line and a </tag> line; body must be fenced.
// tag is this package's own constant, never outside text.
func section(tag, body string) string {
	return "<" + tag + ">\n" + body + "\n</" + tag + ">\n"
}

// numbered returns the criteria as the prompts list them, one "[i] text" line each,
// from 0, fenced and with their whitespace collapsed, so that no criterion can take
// more than its own line.
func numbered(criteria []string) string {
	var b strings.Builder
	for i, c := range criteria {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString("[" + strconv.Itoa(i) + "] " + fence(strings.Join(strings.Fields(c), " ")))
	}
	return b.String()
}
