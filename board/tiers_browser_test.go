package board

import (
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"
)

// TestChromiumShowsThePodiumAndTheTeam: the tiered arena in headless Chromium with every
// other request failed: the task's podium and the team entry's card read as the server
// wrote them, the script renders the same cards from the data block (the team, the
// place and the fresh panel included), and every text of the task table and the cards
// reaches 4.5:1 as painted, light and dark.
func TestChromiumShowsThePodiumAndTheTeam(t *testing.T) {
	r, s := tiered(t)
	b := newBrowser(t, writePage(t, render(t, s)))
	b.run(t, chromedp.Navigate(b.page), chromedp.WaitVisible(chromedp.CSS("#filters")))
	server := eval[[]string](t, b, signature)
	for _, c := range []struct{ sel, want string }{
		{"#task-2 ol.podium li", "Rank 1 (60%): entry #1 by " + r.c.Addr("alice").String() + " and 1 more, 60 GEN"},
		{"#entry-1 p.place", "Rank 1 of the podium, 60% of the prize: 60 GEN"},
		{"#entry-1 ul.team li", r.c.Addr("alice").String() + " 75%: paid 45 GEN, bond back 3.75 GEN"},
		{"#entry-1 dd.excluded", "4 words of the brief, rubric and template"},
	} {
		if got := b.text(t, c.sel); got != c.want {
			t.Errorf("%s = %q, want %q", c.sel, got, c.want)
		}
	}
	b.choose(t, "#f-task", "2")
	b.choose(t, "#f-task", "")
	if d := cmp.Diff(server, eval[[]string](t, b, signature)); d != "" {
		t.Errorf("the script renders cards unlike the server (-server +script):\n%s", d)
	}
	if got, want := b.text(t, "#entry-2 p.appeal"), "by a fresh panel of 5, quorum 4"; !strings.Contains(got, want) {
		t.Errorf("#entry-2 p.appeal = %q, want it to name %q", got, want)
	}
	openAll(t, b, "#cards")
	for _, scheme := range []string{"light", "dark"} {
		b.run(t, call(emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}}))
		legibleIn(t, b, "#tasks", scheme)
		legibleIn(t, b, "#cards", scheme)
	}
	b.check(t)
}
