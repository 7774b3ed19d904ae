package facts

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// counts is the numeric part of Facts, for table tests.
type counts struct {
	Len, URLs, CodeBlocks, Words, Lines, Sentences, Digits, Headings, Steps int
	HasURL                                                                  bool
}

func countsOf(f Facts) counts {
	return counts{f.Len, f.URLs, f.CodeBlocks, f.Words, f.Lines, f.Sentences, f.Digits, f.Headings, f.Steps, f.HasURL}
}

var ofTests = []struct {
	name string
	in   string
	want counts
}{
	{"empty", "", counts{}},
	{"one word", "hello", counts{Len: 5, Words: 1, Lines: 1, Sentences: 1}},
	{"code points not bytes", "café über", counts{Len: 9, Words: 2, Lines: 1, Sentences: 1}},
	{"astral and CJK", "日本語。 🙂 ok", counts{Len: 9, Words: 2, Lines: 1, Sentences: 2}},
	{"terminator before a non-space cuts nothing", "日本語。🙂", counts{Len: 5, Words: 1, Lines: 1, Sentences: 1}},
	{"invalid utf-8 byte counts one", "a\xffb", counts{Len: 3, Words: 1, Lines: 1, Sentences: 1}},
	{"CRLF is one break, two code points", "one\r\ntwo\r\n", counts{Len: 10, Words: 2, Lines: 2, Sentences: 1}},
	{"lone CR breaks", "one\rtwo", counts{Len: 7, Words: 2, Lines: 2, Sentences: 1}},
	{"blank lines count", "a\n\nb\n", counts{Len: 5, Words: 2, Lines: 3, Sentences: 2}},
	{"dash alone is no word", "a — b", counts{Len: 5, Words: 2, Lines: 1, Sentences: 1}},
	{"version is one word", "v2.1 ships", counts{Len: 10, Words: 2, Lines: 1, Sentences: 1, Digits: 2}},
	{"decimals cut nothing", "It costs 4.5 units. Done!", counts{Len: 25, Words: 5, Lines: 1, Sentences: 2, Digits: 2}},
	{"ellipsis and runs", "Wait... what?! Yes", counts{Len: 18, Words: 3, Lines: 1, Sentences: 3}},
	{"number-only segment is no sentence", "1. 2. 3.", counts{Len: 8, Words: 3, Lines: 1, Digits: 3, Steps: 1}},
	{"nbsp is whitespace", "a\u00a0b", counts{Len: 3, Words: 2, Lines: 1, Sentences: 1}},
	{"two urls", "see https://a.example/x and http://b.example.", counts{Len: 45, URLs: 2, HasURL: true, Words: 4, Lines: 1, Sentences: 1}},
	{"scheme case ignored", "HTTPS://A.EXAMPLE", counts{Len: 17, URLs: 1, HasURL: true, Words: 1, Lines: 1, Sentences: 1}},
	{"bare scheme is no url", "https:// nothing", counts{Len: 16, Words: 2, Lines: 1, Sentences: 1}},
	{"url in query counted once", "https://a.example/?next=https://b.example", counts{Len: 41, URLs: 1, HasURL: true, Words: 1, Lines: 1, Sentences: 1}},
	{"markdown link", "[docs](https://d.example)", counts{Len: 25, URLs: 1, HasURL: true, Words: 1, Lines: 1, Sentences: 1}},
	{"digits ascii only", "٣ 12", counts{Len: 4, Words: 2, Lines: 1, Digits: 2}},
}

// TestOfMeasuresByTheDocumentedDefinitions: every fact follows its field's definition.
func TestOfMeasuresByTheDocumentedDefinitions(t *testing.T) {
	for _, tc := range ofTests {
		if diff := cmp.Diff(tc.want, countsOf(Of(tc.in))); diff != "" {
			t.Errorf("%s: Of(%q) (-want +got):\n%s", tc.name, tc.in, diff)
		}
	}
}

var markdownTests = []struct {
	name                    string
	in                      string
	blocks, headings, steps int
}{
	{"backtick block", "```go\nx := 1\n```\n", 1, 0, 0},
	{"tilde block", "~~~\nx\n~~~", 1, 0, 0},
	{"two blocks", "```\na\n```\ntext\n```\nb\n```", 2, 0, 0},
	{"unclosed block counts nothing", "```\na\n", 0, 0, 0},
	{"tilde does not close backtick", "```\na\n~~~\n", 0, 0, 0},
	{"shorter run does not close", "````\na\n```\n````", 1, 0, 0},
	{"closing fence with info string is content", "```\na\n``` x\n```", 1, 0, 0},
	{"four-space indent is no fence", "    ```\na\n    ```", 0, 0, 0},
	{"inline backticks are no fence", "``` a ` b", 0, 0, 0},
	{"CRLF fences", "```\r\na\r\n```\r\n", 1, 0, 0},
	{"headings", "# One\n## Two\n###### Six\n####### Seven", 0, 3, 0},
	{"hashtag is no heading", "#tag\n#", 0, 1, 0},
	{"heading inside code is not counted", "```\n# no\n1. no\n```\n# yes", 1, 1, 0},
	{"heading inside an unclosed block is not counted", "```\n# no", 0, 0, 0},
	{"steps", "1. one\n2) two\n  10. nested\n3.no\n1234567890. long", 0, 0, 3},
}

// TestOfCountsMarkdownStructure: fences must be closed pairs of the same character, and
// headings and steps inside code are not counted.
func TestOfCountsMarkdownStructure(t *testing.T) {
	for _, tc := range markdownTests {
		f := Of(tc.in)
		if f.CodeBlocks != tc.blocks || f.Headings != tc.headings || f.Steps != tc.steps {
			t.Errorf("%s: Of(%q) = blocks %d headings %d steps %d, want %d %d %d", tc.name, tc.in,
				f.CodeBlocks, f.Headings, f.Steps, tc.blocks, tc.headings, tc.steps)
		}
	}
}

// TestWithTaskKeepsTheMeasurements: the task's fields are set beside the work's facts.
func TestWithTaskKeepsTheMeasurements(t *testing.T) {
	f := Of("Hello World").WithTask("T", "S")
	if f.Title != "T" || f.Spec != "S" || f.Words != 2 || f.Lower != "hello world" {
		t.Errorf("WithTask = %+v", f)
	}
}

// TestEveryVarHasAValue: each declared variable resolves, with the declared kind.
func TestEveryVarHasAValue(t *testing.T) {
	f := Of("x")
	for _, v := range Vars {
		got, ok := f.Value(v.Name)
		if !ok {
			t.Fatalf("Value(%q) missing", v.Name)
		}
		var kindOK bool
		switch got.(type) {
		case int64:
			kindOK = v.Kind == Int
		case bool:
			kindOK = v.Kind == Bool
		case string:
			kindOK = v.Kind == String
		}
		if !kindOK {
			t.Errorf("Value(%q) = %T, declared kind %d", v.Name, got, v.Kind)
		}
	}
	if _, ok := f.Value("secret"); ok {
		t.Error(`Value("secret") resolved`)
	}
}
