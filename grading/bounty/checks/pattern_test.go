package checks

import "testing"

// patternTests are sentences rubrics really contain and what each compiles to; want ""
// means the sentence must be left to the model compiler.
var patternTests = []struct {
	in, want string
}{
	{"The launch note must be at most 600 characters.", "work_len <= 600"},
	{"At most 600 characters.", "work_len <= 600"},
	{"No more than 1,200 words", "words <= 1200"},
	{"Keep it under 300 words.", "words < 300"},
	{"Must not exceed 40 lines.", "lines <= 40"},
	{"Should be at least two sentences.", "sentences >= 2"},
	{"Between 150 and 400 words.", "words >= 150 && words <= 400"},
	{"The summary should be 100-200 words long.", "words >= 100 && words <= 200"},
	{"Exactly 3 sentences.", "sentences == 3"},
	{"500 characters or fewer.", "work_len <= 500"},
	{"A 280-character limit applies.", ""},
	{"Character limit of 280.", "work_len <= 280"},
	{"Must include a link.", "has_url"},
	{"Include at least 2 links.", "urls >= 2"},
	{"It should include an https link.", `work.contains("https://")`},
	{"Links must use https.", ""},
	{"A link is required.", "has_url"},
	{"Must not include any links.", "!has_url"},
	{"Include a code block.", "code_blocks >= 1"},
	{"Should contain at least two code examples.", "code_blocks >= 2"},
	{"No code blocks.", "code_blocks == 0"},
	{"Use section headings.", "headings >= 1"},
	{"Should have at least 3 sections.", "headings >= 3"},
	{"Use numbered steps.", "steps >= 1"},
	{"Ideally a numbered list of at least 4 steps.", "steps >= 4 && steps >= 1"},
	{`Must mention "Settlement API".`, `work_lower.contains("settlement api")`},
	{`Must mention “refunds” and “chargebacks”.`, `work_lower.contains("refunds") && work_lower.contains("chargebacks")`},
	{`Must not mention "beta".`, `!work_lower.contains("beta")`},
	{"Should mention the rate limit.", `work_lower.contains("rate limit")`},
	{"Must never mention Acme", `!work_lower.contains("acme")`},
	{"Should mention how retries work.", ""},
	{"Must be under 600 characters and include a link.", "work_len < 600 && has_url"},
	{"Must be under 600 characters and explain the refund policy.", ""},
	{"Examples in Go must include a code block.", ""},
	{"Explain why the migration is needed.", ""},
	{"Keep it short.", ""},
	{"Include a link to the changelog.", ""},
	{"Must not be under 100 words.", ""},
	{"Write 600 words.", ""},
	{"It should name a customer.", ""},
	{"Must not include the word \"free\" or any link.", ""},
}

// TestPatternCompilesTheSentencesRubricsContain: seed 000, "A deterministic pattern
// compiler handles the common sentences"; a sentence with anything it does not
// recognise is not compiled at all.
func TestPatternCompilesTheSentencesRubricsContain(t *testing.T) {
	for _, tc := range patternTests {
		got, ok := Pattern(tc.in)
		if (tc.want == "") == ok || got != tc.want {
			t.Errorf("Pattern(%q) = %q, %v; want %q", tc.in, got, ok, tc.want)
		}
		if ok {
			if _, err := compileExpr(got); err != nil {
				t.Errorf("Pattern(%q) = %q does not compile: %v", tc.in, got, err)
			}
		}
	}
}
