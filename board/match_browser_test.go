package board

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/ledger/match/battle"
)

// lowContrastIn is lowContrast over the elements under sel instead of #tenders.
func lowContrastIn(sel string) string { return strings.ReplaceAll(lowContrast, "#tenders", sel) }

// legibleIn reports text under sel that reaches less than 4.5:1 as painted.
func legibleIn(t *testing.T, b *browser, sel, scheme string) {
	t.Helper()
	out := eval[[]string](t, b, lowContrastIn(sel))
	if bad := out[:len(out)-1]; len(bad) > 0 {
		t.Errorf("%s: text under 4.5:1 (%s): %s", scheme, out[len(out)-1], strings.Join(bad, "; "))
	}
	t.Logf("%s: %s elements with text, none under 4.5:1", scheme, strings.TrimPrefix(out[len(out)-1], "checked "))
}

// wider360 lists the first elements whose right edge passes 360 px, to say what
// makes a page scroll sideways.
const wider360 = `(function(){var o=[];document.querySelectorAll("body *").forEach(function(e){var r=e.getBoundingClientRect();` +
	`if(r.right>360&&o.length<8)o.push(e.tagName+"."+e.className+" "+Math.round(r.right))});return o})()`

// openAll opens every details under sel, so that its text is painted.
func openAll(t *testing.T, b *browser, sel string) {
	t.Helper()
	eval[bool](t, b, fmt.Sprintf(`(document.querySelectorAll(%q).forEach(function(d){d.open=true}), true)`, sel+" details"))
}

// TestChromiumShowsMatches: issue 15, the matches section on the board. Loaded from a
// file in headless Chromium with every other request failed, the page shows each match
// with its timeline, a fallback's mark, the bets and the replayed result; the table's
// links reach the match and a turn's receipt link reaches the receipt, opened; every
// text in the section reaches 4.5:1 as painted, light and dark, with every text opened;
// and at 360 px nothing scrolls sideways.
func TestChromiumShowsMatches(t *testing.T) {
	r, s := matches(t)
	m := matchIn(t, &s, r.finished.ID)
	b := newBrowser(t, writePage(t, render(t, s)))
	b.run(t, chromedp.Navigate(b.page), chromedp.WaitVisible(chromedp.CSS("#matches")), chromedp.WaitVisible(chromedp.CSS("#match-1 table.timeline")))
	for _, c := range []struct{ sel, want string }{
		{"#matches-h", "Agent matches"},
		{"#match-1 p.outcome", fmt.Sprintf("Agent 0 (scripted/aggressive) won: the entrant %s was paid 19 GEN, both entry fees less 1 GEN to the treasury; "+
			"the operator's bond went back. Settled %s.", r.c.Addr("alice"), readable(stamp(m.SettledAt)))},
		{"#match-1-turn-2 table.moves tr.fallback .why", `the answer was not the JSON object {"move": ...}`},
		{"#match-1-turn-1 table.bets tr.won td[data-label=Paid]", "3.8 GEN"},
		{"#match-2 dl.result dd", "void turn 1: agent 0's prompt is not the one the template gives for the replayed state"},
		{"#match-4-turn-2 h5 .badge", "committed"},
	} {
		if got := b.text(t, c.sel); got != c.want {
			t.Errorf("%s = %q, want %q", c.sel, got, c.want)
		}
	}
	if n := b.count(t, "#matches article.match"); n != len(s.Matches) {
		t.Errorf("%d matches shown, want %d", n, len(s.Matches))
	}
	if n := b.count(t, "#matches details[open]"); n != 0 {
		t.Errorf("%d of the texts are open before anyone opens them", n)
	}

	b.run(t, chromedp.Click(chromedp.CSS(`#matches table.matches a[href="#match-2"]`)))
	if got := eval[string](t, b, `document.querySelector(":target").id`); got != "match-2" {
		t.Errorf("the table's link targets %q, want match-2", got)
	}
	b.run(t, chromedp.Click(chromedp.CSS(`#match-1-turn-3 table.moves a[href="#match-1-turn-3-agent-1-receipt"]`)))
	if got := eval[string](t, b, `document.querySelector(":target").id`); got != "match-1-turn-3-agent-1-receipt" {
		t.Errorf("the receipt link targets %q, want match-1-turn-3-agent-1", got)
	}
	if !eval[bool](t, b, `document.getElementById("match-1-turn-3-agent-1").open`) {
		t.Errorf("following a receipt link leaves the receipt closed")
	}

	openAll(t, b, "#matches")
	for _, scheme := range []string{"light", "dark"} {
		b.run(t, call(emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}}))
		legibleIn(t, b, "#matches", scheme)
		b.shotOf(t, "#match-1-turn-2", "board-match-turn-"+scheme+".png")
	}
	b.run(t, call(emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: 360, Height: 740, DeviceScaleFactor: 1, Mobile: true}))
	if w := eval[int](t, b, "document.documentElement.scrollWidth"); w > 360 {
		t.Errorf("at 360 px the page is %d px wide: it scrolls sideways", w)
	}
	b.shotOf(t, "#match-1-turn-2", "board-match-turn-360.png")
	b.check(t)
}

