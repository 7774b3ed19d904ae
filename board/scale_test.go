package board

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/arena/arena/ledger"
	"github.com/chromedp/chromedp"
)

// scaled returns the demo grown to n entries over n/50 tasks and n/10 solvers: each
// entry is a demo entry with fresh ids and its own rounds, sharing read-only contents.
func scaled(t testing.TB, n int) ledger.Snapshot {
	t.Helper()
	demo := loadSnapshot(t, "demo")
	rounds := map[ledger.RoundID]ledger.RoundView{}
	for _, r := range demo.Rounds {
		rounds[r.ID] = r
	}
	s := ledger.Snapshot{Arena: demo.Arena, Events: demo.Events}
	ntasks := max(1, n/50)
	for i := range ntasks {
		task := demo.Tasks[i%len(demo.Tasks)]
		task.ID, task.Entries = ledger.TaskID(i+1), nil
		task.Title = fmt.Sprintf("%s (%d)", task.Title, i+1)
		s.Tasks = append(s.Tasks, task)
	}
	solvers := make([]ledger.Address, max(1, n/10))
	for i := range solvers {
		binary.BigEndian.PutUint64(solvers[i][12:], uint64(i+1))
		s.Leaderboard = append(s.Leaderboard, ledger.Reputation{Address: solvers[i], Entries: 10, Grades: 9, BestScore: 80, AverageScore: 52, Earned: ledger.Ether(uint64(i))})
	}
	var rid ledger.RoundID
	for i := range n {
		e := demo.Entries[i%len(demo.Entries)]
		e.ID, e.Task, e.Solver, e.Seq = ledger.EntryID(i+1), ledger.TaskID(i%ntasks+1), solvers[i%len(solvers)], i/ntasks+1
		s.Tasks[i%ntasks].Entries = append(s.Tasks[i%ntasks].Entries, e.ID)
		ids := e.Rounds
		e.Rounds = nil
		renumber := map[ledger.RoundID]ledger.RoundID{}
		for _, old := range ids {
			rid++
			renumber[old] = rid
			r := rounds[old]
			r.ID, r.Entry = rid, e.ID
			if r.Grade != nil {
				g := *r.Grade
				g.Round = rid
				r.Grade = &g
			}
			s.Rounds = append(s.Rounds, r)
			e.Rounds = append(e.Rounds, rid)
		}
		if e.Current != nil {
			g := *e.Current
			g.Round = renumber[g.Round]
			e.Current = &g
		}
		if e.Appeal != nil {
			a := *e.Appeal
			a.Round, a.Against = renumber[a.Round], renumber[a.Against]
			e.Appeal = &a
		}
		s.Entries = append(s.Entries, e)
	}
	return s
}

// distinct makes what is each entry's own differ between entries, as in a real arena:
// the work and its digest, the filing time and the receipts of every model call.
func distinct(s ledger.Snapshot) ledger.Snapshot {
	s.Entries = slices.Clone(s.Entries)
	for i := range s.Entries {
		e := &s.Entries[i]
		e.Work = fmt.Sprintf("Entry %d. %s", e.ID, e.Work)
		e.FiledAt += int64(e.ID)
		if e.Current != nil {
			g := *e.Current
			g.Result.WorkDigest = fmt.Sprintf("%064x", sha256.Sum256([]byte(e.Work)))
			e.Current = &g
		}
	}
	s.Rounds = slices.Clone(s.Rounds)
	for i := range s.Rounds {
		r := &s.Rounds[i]
		if r.Grade == nil {
			continue
		}
		g := *r.Grade
		g.Result.Calls = slices.Clone(g.Result.Calls)
		for j := range g.Result.Calls {
			c := &g.Result.Calls[j]
			c.PromptSHA = fmt.Sprintf("%064x", sha256.Sum256([]byte(fmt.Sprint("prompt", r.ID, j))))
			c.ResponseSHA = fmt.Sprintf("%064x", sha256.Sum256([]byte(fmt.Sprint("response", r.ID, j))))
		}
		r.Grade = &g
	}
	return s
}

