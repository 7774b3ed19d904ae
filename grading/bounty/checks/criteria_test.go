package checks

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestEachSentenceOrBulletIsOneCriterion: the rubric is cut into sentences and bullets;
// headings, lead-ins and blank lines are not criteria.
func TestEachSentenceOrBulletIsOneCriterion(t *testing.T) {
	rubric := "# Rubric\r\nThe note must be at most 600 characters. It should mention pricing, e.g. the\n" +
		"monthly fee.\n\nRequirements:\n- Include a link\n  to the docs.\n* Ideally use headings\n" +
		"1. May include a code block.\n2) Numbers alone: 42.\n\nNo emojis!"
	want := []Criterion{
		{"The note must be at most 600 characters.", true},
		{"It should mention pricing, e.g. the monthly fee.", false},
		{"Include a link to the docs.", false},
		{"Ideally use headings", false},
		{"May include a code block.", false},
		{"Numbers alone: 42.", false},
		{"No emojis!", false},
	}
	if diff := cmp.Diff(want, Criteria(rubric)); diff != "" {
		t.Errorf("Criteria (-want +got):\n%s", diff)
	}
}

// TestTheRubricsWordsDecideTheGate: must/required make a criterion mandatory,
// should/ideally/optional/may make it preferred, the first marker decides, and a
// sentence with none is preferred.
func TestTheRubricsWordsDecideTheGate(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"Must include a link.", true},
		{"A link is required.", true},
		{"Links are mandatory.", true},
		{"You may not include links.", true},
		{"Never mention the beta.", true},
		{"Don’t use emojis.", true},
		{"Every note needs a link.", true},
		{"It has to be short.", true},
		{"Should include a link.", false},
		{"Ideally include a link.", false},
		{"A link is optional.", false},
		{"It may include a link.", false},
		{"Include a link.", false},
		{"Must include a link, ideally https.", true},
		{"Ideally it must be short.", false},
		{"Mustard-coloured headings.", false},
	}
	for _, tc := range tests {
		if got := mandatory(tc.in); got != tc.want {
			t.Errorf("mandatory(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}
