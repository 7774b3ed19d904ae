package facts

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// Whitespace is the Unicode White_Space set, spelled out: every member separates words
// and nothing else does, zero-width characters and the Mongolian vowel separator
// (White_Space in old releases only) included.
func TestWhitespaceIsTheSpelledOutSet(t *testing.T) {
	spaces := []rune{'\t', '\n', '\v', '\f', '\r', ' ', 0x85, 0xA0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003,
		0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000}
	for _, r := range spaces {
		if !isSpace(r) {
			t.Errorf("isSpace(%U) = false, want true", r)
		}
		if got := Of("a" + string(r) + "b").Words; got != 2 {
			t.Errorf("a%Ub: %d words, want 2", r, got)
		}
	}
	for _, r := range []rune{0x180E, 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x1FFF, 0x200F, '_', '-', 0} {
		if isSpace(r) {
			t.Errorf("isSpace(%U) = true, want false", r)
		}
		if got := Of("a" + string(r) + "b").Words; got != 1 {
			t.Errorf("a%Ub: %d words, want 1", r, got)
		}
	}
}

// A word is a run of non-whitespace holding a letter or a digit of any script;
// punctuation, symbols and emoji alone are no word.
func TestAWordNeedsALetterOrADigit(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
	}{
		{"", 0},
		{"   \n\t ", 0},
		{"-- ... !!! —", 0},
		{"🙂 🎉", 0},
		{"🙂ok", 1},
		{"(a)", 1},
		{"x-y_z", 1},
		{"٣ ३ 三", 3},
		{"Ünïcödé wörds ñ", 3},
		{"e.g. i.e. etc.", 3},
		{"https://a.example/x?y=1", 1},
		{"one\ttwo\nthree\u3000four", 4},
		{"½ ² ⅷ", 3},
	} {
		if got := Of(tc.in).Words; got != tc.want {
			t.Errorf("Of(%q).Words = %d, want %d", tc.in, got, tc.want)
		}
	}
}

// Len counts code points: a multi-byte character is one, each byte of an invalid
// sequence is one, and a combining mark is its own.
func TestLenCountsCodePoints(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
	}{
		{"", 0},
		{"abc", 3},
		{"é", 1},
		{"e\u0301", 2},
		{"🙂", 1},
		{"👩‍💻", 3},
		{"\xff\xfe", 2},
		{"\xe2\x82", 2},
		{"a\r\nb", 4},
	} {
		if got := Of(tc.in).Len; got != tc.want {
			t.Errorf("Of(%q).Len = %d, want %d", tc.in, got, tc.want)
		}
	}
}

// Lower is Unicode simple lower-casing of the whole work, what work_lower offers phrase
// checks; the work itself is kept byte for byte.
func TestLowerIsUnicodeLowerCase(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Settlement API", "settlement api"},
		{"ÄÖÜ ÉÈ Ñ", "äöü éè ñ"},
		{"ΑΒΓ Σ", "αβγ σ"},
		{"ДОМ", "дом"},
		{"already lower 123", "already lower 123"},
	} {
		f := Of(tc.in)
		if f.Lower != tc.want || f.Work != tc.in {
			t.Errorf("Of(%q): Lower %q, Work %q; want %q and the input", tc.in, f.Lower, f.Work, tc.want)
		}
	}
}

// A URL is an http or https scheme, in any ASCII case, followed by at least one
// character that is not a delimiter; each delimiter ends it, and a scheme may start
// anywhere, even inside a word.
func TestURLsEndAtEachDelimiter(t *testing.T) {
	for _, d := range []string{" ", "\t", "\n", "\u00a0", "<", ">", `"`, "'", "`", "(", ")", "[", "]", "{", "}"} {
		in := "https://a.example" + d + "http://b.example"
		if got := Of(in).URLs; got != 2 {
			t.Errorf("Of(%q).URLs = %d, want 2: %q ends a URL", in, got, d)
		}
		if got := Of("https://" + d + "x").URLs; got != 0 {
			t.Errorf("a scheme followed by %q: %d URLs, want 0", d, got)
		}
	}
	for _, tc := range []struct {
		in   string
		want int
	}{
		{"HtTp://x", 1},
		{"ftp://x.example", 0},
		{"http:/x.example", 0},
		{"xhttp://a.example", 1},
		{"https://", 0},
		{"https://a,https://b", 1},
		{"<https://a.example>", 1},
		{"see https://a.example.", 1},
		{"https://日本.example/パス", 1},
		{"http://a http://b http://c", 3},
	} {
		f := Of(tc.in)
		if f.URLs != tc.want || f.HasURL != (tc.want > 0) {
			t.Errorf("Of(%q): URLs %d, HasURL %t; want %d", tc.in, f.URLs, f.HasURL, tc.want)
		}
	}
}

