package facts

// Kind is the type of a fact as a check sees it.
type Kind uint8

// Kinds of fact.
const (
	Int Kind = iota + 1
	Bool
	String
)

// Var is one fact as a compiled check names it.
type Var struct {
	Name string
	Kind Kind
	Doc  string // one line, for the compiling prompt
}

// Vars lists every fact a check may name, in a fixed order. Nothing else is declared in
// the check environment.
var Vars = []Var{
	{"work", String, "the exact text of the work"},
	{"work_lower", String, "the work lower-cased, for phrase checks that ignore case"},
	{"work_len", Int, "length of the work in Unicode code points"},
	{"urls", Int, "number of http:// or https:// URLs in the work"},
	{"has_url", Bool, "urls >= 1"},
	{"code_blocks", Int, "number of closed fenced code blocks (``` or ~~~)"},
	{"words", Int, "number of words"},
	{"lines", Int, "number of lines, blank lines included"},
	{"sentences", Int, "number of sentences"},
	{"digits", Int, "number of ASCII digits"},
	{"headings", Int, "number of markdown # headings outside code blocks"},
	{"steps", Int, "number of numbered list items (1. or 1)) outside code blocks"},
	{"title", String, "the task's title"},
	{"spec", String, "the task's brief"},
}

// Value returns the fact named name as an int64, bool or string, and false for a name
// that is not in Vars.
func (f *Facts) Value(name string) (any, bool) {
	switch name {
	case "work":
		return f.Work, true
	case "work_lower":
		return f.Lower, true
	case "work_len":
		return int64(f.Len), true
	case "urls":
		return int64(f.URLs), true
	case "has_url":
		return f.HasURL, true
	case "code_blocks":
		return int64(f.CodeBlocks), true
	case "words":
		return int64(f.Words), true
	case "lines":
		return int64(f.Lines), true
	case "sentences":
		return int64(f.Sentences), true
	case "digits":
		return int64(f.Digits), true
	case "headings":
		return int64(f.Headings), true
	case "steps":
		return int64(f.Steps), true
	case "title":
		return f.Title, true
	case "spec":
		return f.Spec, true
	}
	return nil, false
}
