package board

import (
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/chromedp/chromedp"
)

// Payloads are what a solver, a sponsor or a model could write into the ledger.
const (
	closeScript = `</script><script>window.pwned="work"</script>`
	imgOnerror  = `<img src=x onerror="window.pwned='title'">`
	svgOnload   = `"><svg onload="window.pwned='rationale'"></svg>`
	jsURL       = `javascript:window.pwned='url'`
	frame       = `</textarea><iframe src="https://evil.example/"></iframe>`
	anchor      = `<a href="javascript:window.pwned='criterion'">x</a>`
	styleBreak  = `</style><style>body{background:url(https://evil.example/x)}</style>`
	lineSep     = "\u2028\u2029</SCRIPT >"
)

// hostile is the demo with every free text replaced by markup that would run, load or
// navigate if it were not escaped.
func hostile(t *testing.T) ledger.Snapshot {
	s := loadSnapshot(t, "demo")
	s.Arena.Terms.Name = styleBreak
	s.Tasks[0].Title = imgOnerror
	s.Tasks[0].Spec = closeScript
	s.Tasks[0].Questions = []ledger.QuestionView{{Index: 1, Asker: s.Tasks[0].Sponsor, Text: anchor + closeScript, AskedAt: s.Tasks[0].PostedAt, Answer: imgOnerror + lineSep, AnsweredAt: s.Tasks[0].PostedAt + 1}}
	s.Tasks[0].CopyBase, s.Tasks[0].Template = true, frame+anchor
	e := entry(t, &s, 1)
	e.Work = closeScript + imgOnerror + lineSep
	e.WorkURL = jsURL
	e.Appeal.Argument = frame
	e.Current.Result.Rationale = svgOnload
	e.Current.Result.Checks[0].Criterion = anchor
	e.Current.Result.Checks[0].Expr = closeScript
	e.Current.Result.Prose = []string{styleBreak}
	entry(t, &s, 5).Current.Error = "[EXTERNAL] " + imgOnerror
	s.Events[0].Note = anchor
	return s
}

// TestHostileTextRendersInert: DESIGN.md, the board is built from the ledger's views,
// and work, titles and rationales are anyone's text: markup in them reaches the page as
// text, in the HTML and in the JSON the script reads, and never as elements.
func TestHostileTextRendersInert(t *testing.T) {
	page := render(t, hostile(t))
	doc := checkPage(t, page,
		NotIn("img, svg, iframe, [onerror], [onload], a[href^=javascript], body style, head style + style"),
		In("title", HasText(styleBreak+": scorecards at height 61")),
		In("h1", HasText(styleBreak)),
		In("#entry-1 .work pre", HasText(strings.Join(strings.Fields(closeScript+imgOnerror+lineSep), " "))),
		In("#entry-1 .work p code", HasText(jsURL)),
		In("#entry-1 .argument q", HasText(frame)),
		In("#entry-1 .rationale q", HasText(svgOnload)),
		In("#entry-1 table.checks tr.check td[data-label=Criterion]", HasText(anchor)),
		In("#entry-1 table.checks tr.check code", HasText(closeScript)),
		In("#task-1 td", HasText("#1 "+imgOnerror)),
		In("#task-1-q-1 .question q", HasText(anchor+closeScript)),
		In("#task-1-q-1 .answer q", HasText(strings.Join(strings.Fields(imgOnerror+lineSep), " "))),
		In("details.brief pre.template", HasText(frame+anchor)),
		In("#entry-5 .error code", HasText("[EXTERNAL] "+imgOnerror)),
	)
	if n := len(all(doc, "script")); n != 2 {
		t.Errorf("page has %d script elements, want 2", n)
	}
	if n := len(all(doc, "style")); n != 1 {
		t.Errorf("page has %d style elements, want 1", n)
	}
	data := textOfScript(t, page)
	_, _, got, err := decodeData(data)
	if err != nil {
		t.Fatalf("the data block does not decode: %v", err)
	}
	if d := sameCards(index(ptr(hostile(t)), crossings{}).cards(), got); d != "" {
		t.Errorf("the data block does not carry the texts exactly (-want +got):\n%s", d)
	}
	for _, bad := range []string{"</script", "</SCRIPT", "<img", "\u2028"} {
		if strings.Contains(data, bad) {
			t.Errorf("the data block contains %q raw", bad)
		}
	}
}

// TestChromiumRunsNoHostileText: the same page in a browser, rendered by the server and
// again by the script, runs none of the payloads, creates none of their elements and
// makes no request.
func TestChromiumRunsNoHostileText(t *testing.T) {
	b := newBrowser(t, writePage(t, render(t, hostile(t))))
	b.run(t, chromedp.Navigate(b.page), chromedp.WaitVisible(chromedp.CSS("#filters")))
	b.choose(t, "#f-task", "1")
	b.choose(t, "#f-task", "")
	if got := eval[string](t, b, `String(window.pwned)`); got != "undefined" {
		t.Errorf("a payload ran: window.pwned = %q", got)
	}
	if n := b.count(t, "#cards img, #cards svg, #cards iframe, #cards [onerror], #cards [onload], #cards a[href^=javascript], #cards style"); n != 0 {
		t.Errorf("the script rendered %d payload elements", n)
	}
	if got, want := b.text(t, "#entry-1 .work pre"), strings.Join(strings.Fields(closeScript+imgOnerror+lineSep), " "); got != want {
		t.Errorf("work shown as %q, want %q", got, want)
	}
	b.check(t)
}

// textOfScript returns the text of the page's JSON data block.
func textOfScript(t *testing.T, page []byte) string {
	t.Helper()
	doc := checkPage(t, page)
	n := first(doc, parseSelector("script#board-data"))
	if n == nil || n.FirstChild == nil {
		t.Fatal("no data block")
	}
	return n.FirstChild.Data
}

func ptr[T any](v T) *T { return &v }
