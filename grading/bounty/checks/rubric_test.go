package checks

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Every bullet marker the rubric grammar names starts a criterion of its own, and the
// marker is not part of its text.
func TestEveryBulletMarkerStartsACriterion(t *testing.T) {
	for _, m := range []string{"-", "*", "+", "•", "‣", "◦", "–", "1.", "12)", "123."} {
		got := Criteria(m + " Must include a link\n" + m + " Should be short")
		want := []Criterion{{"Must include a link", true}, {"Should be short", false}}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("marker %q (-want +got):\n%s", m, diff)
		}
	}
	// Four digits, or no space after the marker, is no bullet: the line continues its
	// paragraph.
	got := Criteria("1234) Must include a link\n-no space")
	want := []Criterion{{"1234) Must include a link -no space", true}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("not bullets (-want +got):\n%s", diff)
	}
}

// An indented line continues the bullet above it; an unindented one ends it and starts
// a paragraph; a blank line or a heading ends either.
func TestIndentedLinesContinueTheirBullet(t *testing.T) {
	rubric := "- Must include\n\ta link\n    to the docs\nShould be short\nand clear\n# Heading\nMay use headings\n\nNever mention beta"
	want := []Criterion{
		{"Must include a link to the docs", true},
		{"Should be short and clear", false},
		{"May use headings", false},
		{"Never mention beta", true},
	}
	if diff := cmp.Diff(want, Criteria(rubric)); diff != "" {
		t.Errorf("Criteria (-want +got):\n%s", diff)
	}
}

// Sentences end at . ! or ? before a space (closing quotes and brackets kept with the
// sentence), never after an abbreviation or a single letter of either case (an initial).
func TestSentencesEndButNotAfterAnAbbreviation(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"Must be short. Should be clear! May link? Yes", []string{"Must be short.", "Should be clear!", "May link?", "Yes"}},
		{`It must say "done." Then stop.`, []string{`It must say "done."`, "Then stop."}},
		{"Use a link (e.g. the docs). Done.", []string{"Use a link (e.g. the docs).", "Done."}},
		{"Compare A vs. B carefully.", []string{"Compare A vs. B carefully."}},
		{"Name the approx. cost, i.e. the fee.", []string{"Name the approx. cost, i.e. the fee."}},
		{"See fig. 2 and cf. the notes, incl. tables etc. here.", []string{"See fig. 2 and cf. the notes, incl. tables etc. here."}},
		{"Max. 3 links. Min. 1 link.", []string{"Max. 3 links.", "Min. 1 link."}},
		{"Plan A. Plan b. Plan C. Go.", []string{"Plan A. Plan b. Plan C. Go."}},
		{"Version 2.0 is out.", []string{"Version 2.0 is out."}},
		{"Wait... then go.", []string{"Wait...", "then go."}},
	} {
		var got []string
		for _, c := range Criteria(tc.in) {
			got = append(got, c.Text)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("Criteria(%q) (-want +got):\n%s", tc.in, diff)
		}
	}
}

// Lead-ins ending in ':', sentences without a letter, headings and blank lines are no
// criteria; whitespace is collapsed and bad UTF-8 replaced.
func TestWhatIsNoCriterion(t *testing.T) {
	rubric := "Requirements:\n\n## Format\n42.\n- 1, 2, 3!\n   \n- Must  be\tshort.\nThe work \xff must link."
	want := []Criterion{{"Must be short.", true}, {"The work \uFFFD must link.", true}}
	if diff := cmp.Diff(want, Criteria(rubric)); diff != "" {
		t.Errorf("Criteria (-want +got):\n%s", diff)
	}
	if got := Criteria(""); got != nil {
		t.Errorf("Criteria of nothing = %v", got)
	}
}

// Every mandatory marker makes a sentence mandatory and every preferred one preferred,
// whatever its case; a curly apostrophe reads as a straight one.
func TestEveryMarkerDecidesTheGate(t *testing.T) {
	for _, m := range []string{"must", "required", "requires", "require", "shall", "mandatory", "need", "needs",
		"has to", "have to", "cannot", "can not", "can't", "mustn't", "may not", "never", "do not", "don't", "Can’t", "MUST"} {
		if !mandatory("The work " + m + " link.") {
			t.Errorf("%q does not make a sentence mandatory", m)
		}
	}
	for _, m := range []string{"should", "shouldn't", "ideally", "preferably", "preferred", "prefer", "optional",
		"optionally", "may", "might", "could", "recommended", "bonus", "nice to have", "if possible", "SHOULD"} {
		if mandatory("The work " + m + " link.") {
			t.Errorf("%q makes a sentence mandatory", m)
		}
	}
	// Markers are whole words: none hides inside another word.
	for _, s := range []string{"Mustang photos.", "Shallow copies.", "The needle.", "Haste.", "Mayor names.", "Nevertheless short."} {
		if mandatory(s) {
			t.Errorf("mandatory(%q) = true: no marker is a whole word there", s)
		}
	}
	// The first marker decides.
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{"Should never mention beta.", false},
		{"Never mention beta, ideally.", true},
		{"It may not be long; it should be clear.", true},
		{"Optionally, it must link.", false},
	} {
		if got := mandatory(tc.in); got != tc.want {
			t.Errorf("mandatory(%q) = %t, want %t", tc.in, got, tc.want)
		}
	}
}
