package board

import (
	"fmt"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestChromiumShowsChallenges: issue 13, the challenges on the board. Loaded from a
// file in headless Chromium with every other request failed, the page shows each
// version's leaderboard with its ranked rows, the provisional run marked, the emissions
// and rollout strips; a fold's payment link reaches the row it paid, a row's summary
// opens its breakdown, and a confirmation's run link reaches the run; every text in the
// section reaches 4.5:1 as painted, light and dark, with every text opened; and at
// 360 px nothing scrolls sideways.
func TestChromiumShowsChallenges(t *testing.T) {
	r, s := challenges(t)
	c := challengeIn(t, &s, r.season)
	carol := entryOf(t, c, r.entries["carol"])
	b := newBrowser(t, writePage(t, render(t, s)))
	b.run(t, chromedp.Navigate(b.page), chromedp.WaitVisible(chromedp.CSS("#challenges")), chromedp.WaitVisible(chromedp.CSS("#challenge-2-v1 table.standings")))
	row := "#" + rowID(c.ID, 1, carol.ID)
	for _, x := range []struct{ sel, want string }{
		{"#challenges-h", "Benchmark challenges"},
		{row + " td[data-label='Composite ± SE']", plainMicros(carol.Composite) + " \u00b1 " + plainMicros(carol.SE)},
		{row + " .badge.champion", "champion"},
		{"#challenge-2-v1 h4 .badge.active", "active"},
		{"#challenge-2-rollout .progress", "3 of 5"},
		{"#" + rowID(c.ID, 1, r.entries["stranger"]) + " .badge.provisional", "provisional"},
		{"#challenge-2-emissions p.shares strong", "0.9"},
	} {
		if got := b.text(t, x.sel); got != x.want {
			t.Errorf("%s = %q, want %q", x.sel, got, x.want)
		}
	}
	if n := b.count(t, "#challenge-2 section.standings"); n != 2 {
		t.Errorf("%d leaderboards on the season, want 2", n)
	}
	if n := b.count(t, "#challenges details[open]"); n != 0 {
		t.Errorf("%d details are open before anyone opens them", n)
	}

	dave := rowID(c.ID, 1, r.entries["dave"])
	b.run(t, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#challenge-2-emissions ul.payments a[href="#%s"]`, dave))))
	if got := eval[string](t, b, `document.querySelector(":target").id`); got != dave {
		t.Errorf("the payment's link targets %q, want %s", got, dave)
	}
	b.run(t, chromedp.Click(chromedp.CSS(row+"-more > summary")))
	if !eval[bool](t, b, fmt.Sprintf(`document.querySelector(%q).open`, row+"-more")) {
		t.Fatalf("clicking a row's summary leaves its details closed")
	}
	if h := eval[float64](t, b, fmt.Sprintf(`document.querySelector(%q).getBoundingClientRect().height`, row+"-more table.breakdown")); h < 100 {
		t.Errorf("carol's breakdown is %v px tall once opened", h)
	}
	run := fmt.Sprintf("challenge-run-%d", carol.Confirmations[1].Run)
	b.run(t, chromedp.Click(chromedp.CSS(fmt.Sprintf(`%s-more table.confirmations a[href="#%s"]`, row, run))))
	if got := eval[string](t, b, `document.querySelector(":target").id`); got != run {
		t.Errorf("the confirmation's link targets %q, want %s", got, run)
	}

	openAll(t, b, "#challenges")
	for _, scheme := range []string{"light", "dark"} {
		b.run(t, call(emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}}))
		legibleIn(t, b, "#challenges", scheme)
		b.shotOf(t, "#challenge-2-v1", "board-challenge-"+scheme+".png")
	}
	b.run(t, call(emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: 360, Height: 740, DeviceScaleFactor: 1, Mobile: true}))
	if w := eval[int](t, b, "document.documentElement.scrollWidth"); w > 360 {
		t.Errorf("at 360 px the page is %d px wide: it scrolls sideways", w)
		t.Logf("wider than 360 px: %q", eval[[]string](t, b, wider360))
	}
	b.shotOf(t, "#challenge-2-rollout", "board-challenge-360.png")
	b.check(t)
}