// Every terminator cuts a sentence when whitespace or the end follows it; a run of them
// cuts once, a blank line cuts too, and a segment with no letter is no sentence.
func TestSentencesAreCutByTerminatorsAndBlankLines(t *testing.T) {
	for _, term := range []string{".", "!", "?", "…", "。", "！", "？"} {
		if got := Of("One" + term + " Two" + term).Sentences; got != 2 {
			t.Errorf("terminator %q: %d sentences, want 2", term, got)
		}
		if got := Of("One" + term + "Two").Sentences; got != 1 {
			t.Errorf("terminator %q before a letter: %d sentences, want 1", term, got)
		}
	}
	for _, tc := range []struct {
		in   string
		want int
	}{
		{"", 0},
		{"no terminator at all", 1},
		{"Really?!? Yes.", 2},
		{"One\n\nTwo", 2},
		{"One\n   \nTwo", 2},
		{"One\r\n\r\nTwo", 2},
		{"One\nTwo", 1},
		{"One. \n\n Two.", 2},
		{"123. 456.", 0},
		{"Version 2.0 ships. Done", 2},
		{"\n\n\n", 0},
		{"A.\n\nB.\n\nC.", 3},
	} {
		if got := Of(tc.in).Sentences; got != tc.want {
			t.Errorf("Of(%q).Sentences = %d, want %d", tc.in, got, tc.want)
		}
	}
}

// Lines are cut at "\n", "\r\n" and a lone "\r"; a last line without a break counts and
// a trailing break starts no new one.
func TestSplitLinesCutsAtEveryBreak(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"a", []string{"a"}},
		{"a\n", []string{"a"}},
		{"a\n\n", []string{"a", ""}},
		{"\n", []string{""}},
		{"a\r\nb", []string{"a", "b"}},
		{"a\rb\r", []string{"a", "b"}},
		{"a\n\rb", []string{"a", "", "b"}},
		{"a\r\n\r\nb", []string{"a", "", "b"}},
		{"\r\r", []string{"", ""}},
	} {
		got := splitLines(tc.in)
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("splitLines(%q) (-want +got):\n%s", tc.in, diff)
		}
		if n := Of(tc.in).Lines; n != len(tc.want) {
			t.Errorf("Of(%q).Lines = %d, want %d", tc.in, n, len(tc.want))
		}
	}
}

// Digits are the ASCII digits only; other scripts' digits and superscripts are not.
func TestDigitsAreASCIIOnly(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
	}{
		{"", 0},
		{"0123456789", 10},
		{"v1.2.3", 3},
		{"١٢٣ ۴ ३ ²", 0},
		{"１２", 0},
		{"a1b2", 2},
	} {
		if got := Of(tc.in).Digits; got != tc.want {
			t.Errorf("Of(%q).Digits = %d, want %d", tc.in, got, tc.want)
		}
	}
}

// A fence opens on a line indented by at most three spaces; a backtick fence's info
// string may not hold a backtick (a tilde fence's may); the closing line holds only a
// run at least as long of the same character, and spaces or tabs.
func TestFencesFollowTheirDefinition(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		want int
	}{
		{"three spaces of indent open", "   ```\nx\n```", 1},
		{"four spaces of indent do not", "    ```\nx\n```", 0},
		{"an indented close up to three", "```\nx\n   ```", 1},
		{"a close indented four is content", "```\nx\n    ```", 0},
		{"a backtick in a backtick info string", "``` a`b\nx\n```", 0},
		{"a backtick in a tilde info string", "~~~ a`b\nx\n~~~", 1},
		{"two backticks are no fence", "``\nx\n``", 0},
		{"a longer close closes", "```\nx\n`````", 1},
		{"text after a close keeps it open", "```\nx\n``` not yet\n```", 1},
		{"trailing spaces and tabs close", "```\nx\n```  \t", 1},
		{"an empty block counts", "```\n```", 1},
		{"an opener alone inside a block is content", "~~~\n```\n~~~", 1},
		{"CRLF lines", "```\r\nx\r\n```\r\n", 1},
		{"a tab before the fence is no indent it allows", "\t```\nx\n```", 0},
	} {
		if got := Of(tc.in).CodeBlocks; got != tc.want {
			t.Errorf("%s: Of(%q).CodeBlocks = %d, want %d", tc.name, tc.in, got, tc.want)
		}
	}
}

// A heading is one to six '#' after at most three spaces, then a space, a tab or the
// end of the line, outside every block, an unclosed one included.
func TestHeadingsFollowTheirDefinition(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
	}{
		{"#", 1},
		{"# Title", 1},
		{"###### Six", 1},
		{"####### Seven", 0},
		{"#tag", 0},
		{"#\ttabbed", 1},
		{"   # indented three", 1},
		{"    # indented four", 0},
		{"Title\n=====", 0},
		{"text # not at the start", 0},
		{"```\n# inside\n```\n# outside", 1},
		{"```\n# inside an unclosed block", 0},
		{"# one\n## two\n### three", 3},
	} {
		if got := Of(tc.in).Headings; got != tc.want {
			t.Errorf("Of(%q).Headings = %d, want %d", tc.in, got, tc.want)
		}
	}
}