// BenchmarkRender10k: DESIGN.md goal, a snapshot with 10,000 entries renders in under
// a second. Reports ms per render and the page's size, for the scaled demo ("shared":
// entries repeat the demo's six), for the same with each entry's own work, digest,
// filing time and receipts made distinct ("distinct"), which the string table cannot
// fold, and for the shared demo with a tender at every limit beside it ("tender").
func BenchmarkRender10k(b *testing.B) {
	shared := scaled(b, 10_000)
	for name, s := range map[string]ledger.Snapshot{"shared": shared, "distinct": distinct(shared), "tender": withFullTender(shared)} {
		b.Run(name, func(b *testing.B) {
			var buf bytes.Buffer
			for b.Loop() {
				buf.Reset()
				if err := Render(&buf, s); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/render")
			b.ReportMetric(float64(buf.Len())/(1<<20), "MiB/page")
		})
	}
}

// TestTenThousandEntriesArePaged: a page for 10,000 entries carries every card in its
// data block and renders only the first 50 as markup.
func TestTenThousandEntriesArePaged(t *testing.T) {
	page := render(t, scaled(t, 10_000))
	if n := bytes.Count(page, []byte(`<article class="card"`)); n != pageSize {
		t.Errorf("cards in markup = %d, want %d", n, pageSize)
	}
	if n := bytes.Count([]byte(textOfScript(t, page)), []byte("\n{\"i\":")); n != 10_000 {
		t.Errorf("cards in data = %d, want 10000", n)
	}
}

// timing reports the browser's navigation timing and the cost of parsing the data block.
const timing = `(function(){var n=performance.getEntriesByType("navigation")[0];var t0=performance.now();
JSON.parse(document.getElementById("board-data").textContent);var p=performance.now()-t0;
return "response end "+Math.round(n.responseEnd)+" ms, DOM interactive "+Math.round(n.domInteractive)+" ms, load "+Math.round(n.loadEventEnd)+" ms, JSON.parse "+Math.round(p)+" ms"})()`

// TestChromiumPagesTenThousandEntries: the 10,000-entry page stays usable in a browser:
// 50 cards at a time, next and previous pages, and a search over all of them.
func TestChromiumPagesTenThousandEntries(t *testing.T) {
	page := render(t, scaled(t, 10_000))
	b := newBrowser(t, writePage(t, page))
	start := time.Now()
	b.run(t, chromedp.Navigate(b.page), chromedp.WaitVisible(chromedp.CSS("#filters")))
	t.Logf("%.1f MiB page ready in %v; %s", float64(len(page))/(1<<20), time.Since(start).Round(time.Millisecond), eval[string](t, b, timing))
	if n, pg := b.count(t, "#cards > article.card"), b.text(t, "#pageno"); n != 50 || pg != "Page 1 of 200" {
		t.Fatalf("first view: %d cards, %q; want 50 cards, page 1 of 200", n, pg)
	}
	b.run(t, chromedp.Click(chromedp.CSS("#next")))
	if first, pg := b.text(t, "#cards h3 a"), b.text(t, "#pageno"); first != "Entry #51" || pg != "Page 2 of 200" {
		t.Errorf("after next: first %q, %q; want entry #51 on page 2 of 200", first, pg)
	}
	b.run(t, chromedp.Click(chromedp.CSS("#prev")))
	if first := b.text(t, "#cards h3 a"); first != "Entry #1" {
		t.Errorf("after prev: first %q, want entry #1", first)
	}
	start = time.Now()
	b.run(t, chromedp.SendKeys(chromedp.CSS("#f-q"), "backoff"))
	b.waitText(t, "#shown", "Showing 1\u201350 of 1666 matching entries")
	t.Logf("typed and searched 10000 cards in %v, 150 ms of it the pause typing waits for", time.Since(start).Round(time.Millisecond))
	eval[string](t, b, `location.hash = "#entry-9999"`)
	b.run(t, chromedp.WaitVisible(chromedp.CSS("#entry-9999")))
	if pg := b.text(t, "#pageno"); pg != "Page 200 of 200" {
		t.Errorf("#entry-9999 opened %q, want page 200", pg)
	}
	b.check(t)
}
