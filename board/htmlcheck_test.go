package board

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// This file is a small selector checker over golang.org/x/net/html, after pkgsite's
// htmlcheck: In(selector, checks...) and NotIn(selector). Selectors are a subset of
// CSS: comma-separated lists of compound selectors (tag, #id, .class, [attr],
// [attr=v], [attr^=v]) joined by descendant (space) or child (>) combinators.

// A pageCheck tests a parsed page.
type pageCheck func(doc *html.Node) error

// A nodeCheck tests one element.
type nodeCheck func(n *html.Node) error

// In checks that sel matches an element and that every check holds for the first one.
func In(sel string, checks ...nodeCheck) pageCheck {
	return func(doc *html.Node) error {
		n := first(doc, parseSelector(sel))
		if n == nil {
			return fmt.Errorf("%s: no element matches", sel)
		}
		for _, c := range checks {
			if err := c(n); err != nil {
				return fmt.Errorf("%s: %w", sel, err)
			}
		}
		return nil
	}
}

// NotIn checks that sel matches no element.
func NotIn(sel string) pageCheck {
	return func(doc *html.Node) error {
		if n := first(doc, parseSelector(sel)); n != nil {
			return fmt.Errorf("%s: matches %s", sel, describe(n))
		}
		return nil
	}
}

// HasText checks the element's text, whitespace collapsed, equals want.
func HasText(want string) nodeCheck {
	return func(n *html.Node) error {
		if got := textOf(n); got != want {
			return fmt.Errorf("text = %q, want %q", got, want)
		}
		return nil
	}
}

// HasAttr checks the element's attribute name equals want.
func HasAttr(name, want string) nodeCheck {
	return func(n *html.Node) error {
		if got, ok := attr(n, name); !ok || got != want {
			return fmt.Errorf("%s = %q, want %q", name, got, want)
		}
		return nil
	}
}

// checkPage parses page and runs every check, reporting each failure.
func checkPage(t *testing.T, page []byte, checks ...pageCheck) *html.Node {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatalf("parse page: %v", err)
	}
	for _, c := range checks {
		if err := c(doc); err != nil {
			t.Error(err)
		}
	}
	return doc
}

// compound is one compound selector and how it relates to the one before it.
type compound struct {
	child  bool // ">" before it
	tag    string
	id     string
	class  []string
	attrs  []attrTest
	parsed string
}

type attrTest struct{ name, op, value string }

// parseSelector parses a comma-separated selector list; it panics on what it cannot
// read, since selectors are written in tests.
func parseSelector(s string) [][]compound {
	var out [][]compound
	for _, part := range strings.Split(s, ",") {
		var chain []compound
		child := false
		for _, tok := range tokens(part) {
			if tok == ">" {
				child = true
				continue
			}
			c := parseCompound(tok)
			c.child = child
			child = false
			chain = append(chain, c)
		}
		if len(chain) == 0 {
			panic("empty selector in " + s)
		}
		out = append(out, chain)
	}
	return out
}

// tokens splits a selector at spaces and ">" outside brackets.
func tokens(s string) []string {
	var out []string
	var cur strings.Builder
	depth := 0
	flush := func() {
		if cur.Len() > 0 {
			out = append(out, cur.String())
			cur.Reset()
		}
	}
	for _, r := range s {
		switch {
		case r == '[':
			depth++
		case r == ']':
			depth--
		case depth == 0 && r == '>':
			flush()
			out = append(out, ">")
			continue
		case depth == 0 && r == ' ':
			flush()
			continue
		}
		cur.WriteRune(r)
	}
	flush()
	return out
}

func parseCompound(tok string) compound {
	c := compound{parsed: tok}
	i := strings.IndexAny(tok, "#.[")
	if i < 0 {
		i = len(tok)
	}
	c.tag, tok = tok[:i], tok[i:]
	for tok != "" {
		switch tok[0] {
		case '#', '.':
			j := strings.IndexAny(tok[1:], "#.[")
			if j < 0 {
				j = len(tok) - 1
			}
			if tok[0] == '#' {
				c.id = tok[1 : j+1]
			} else {
				c.class = append(c.class, tok[1:j+1])
			}
			tok = tok[j+1:]
		case '[':
			j := strings.IndexByte(tok, ']')
			if j < 0 {
				panic("unclosed [ in selector " + c.parsed)
			}
			c.attrs = append(c.attrs, parseAttrTest(tok[1:j]))
			tok = tok[j+1:]
		default:
			panic("cannot read selector " + c.parsed)
		}
	}
	return c
}