// A step is one to nine digits after any indentation, then '.' or ')', then a space or
// a tab, outside every block.
func TestStepsFollowTheirDefinition(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
	}{
		{"1. a", 1},
		{"1) a", 1},
		{"123456789. a", 1},
		{"1234567890. a", 0},
		{"1.a", 0},
		{"1.", 0},
		{"1. ", 1},
		{"1.\ta", 1},
		{"        7) deep", 1},
		{"\t2. tabbed", 1},
		{"a. lettered", 0},
		{"1 - dash", 0},
		{"~~~\n1. inside\n~~~\n2. outside", 1},
		{"١. arabic digit", 0},
	} {
		if got := Of(tc.in).Steps; got != tc.want {
			t.Errorf("Of(%q).Steps = %d, want %d", tc.in, got, tc.want)
		}
	}
}

// Of never panics, on any bytes, and its facts keep their documented relations: Len is
// the code-point count, HasURL is URLs >= 1, Lines is the split's length, Lower is the
// lower-cased work, and no count exceeds what the bytes allow.
func TestOfHoldsItsRelationsOnAnyBytes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 29))
	alphabet := []string{"a", "Z", "1", " ", "\n", "\r", "\t", ".", "!", "…", "#", "`", "~", "-", "(", ")",
		"http://", "https://", "é", "日", "🙂", "\xff", "\u00a0", "1. ", "```", "\u2028"}
	for range 3000 {
		var b strings.Builder
		for range rng.IntN(60) {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		in := b.String()
		f := Of(in)
		switch {
		case f.Len != utf8.RuneCountInString(in):
			t.Fatalf("Of(%q).Len = %d, want %d", in, f.Len, utf8.RuneCountInString(in))
		case f.HasURL != (f.URLs > 0):
			t.Fatalf("Of(%q): HasURL %t with %d URLs", in, f.HasURL, f.URLs)
		case f.Lines != len(splitLines(in)):
			t.Fatalf("Of(%q).Lines = %d, split gives %d", in, f.Lines, len(splitLines(in)))
		case f.Lower != strings.ToLower(in) || f.Work != in:
			t.Fatalf("Of(%q): Lower %q, Work %q", in, f.Lower, f.Work)
		case f.Words > f.Len || f.Digits > f.Len || f.Sentences > f.Len || f.CodeBlocks+f.Headings+f.Steps > f.Lines:
			t.Fatalf("Of(%q): a count exceeds what the text holds: %+v", in, countsOf(f))
		}
		if again := Of(in); again != f {
			t.Fatalf("Of(%q) measured twice differs", in)
		}
	}
}

// Of leaves the task's fields empty; WithTask sets them and changes nothing else.
func TestWithTaskSetsOnlyTheTask(t *testing.T) {
	f := Of("# Title\n1. step https://x.example")
	if f.Title != "" || f.Spec != "" {
		t.Fatalf("Of set the task: %q, %q", f.Title, f.Spec)
	}
	g := f.WithTask("Launch note", "Write the launch note.")
	if g.Title != "Launch note" || g.Spec != "Write the launch note." {
		t.Errorf("WithTask: title %q, spec %q", g.Title, g.Spec)
	}
	g.Title, g.Spec = "", ""
	if g != f {
		t.Errorf("WithTask changed a measurement: %+v, want %+v", g, f)
	}
	for _, name := range []string{"title", "spec"} {
		withTask := f.WithTask("T", "S")
		v, _ := withTask.Value(name)
		if want := map[string]string{"title": "T", "spec": "S"}[name]; v != want {
			t.Errorf("Value(%q) = %v, want %q", name, v, want)
		}
	}
}

// Each variable's value is the field its name documents, and Vars lists each name once.
func TestEachVarReadsItsField(t *testing.T) {
	f := Of("# H\nSee https://a.example and http://b.example.\n```\nx\n```\n1. go 42").WithTask("T", "S")
	want := map[string]any{
		"work": f.Work, "work_lower": f.Lower, "work_len": int64(f.Len), "urls": int64(2), "has_url": true,
		"code_blocks": int64(1), "words": int64(f.Words), "lines": int64(6), "sentences": int64(f.Sentences),
		"digits": int64(3), "headings": int64(1), "steps": int64(1), "title": "T", "spec": "S",
	}
	seen := map[string]bool{}
	for _, v := range Vars {
		if seen[v.Name] {
			t.Errorf("%q declared twice", v.Name)
		}
		seen[v.Name] = true
		got, ok := f.Value(v.Name)
		if !ok || got != want[v.Name] {
			t.Errorf("Value(%q) = %v, %t; want %v", v.Name, got, ok, want[v.Name])
		}
		if v.Doc == "" || strings.Contains(v.Doc, "\n") {
			t.Errorf("%q: its doc must be one line for the prompt: %q", v.Name, v.Doc)
		}
	}
	if len(seen) != len(want) {
		t.Errorf("Vars declares %d names, want %d", len(seen), len(want))
	}
}