// TestChromiumRunsNoHostileMatchText: the hostile matches in a browser, every text
// opened, run none of their payloads, create none of their elements and make no
// request.
func TestChromiumRunsNoHostileMatchText(t *testing.T) {
	b := newBrowser(t, writePage(t, render(t, hostileMatches(t))))
	b.run(t, chromedp.Navigate(b.page), chromedp.WaitVisible(chromedp.CSS("#matches")))
	openAll(t, b, "#matches")
	if got := eval[string](t, b, `String(window.pwned)`); got != "undefined" {
		t.Errorf("a payload ran: window.pwned = %q", got)
	}
	if n := b.count(t, "#matches img, #matches svg, #matches iframe, #matches style, #matches script, #matches [onerror], #matches [onload], #matches a[href^=javascript]"); n != 0 {
		t.Errorf("the matches section holds %d payload elements", n)
	}
	if got := b.text(t, "#match-1-turn-1-agent-0 pre.response"); got != svgOnload {
		t.Errorf("response shown as %q, want %q", got, svgOnload)
	}
	b.check(t)
}

// fullMatch returns match view m grown to every limit the ledger allows: battle.MaxTurns
// turns, each revealed with prompts and responses of match.MaxTextBytes, system prompts
// of match.MaxSystemPromptLen characters, models of match.MaxModelLen characters with no
// space to break at, and match.MaxBets bets spread over the turns.
func fullMatch(m ledger.MatchView, id ledger.MatchID) ledger.MatchView {
	m.ID = id
	for i := range m.Agents {
		m.Agents[i].Model = strings.Repeat("m", match.MaxModelLen)
		m.Agents[i].SystemPrompt = strings.Repeat("You are a careful agent. ", match.MaxSystemPromptLen/25)
	}
	long := func(line string) string {
		return strings.Repeat(line+"\n", match.MaxTextBytes/(len(line)+1))
	}
	played := m.Turns
	m.Turns = nil
	var bets []ledger.BetView
	for n := 1; n <= battle.MaxTurns; n++ {
		tv := played[(n-1)%len(played)]
		tv.Turn = n
		tv.Decisions = append([]ledger.DecisionView{}, tv.Decisions...)
		for i := range tv.Decisions {
			tv.Decisions[i].Prompt = long("Your opponent is agent 1: HP 100, charges 0. The previous move was attack.")
			tv.Decisions[i].Response = long(`{"move":"attack"}`)
		}
		tv.Bets = nil
		for k := range match.MaxBets / battle.MaxTurns {
			b := m.Bets[k%len(m.Bets)]
			b.ID, b.Turn = ledger.BetID(len(bets)+1), n
			tv.Bets = append(tv.Bets, b)
			bets = append(bets, b)
		}
		m.Turns = append(m.Turns, tv)
	}
	m.Bets = bets
	return m
}

// TestChromiumShowsAFullMatch: a match at every limit loads whole in a browser, every
// turn, receipt and bet shown, every text legible as painted once opened, and fits
// 360 px without scrolling sideways.
func TestChromiumShowsAFullMatch(t *testing.T) {
	_, s := matches(t)
	full := fullMatch(s.Matches[0], 6)
	s.Matches = append(s.Matches, full)
	page := render(t, s)
	b := newBrowser(t, writePage(t, page))
	start := time.Now()
	b.run(t, chromedp.Navigate(b.page), chromedp.WaitVisible(chromedp.CSS("#match-6")))
	t.Logf("%.1f MiB page ready in %v; %s", float64(len(page))/(1<<20), time.Since(start).Round(time.Millisecond), eval[string](t, b, timing))
	for sel, want := range map[string]int{
		"#match-6 section.turn":                    battle.MaxTurns,
		"#match-6 table.timeline tbody tr":         battle.MaxTurns,
		"#match-6 details.decision":                2 * battle.MaxTurns,
		"#match-6 table.bets tbody tr":             match.MaxBets,
		"#match-6 details.decision pre.prompt":     2 * battle.MaxTurns,
		"#match-6 table.moves td[data-label=Move]": 2 * battle.MaxTurns,
	} {
		if n := b.count(t, sel); n != want {
			t.Errorf("%s: %d elements, want %d", sel, n, want)
		}
	}
	openAll(t, b, "#match-6")
	legibleIn(t, b, "#match-6", "light")
	b.run(t, call(emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: 360, Height: 740, DeviceScaleFactor: 1, Mobile: true}))
	if w := eval[int](t, b, "document.documentElement.scrollWidth"); w > 360 {
		t.Errorf("at 360 px the page is %d px wide: it scrolls sideways", w)
		t.Logf("wider than 360 px: %q", eval[[]string](t, b, wider360))
	}
	b.check(t)
}
