package checks

import "testing"

// Every wording of a bound reads as its operator, on every length unit.
func TestEveryBoundWordingReadsAsItsOperator(t *testing.T) {
	for _, tc := range []struct{ wording, op string }{
		{"at most", "<="}, {"no more than", "<="}, {"not more than", "<="}, {"up to", "<="},
		{"a maximum of", "<="}, {"maximum of", "<="}, {"no longer than", "<="}, {"not exceed", "<="},
		{"within", "<="}, {"a limit of", "<="}, {"capped at", "<="},
		{"under", "<"}, {"fewer than", "<"}, {"less than", "<"}, {"below", "<"}, {"shorter than", "<"},
		{"at least", ">="}, {"no fewer than", ">="}, {"no less than", ">="}, {"not fewer than", ">="},
		{"a minimum of", ">="}, {"minimum of", ">="}, {"no shorter than", ">="},
		{"more than", ">"}, {"over", ">"}, {"longer than", ">"}, {"greater than", ">"}, {"above", ">"},
		{"exactly", "=="}, {"precisely", "=="},
	} {
		if got := opOf(tc.wording); got != tc.op {
			t.Errorf("opOf(%q) = %q, want %q", tc.wording, got, tc.op)
		}
		for _, u := range []struct{ word, fact string }{
			{"characters", "work_len"}, {"words", "words"}, {"lines", "lines"}, {"sentences", "sentences"},
		} {
			in := "It must be " + tc.wording + " 40 " + u.word + "."
			want := u.fact + " " + tc.op + " 40"
			if got, ok := Pattern(in); !ok || got != want {
				t.Errorf("Pattern(%q) = %q, %t; want %q", in, got, ok, want)
			}
		}
	}
	if got := opOf("roughly"); got != "" {
		t.Errorf(`opOf("roughly") = %q, want ""`, got)
	}
}

// A number followed by a suffix wording ("600 words or fewer") bounds it the same way.
func TestSuffixWordingsBoundTheNumberBeforeThem(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"600 words or less.", "words <= 600"},
		{"600 words or fewer.", "words <= 600"},
		{"600 words max.", "words <= 600"},
		{"600 words maximum.", "words <= 600"},
		{"100 words or more.", "words >= 100"},
		{"100 words minimum.", "words >= 100"},
		{"20 lines or longer.", "lines >= 20"},
		{"3 sentences at least.", "sentences >= 3"},
	} {
		if got, ok := Pattern(tc.in); !ok || got != tc.want {
			t.Errorf("Pattern(%q) = %q, %t; want %q", tc.in, got, ok, tc.want)
		}
	}
}

// Every spelling of a unit names its fact, singular and plural.
func TestEveryUnitSpellingNamesItsFact(t *testing.T) {
	for _, tc := range []struct{ spelling, fact string }{
		{"character", "work_len"}, {"characters", "work_len"}, {"char", "work_len"}, {"chars", "work_len"},
		{"word", "words"}, {"line", "lines"}, {"sentence", "sentences"},
		{"link", "urls"}, {"hyperlinks", "urls"}, {"url", "urls"}, {"urls", "urls"},
		{"code block", "code_blocks"}, {"fenced code blocks", "code_blocks"}, {"markdown code examples", "code_blocks"},
		{"code snippets", "code_blocks"}, {"snippet", "code_blocks"}, {"fenced blocks", "code_blocks"},
		{"heading", "headings"}, {"section headers", "headings"}, {"sections", "headings"},
		{"numbered steps", "steps"}, {"numbered list items", "steps"}, {"steps", "steps"},
		{"numbered list", "steps"}, {"numbered instructions", "steps"},
	} {
		u, ok := unitOf(tc.spelling)
		if !ok || u.fact != tc.fact {
			t.Errorf("unitOf(%q) = %q, %t; want %q", tc.spelling, u.fact, ok, tc.fact)
		}
	}
	for _, s := range []string{"paragraphs", "emoji", "bullet points", "pages", "code"} {
		if u, ok := unitOf(s); ok {
			t.Errorf("unitOf(%q) = %q: no fact counts it", s, u.fact)
		}
	}
}

// A structure's presence is at least one, its absence none; a link's are has_url and its
// negation, so that the checks read as the rubric does.
func TestPresenceAndAbsenceOfEachStructure(t *testing.T) {
	for _, tc := range []struct{ fact, present, absent string }{
		{"urls", "has_url", "!has_url"},
		{"code_blocks", "code_blocks >= 1", "code_blocks == 0"},
		{"headings", "headings >= 1", "headings == 0"},
		{"steps", "steps >= 1", "steps == 0"},
	} {
		u := unit{fact: tc.fact}
		if got := present(u); got != tc.present {
			t.Errorf("present(%s) = %q, want %q", tc.fact, got, tc.present)
		}
		if got := absent(u); got != tc.absent {
			t.Errorf("absent(%s) = %q, want %q", tc.fact, got, tc.absent)
		}
	}
}

// Numbers are read as digits, with thousands commas, or as words up to fifty.
func TestNumbersReadInEveryForm(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"At most twelve lines.", "lines <= 12"},
		{"At least fifty words.", "words >= 50"},
		{"At least a single sentence.", "sentences >= 1"},
		{"At most 1,500 characters.", "work_len <= 1500"},
		{"At most 10,000,000 characters.", "work_len <= 10000000"},
		{"Exactly zero links.", "urls == 0"},
		{"Between twenty and thirty lines.", "lines >= 20 && lines <= 30"},
		{"Ten to 20 sentences.", "sentences >= 10 && sentences <= 20"},
	} {
		if got, ok := Pattern(tc.in); !ok || got != tc.want {
			t.Errorf("Pattern(%q) = %q, %t; want %q", tc.in, got, ok, tc.want)
		}
	}
}

// A structure's negation compiles to its absence, whatever the negating wording.
func TestNegatedStructuresCompileToTheirAbsence(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"No links.", "!has_url"},
		{"Must not include a link.", "!has_url"},
		{"Must not include any code blocks.", "code_blocks == 0"},
		{"No headings.", "headings == 0"},
		{"Must not use numbered steps.", "steps == 0"},
	} {
		if got, ok := Pattern(tc.in); !ok || got != tc.want {
			t.Errorf("Pattern(%q) = %q, %t; want %q", tc.in, got, ok, tc.want)
		}
	}
}