func parseAttrTest(s string) attrTest {
	for _, op := range []string{"^=", "="} {
		if name, v, ok := strings.Cut(s, op); ok {
			return attrTest{name, op, strings.Trim(v, `"'`)}
		}
	}
	return attrTest{name: s}
}

func (c *compound) matches(n *html.Node) bool {
	if n.Type != html.ElementNode || (c.tag != "" && n.Data != c.tag) {
		return false
	}
	if id, _ := attr(n, "id"); c.id != "" && id != c.id {
		return false
	}
	classes := strings.Fields(func() string { v, _ := attr(n, "class"); return v }())
	for _, want := range c.class {
		if !contains(classes, want) {
			return false
		}
	}
	for _, a := range c.attrs {
		v, ok := attr(n, a.name)
		if !ok || (a.op == "=" && v != a.value) || (a.op == "^=" && !strings.HasPrefix(v, a.value)) {
			return false
		}
	}
	return true
}

// matchChain reports whether n matches chain, reading the chain right to left.
func matchChain(n *html.Node, chain []compound) bool {
	last := len(chain) - 1
	if !chain[last].matches(n) {
		return false
	}
	if last == 0 {
		return true
	}
	rest := chain[:last]
	for p := n.Parent; p != nil; p = p.Parent {
		if matchChain(p, rest) {
			return true
		}
		if chain[last].child {
			return false
		}
	}
	return false
}

// first returns the first element in document order that matches any chain.
func first(doc *html.Node, chains [][]compound) *html.Node {
	for n := range doc.Descendants() {
		for _, ch := range chains {
			if matchChain(n, ch) {
				return n
			}
		}
	}
	return nil
}

// all returns every element that matches any chain, in document order.
func all(doc *html.Node, sel string) []*html.Node {
	chains := parseSelector(sel)
	var out []*html.Node
	for n := range doc.Descendants() {
		for _, ch := range chains {
			if matchChain(n, ch) {
				out = append(out, n)
				break
			}
		}
	}
	return out
}

func attr(n *html.Node, name string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == name {
			return a.Val, true
		}
	}
	return "", false
}

// textOf returns n's text with whitespace collapsed, a space standing for each boundary
// of an element that is not inline, as a reader sees the cells of a row apart.
func textOf(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch {
			case c.Type == html.TextNode:
				b.WriteString(c.Data)
			case c.Type == html.ElementNode && inline[c.Data]:
				walk(c)
			case c.Type == html.ElementNode:
				b.WriteByte(' ')
				walk(c)
				b.WriteByte(' ')
			}
		}
	}
	walk(n)
	return strings.Join(strings.Fields(b.String()), " ")
}

var inline = map[string]bool{"a": true, "b": true, "code": true, "em": true, "q": true, "span": true, "strong": true, "time": true}

func describe(n *html.Node) string {
	var b bytes.Buffer
	_ = html.Render(&b, n)
	s := b.String()
	if len(s) > 120 {
		s = s[:120] + "..."
	}
	return s
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// TestSelectorChecker: the checker the page claims rest on matches what CSS would.
func TestSelectorChecker(t *testing.T) {
	page := []byte(`<div id="a" class="x y"><p class="z">one <b>two</b></p><span data-k="https://q">s</span></div><p class="z">three</p>`)
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		sel  string
		want int
	}{
		{"p", 2}, {"#a p", 1}, {"#a > p", 1}, {"body > p", 1}, {"div.x.y", 1}, {"div.x.w", 0},
		{"[data-k]", 1}, {"span[data-k^=https]", 1}, {"span[data-k^=http:]", 0}, {"span[data-k=https://q]", 1},
		{"b, span", 2}, {"#a b", 1}, {"body > b", 0}, {".z b", 1}, {"span[data-k='https://q']", 1}, {"span[data-k='a b']", 0},
	}
	for _, tc := range tests {
		if got := len(all(doc, tc.sel)); got != tc.want {
			t.Errorf("all(%q) = %d elements, want %d", tc.sel, got, tc.want)
		}
	}
	if err := In("#a p", HasText("one two"))(doc); err != nil {
		t.Error(err)
	}
	if err := In("#a p", HasText("one"))(doc); err == nil {
		t.Error(`In("#a p", HasText("one")) passed on "one two"`)
	}
	if err := NotIn("span")(doc); err == nil {
		t.Error(`NotIn("span") passed on a page with a span`)
	}
}
