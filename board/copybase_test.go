package board

import (
	"strings"
	"testing"
)

// "the board (... the excluded text)": a task posted with a copy base shows its template
// beside the brief and rubric and says that their words never count toward overlap; a
// grade that left words out says how many, in the card and in the data block alike.
func TestTheBoardShowsTheCopyBase(t *testing.T) {
	s := loadSnapshot(t, "demo")
	s.Tasks[0].CopyBase, s.Tasks[0].Template = true, "Incident report template.\nSummary of the outage."
	graded := -1
	for i := range s.Entries {
		if e := &s.Entries[i]; e.Task == s.Tasks[0].ID && e.Current != nil && e.Current.Error == "" {
			e.Current.Result.Excluded = 7
			graded = i
			break
		}
	}
	if graded < 0 {
		t.Fatal("the demo graded no entry of its first task")
	}
	html := string(render(t, s, WithCrossings(nil)))
	for _, want := range []string{
		"<h3>Template</h3><pre class=\"template\">Incident report template.\nSummary of the outage.</pre>",
		"<p class=\"copybase\">Copy check: the words of the brief, the rubric and the template never count toward overlap.</p>",
		"<div><dt>Left out of the copy check</dt><dd class=\"excluded\">7 words of the brief, rubric and template</dd></div>",
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the board lacks %q", want)
		}
	}
	_, _, cards, err := decodeData(textOfScript(t, []byte(html)))
	if err != nil {
		t.Fatalf("decode the data block: %v", err)
	}
	if d := sameCards(index(&s, crossings{true, nil}).cards(), cards); d != "" {
		t.Errorf("the data block differs from the cards (-want +got):\n%s", d)
	}
	found := false
	for _, c := range cards {
		if c.Grade != nil && c.Grade.Excluded == 7 {
			found = true
		}
	}
	if !found {
		t.Error("no card in the data block carries the excluded count")
	}
	if plain := string(render(t, loadSnapshot(t, "demo"))); strings.Contains(plain, "class=\"copybase\"") || strings.Contains(plain, "class=\"template\"") || strings.Contains(plain, "class=\"excluded\"") {
		t.Error("a board without a copy base mentions one")
	}
}
