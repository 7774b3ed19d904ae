package checks

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// prepare lower-cases the sentence, lifts quoted phrases out (in every quote style)
// behind numbered placeholders, writes numbers as digits and turns punctuation into ","
// tokens, so that the pattern forms match one spelling.
func TestPrepareNormalisesOneSpelling(t *testing.T) {
	for _, tc := range []struct {
		in     string
		text   string
		quotes []string
	}{
		{"Must be AT MOST 600 Characters.", "must be at most 600 characters ,", nil},
		{`Must mention "Settlement API".`, "must mention \x010\x01 ,", []string{"settlement api"}},
		{"Mention “A” and ‘B’ and `C`.", "mention \x010\x01 and \x011\x01 and \x012\x01 ,", []string{"a", "b", "c"}},
		{`Say "" twice.`, "say , twice ,", nil},
		{`Quote "  padded  " here`, "quote \x010\x01 here", []string{"padded"}},
		{"No more than 1,200,000 words", "no more than 1200000 words", nil},
		{"Between 1,000 and 2,500 words", "between 1000 and 2500 words", nil},
		{"100-200 words", "100 to 200 words", nil},
		{"100 – 200 words", "100 to 200 words", nil},
		{"At least two sentences and a single link", "at least 2 sentences and 1 link", nil},
		{"Fifty lines, twenty words, zero links", "50 lines , 20 words , 0 links", nil},
		{"Don't exceed; can't be; mustn't say; it's fine", "do not exceed , cannot be , must not say , it is fine", nil},
		{"A well-known/unknown — term", "a well known unknown term", nil},
		{"It's the user's call", "it is the users call", nil},
		{"bad \xff byte", "bad , byte", nil},
		{"a \x01 b", "a b", nil},
	} {
		got := prepare(tc.in)
		if got.text != tc.text || !cmp.Equal(got.quotes, tc.quotes) {
			t.Errorf("prepare(%q) = %q %q, want %q %q", tc.in, got.text, got.quotes, tc.text, tc.quotes)
		}
	}
}

// A quoted phrase is at most 200 characters on one line; a longer or broken one is not
// lifted.
func TestAQuoteIsShortAndOnOneLine(t *testing.T) {
	long := `"` + repeat("x", 201) + `"`
	if q := prepare("mention " + long).quotes; q != nil {
		t.Errorf("a 201-character quote was lifted: %q", q)
	}
	if q := prepare(`mention "` + repeat("x", 200) + `"`).quotes; len(q) != 1 || len(q[0]) != 200 {
		t.Errorf("a 200-character quote was not lifted whole: %d quotes", len(q))
	}
	if q := prepare("mention \"two\nlines\"").quotes; q != nil {
		t.Errorf("a quote across a line break was lifted: %q", q)
	}
}

func repeat(s string, n int) string {
	out := ""
	for range n {
		out += s
	}
	return out
}

// celString writes any text as a CEL string literal that means exactly that text:
// quotes and backslashes escaped, control and separator characters as \u escapes,
// everything else as itself.
func TestCELStringEscapesWhatCELWouldMisread(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", `""`},
		{"plain text", `"plain text"`},
		{`say "hi"`, `"say \"hi\""`},
		{`C:\path`, `"C:\\path"`},
		{"tab\there", `"tab\u0009here"`},
		{"nul\x00", `"nul\u0000"`},
		{"del\x7f", `"del\u007f"`},
		{"c1\u0085", `"c1\u0085"`},
		{"nbsp\u00a0", "\"nbsp\u00a0\""},
		{"ls\u2028ps\u2029", `"ls\u2028ps\u2029"`},
		{"日本語 🙂", `"日本語 🙂"`},
	} {
		got := celString(tc.in)
		if got != tc.want {
			t.Errorf("celString(%q) = %s, want %s", tc.in, got, tc.want)
		}
		if _, err := compileExpr("work == " + got); err != nil {
			t.Errorf("celString(%q) = %s does not compile: %v", tc.in, got, err)
		}
	}
}

// A phrase check built from any quoted text matches that text in the lower-cased work
// and nothing else.
func TestAPhraseCheckMatchesItsPhraseExactly(t *testing.T) {
	for _, phrase := range []string{`a "quoted" word`, `back\slash`, "tab\there", "ünïcode"} {
		expr := "work_lower.contains(" + celString(phrase) + ")"
		s := Build([]Candidate{{Criterion: Criterion{Text: "c"}, Expr: expr, Source: FromPattern}}, nil)
		if s.Len() != 1 {
			t.Fatalf("%s was dropped: %v", expr, s.Dropped)
		}
		for _, tc := range []struct {
			work string
			want bool
		}{
			{"before " + phrase + " after", true},
			{"before " + phrase[:len(phrase)-1] + " after", false},
		} {
			f := factsOf(tc.work)
			if got := s.Eval(&f)[0].Passed; got != tc.want {
				t.Errorf("%s on %q = %t, want %t", expr, tc.work, got, tc.want)
			}
		}
	}
}
