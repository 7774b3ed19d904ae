package board

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/arena/arena/ledger"
)

// brokenWords lists every word of a table cell that the browser laid out across more
// than one line, and last how many words it measured. A word is a run of letters of at
// most maxWord of them: a hex address, a hash or a payload longer than any cell may
// break where it must, and those in code.addr, code.hash and pre are never words. Each
// word's lines are the distinct tops of the boxes a Range over it paints. A cell that
// is not painted (in a closed details) or is hidden for screen readers alone (a stacked
// table's header, clipped to a pixel) is skipped.
const brokenWords = `(function(){var out=[],seen=0;
document.querySelectorAll("td, th").forEach(function(cell){
for(var e=cell;e;e=e.parentElement){if(e.getBoundingClientRect().width<=1)return;}
var w=document.createTreeWalker(cell,NodeFilter.SHOW_TEXT),re=/[A-Za-z]+/g,m;
while(w.nextNode()){var t=w.currentNode;if(t.parentElement.closest("code.addr, code.hash, pre"))continue;
re.lastIndex=0;
while((m=re.exec(t.nodeValue))){if(m[0].length<2||m[0].length>%d)continue;
var r=document.createRange();r.setStart(t,m.index);r.setEnd(t,m.index+m[0].length);
var rs=r.getClientRects(),tops={},lines=0;
for(var i=0;i<rs.length;i++){if(rs[i].width<=0)continue;var k=Math.round(rs[i].top);if(!tops[k]){tops[k]=1;lines++;}}
if(!lines)continue;seen++;
if(lines>1&&out.length<12){var c=cell.closest("[id]");out.push((c?"#"+c.id+" ":"")+cell.tagName+"["+(cell.getAttribute("data-label")||"")+"] "+JSON.stringify(m[0])+" on "+lines+" lines, cell "+cell.clientWidth+" px");}}}});
return out.concat(["measured "+seen]);})()`

// maxWord is the longest run of letters brokenWords holds to one line: longer than any
// word of the page's own prose, shorter than a hash.
const maxWord = 20

// wordsWhole reports, at width px, every table cell's word broken across lines.
func wordsWhole(t *testing.T, b *browser, page string, width int64) {
	t.Helper()
	b.run(t, call(emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: width, Height: 900, DeviceScaleFactor: 1, Mobile: width < 600}))
	out := eval[[]string](t, b, fmt.Sprintf(brokenWords, maxWord))
	measured := out[len(out)-1]
	if w := eval[int64](t, b, "document.documentElement.scrollWidth"); w > width {
		t.Errorf("%s at %d px: the page is %d px wide: it scrolls sideways", page, width, w)
	}
	switch bad := out[:len(out)-1]; {
	case len(bad) > 0:
		t.Errorf("%s at %d px: words broken mid-word (%s): %s", page, width, measured, strings.Join(bad, "; "))
	case measured == "measured 0":
		t.Errorf("%s at %d px: no word measured", page, width)
	default:
		t.Logf("%s at %d px: %s words in table cells, none broken", page, width, strings.TrimPrefix(measured, "measured "))
	}
}

// TestChromiumBreaksNoWordInATableCell: "Readable on a phone and a laptop: no table cell
// that wraps a word letter by letter". Each page of the board's kinds (the demo's
// bounties, a tiered task, tenders, agent matches, benchmark and learning challenges),
// every details opened, at 1400 px and at a phone's 390 px: no word of a table cell is
// laid out across two lines, and the page does not scroll sideways.
func TestChromiumBreaksNoWordInATableCell(t *testing.T) {
	_, ms := matches(t)
	_, cs := challenges(t)
	for _, p := range []struct {
		name string
		snap ledger.Snapshot
	}{
		{"the demo", loadSnapshot(t, "demo")},
		{"a tiered task", tieredSnapshot(t)},
		{"tenders", tendered(t)},
		{"agent matches", ms},
		{"benchmark challenges", cs},
		{"learning challenges", learnSnapshot(t)},
	} {
		t.Run(p.name, func(t *testing.T) {
			b := newBrowser(t, writePage(t, render(t, p.snap)))
			b.run(t, chromedp.Navigate(b.page), chromedp.WaitVisible(chromedp.CSS("#tasks")))
			openAll(t, b, "body")
			for _, w := range []int64{1400, 390} {
				wordsWhole(t, b, p.name, w)
			}
			b.check(t)
		})
	}
}
