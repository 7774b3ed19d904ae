package board

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
)

// withEntries returns s with the season grown to n ranked entries on its active
// version, each a copy of carol's with its entry run and three attestations, their
// composites spread so that every one ranks.
func withEntries(t testing.TB, r *challengeRun, s ledger.Snapshot, n int) ledger.Snapshot {
	t.Helper()
	var c *ledger.ChallengeView
	for i := range s.Challenges {
		if s.Challenges[i].ID == r.season {
			c = &s.Challenges[i]
		}
	}
	var carol ledger.ChallengeEntryView
	for _, e := range c.Entries {
		if e.ID == r.entries["carol"] {
			carol = e
		}
	}
	var run ledger.RunView
	for _, x := range c.Runs {
		if x.ID == carol.Run {
			run = x
		}
	}
	nextE, nextR := ledger.ChallengeEntryID(1000), ledger.RunID(1000)
	for i := range n {
		e, x := carol, run
		e.ID, x.ID, x.Entry = nextE+ledger.ChallengeEntryID(i), nextR+ledger.RunID(i), nextE+ledger.ChallengeEntryID(i)
		e.Program = fmt.Sprintf("%064x", i)
		e.Run, e.Ranked, e.Runs, e.Confirmations = x.ID, x.ID, []challenge.RunID{x.ID}, nil
		e.Composite -= int64(i)
		k := *x.Kept
		k.Composite.Composite = e.Composite
		x.Kept = &k
		c.Entries = append(c.Entries, e)
		c.Runs = append(c.Runs, x)
	}
	return s
}

// TestAThousandEntriesRenderWhole: the ledger bounds no challenge's entries, only their
// cost (a deposit and a grading fee each); a season of 1,000 ranked entries, each with
// its breakdown and attested run, renders whole on the server, every row ranked.
func TestAThousandEntriesRenderWhole(t *testing.T) {
	r, s := challenges(t)
	s = withEntries(t, r, s, 1000)
	page := render(t, s)
	section := fragment(t, page, `<section id="challenges"`, "\n</section>\n<section id=\"leaderboard\"")
	doc := checkPage(t, section)
	if n := len(all(doc, "#challenge-2-v1 tbody.ranked tr.entry")); n != 1005 {
		t.Errorf("%d ranked rows, want 1005", n)
	}
	if n := bytes.Count(section, []byte(`<details class="standing"`)); n < 1005 {
		t.Errorf("%d rows open to details, want every one", n)
	}
	t.Logf("the challenges section is %.1f MiB for %d entries", float64(len(section))/(1<<20), len(s.Challenges[1].Entries))
}

// BenchmarkRenderAChallengeOf1000Entries measures the board of a season of 1,000
// ranked entries, and the bytes each entry adds to the page.
func BenchmarkRenderAChallengeOf1000Entries(b *testing.B) {
	r := playChallenges(b)
	base := len(render(b, r.snap))
	s := withEntries(b, r, r.snap, 1000)
	var size int
	for b.Loop() {
		var buf bytes.Buffer
		if err := Render(&buf, s); err != nil {
			b.Fatal(err)
		}
		size = buf.Len()
	}
	b.ReportMetric(float64(size-base)/1000, "bytes/entry")
}
