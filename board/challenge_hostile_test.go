package board

import (
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// unbroken is a title with no place to break a line: 120 characters, the most a title
// may hold, to push a layout sideways.
var unbroken = strings.Repeat("W", 120)

// hostileChallenges is the story with every free text a sponsor, a registrant or a
// committee member writes into a challenge (titles, bench names, URLs, models, kinds,
// category names, failures and reasons) replaced by markup that would run, load or
// navigate if it were not escaped, and a title with nowhere to break.
func hostileChallenges(t *testing.T) ledger.Snapshot {
	r, s := challenges(t)
	c := challengeIn(t, &s, r.season)
	c.Title = imgOnerror
	c.Bench = closeScript
	challengeIn(t, &s, r.sprint).Title = unbroken
	for i := range s.Benches {
		b := &s.Benches[i]
		b.Name, b.URL, b.Model = closeScript, jsURL, styleBreak
		b.Kinds = []string{anchor}
		b.Platform = frame
	}
	s.Benches[1].Reason = "[EXPECTED] " + anchor
	s.Benches[0].Checks[0].Result.Kinds = []string{svgOnload}
	carol := entryOf(t, c, r.entries["carol"])
	carol.URL = jsURL
	k := runIn(t, c, carol.Ranked).Kept
	k.Composite.Categories[0].Name = svgOnload
	k.Composite.Categories[1].Kind = frame
	k.Composite.Categories[2].Name = strings.Repeat("x", 128)
	refused := runIn(t, c, entryOf(t, c, r.entries["stranger-refused"]).Run)
	refused.Kept.Error = "[EXPECTED] " + lineSep + anchor
	refused.Attestations[0].Result.Error = "[EXPECTED] " + closeScript
	return s
}

// hostileElements selects what a payload would create if it were not escaped.
const hostileElements = "#challenges img, #challenges svg, #challenges iframe, #challenges style, #challenges script, " +
	"#challenges [onerror], #challenges [onload], #challenges a[href^=javascript]"

// TestHostileChallengeTextRendersInert: a challenge's title, a bench's name and URL, a
// model, a kind, a category and a committee's failure are anyone's text; on the board
// they reach the page as text, exactly as written, never as elements, and nothing of a
// challenge travels in the data block.
func TestHostileChallengeTextRendersInert(t *testing.T) {
	st, _ := challenges(t)
	page := render(t, hostileChallenges(t))
	carol := rowID(st.season, 1, st.entries["carol"])
	refused := rowID(st.season, 1, st.entries["stranger-refused"])
	doc := checkPage(t, page,
		NotIn(hostileElements),
		In("#challenge-2 h3 .sub", HasText(imgOnerror)),
		In("#challenges table.challenges td[data-label=Challenge] a[href=#challenge-2]", HasText("#2 "+imgOnerror)),
		In("#challenge-2 > dl.terms dd", HasText(closeScript+", active version v1")),
		In("#challenge-2-v1 h4", HasText("Leaderboard on "+closeScript+" v1 active")),
		In("#"+carol+"-more table.breakdown td[data-label=Category]", HasText(svgOnload)),
		In("#"+refused+" td[data-label=State] .note", HasText(strings.Join(strings.Fields("[EXPECTED] "+lineSep+anchor), " "))),
		In("#bench-1-more dl.frozen code.url", HasText(jsURL)),
		In("#bench-2 td[data-label=State] .why", HasText("[EXPECTED] "+anchor)),
		In("#bench-1-more ul.checks li", containsText("of kinds "+svgOnload+", dataset")),
	)
	if got := textsOf2(all(doc, "#challenges table.challenges td[data-label=Bench]")); len(got) != 2 || got[1] != closeScript+" v1" {
		t.Errorf("the table's benches read %q, want the second %q", got, closeScript+" v1")
	}
	if got := textsOf2(all(doc, "#"+carol+"-more table.breakdown td[data-label=Kind]")); len(got) < 2 || got[1] != frame {
		t.Errorf("carol's kinds read %q, want the second %q", got, frame)
	}
	if n := len(all(doc, "script")); n != 2 {
		t.Errorf("page has %d script elements, want 2", n)
	}
	if n := len(all(doc, "style")); n != 1 {
		t.Errorf("page has %d style elements, want 1", n)
	}
	data := textOfScript(t, page)
	for _, bad := range []string{"Memory and tool use", "window.pwned", "</script", "<img"} {
		if strings.Contains(data, bad) {
			t.Errorf("the data block contains %q", bad)
		}
	}
}

// TestChromiumRunsNoHostileChallengeText: the hostile challenges in a browser, every
// text opened, run none of their payloads, create none of their elements, make no
// request, and at 360 px, with a title that has nowhere to break, nothing scrolls
// sideways.
func TestChromiumRunsNoHostileChallengeText(t *testing.T) {
	b := newBrowser(t, writePage(t, render(t, hostileChallenges(t))))
	b.run(t, chromedp.Navigate(b.page), chromedp.WaitVisible(chromedp.CSS("#challenges")))
	openAll(t, b, "#challenges")
	if got := eval[string](t, b, `String(window.pwned)`); got != "undefined" {
		t.Errorf("a payload ran: window.pwned = %q", got)
	}
	if n := b.count(t, hostileElements); n != 0 {
		t.Errorf("the challenges section holds %d payload elements", n)
	}
	if got := b.text(t, "#challenge-2 h3 .sub"); got != imgOnerror {
		t.Errorf("title shown as %q, want %q", got, imgOnerror)
	}
	b.run(t, call(emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: 360, Height: 740, DeviceScaleFactor: 1, Mobile: true}))
	if w := eval[int](t, b, "document.documentElement.scrollWidth"); w > 360 {
		t.Errorf("at 360 px the page is %d px wide: it scrolls sideways", w)
		t.Logf("wider than 360 px: %q", eval[[]string](t, b, wider360))
	}
	b.check(t)
}
