package demo

import (
	"strings"
	"testing"

	"github.com/arena/arena/grading/bounty/overlap"
	"github.com/arena/arena/grading/prompt"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/reader/builtin"
)

// read is the builtin reader's rung for solver's entry on st.
func read(st story, solver string) builtin.Reading {
	return builtin.Read(prompt.Brief{Title: st.title, Spec: st.text("spec.md"), Rubric: st.text("rubric.md"), Work: st.text(solver + ".md")})
}

// TestBundledTextsTellTheirStories: the bundled entries are written so that the
// builtin reader and the sandbox produce the seed's stories: an over-length note the
// reader finds adequate but code throws out, a short one read as strong, a reworded
// copy read as strong but measured at 80% or more against the original, and a clean
// contest in which the entry without a link loses fifteen points.
func TestBundledTextsTellTheirStories(t *testing.T) {
	note, guide, notes := stories[0], stories[1], stories[2]
	rungs := []struct {
		st     story
		solver string
		want   int
	}{
		{note, "carol", 3}, {note, "alice", 4}, {guide, "alice", 4}, {guide, "bob", 4}, {notes, "dave", 4}, {notes, "erin", 3},
	}
	for _, r := range rungs {
		if got := read(r.st, r.solver); got.Rung != r.want {
			t.Errorf("builtin reading of %s/%s = %d (%s), want %d", r.st.dir, r.solver, got.Rung, got.Reason, r.want)
		}
	}
	if n := len(note.text("carol.md")); n <= 600 {
		t.Errorf("carol's launch note is %d bytes; the story needs it over the 600-character limit", n)
	}
	if n := len(note.text("alice.md")); n > 600 {
		t.Errorf("alice's launch note is %d bytes; it must fit the 600-character limit", n)
	}
	x := overlap.NewIndex()
	x.Add(1, guide.text("alice.md"))
	if m := x.Measure(guide.text("bob.md")); m.Percent < ledger.CopyThreshold || m.Entry != 1 {
		t.Errorf("bob's guide overlaps alice's by %d%% (entry %d), want at least %d%%", m.Percent, m.Entry, ledger.CopyThreshold)
	}
	for _, pair := range []struct {
		st           story
		first, later string
	}{{note, "carol", "alice"}, {notes, "dave", "erin"}} {
		x := overlap.NewIndex()
		x.Add(1, pair.st.text(pair.first+".md"))
		if m := x.Measure(pair.st.text(pair.later + ".md")); m.Copy() {
			t.Errorf("%s/%s overlaps %s by %d%%: an honest entry must not read as a copy", pair.st.dir, pair.later, pair.first, m.Percent)
		}
	}
	if strings.Contains(notes.text("erin.md"), "https://") || !strings.Contains(notes.text("dave.md"), "https://") {
		t.Errorf("dave's release notes must carry the link and erin's must not")
	}
}
