package board

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"
)

// chromiumPath is where Debian's chromium package installs the browser.
const chromiumPath = "/usr/bin/chromium"

// browser is a headless Chromium with a fresh profile and background networking off.
// It intercepts every request the page makes: the page itself goes through, anything
// else is failed, and all of them are recorded.
type browser struct {
	ctx     context.Context
	page    string // the file:// URL of the page under test
	mu      sync.Mutex
	seen    []string // every URL requested
	foreign []string // every URL other than page
	errs    []string // uncaught script exceptions
}

func newBrowser(t *testing.T, file string) *browser {
	t.Helper()
	if _, err := os.Stat(chromiumPath); err != nil {
		t.Fatalf("headless Chromium is required at %s: install Debian's chromium (apt-get update && apt-get install -y chromium): %v", chromiumPath, err)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromiumPath),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-default-apps", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 900),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelB := chromedp.NewContext(actx)
	t.Cleanup(func() { cancelB(); cancelA() })
	b := &browser{ctx: ctx, page: (&url.URL{Scheme: "file", Path: file}).String()}
	if err := chromedp.Listen(ctx, b.watch); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	b.run(t, call(runtime.Enable, cdp.Empty{}), call(network.Enable, network.EnableParams{}),
		call(fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*"}}}))
	return b
}

// call makes an action of a protocol command that returns nothing.
func call[P any](cmd cdp.Command[P, cdp.Empty], p P) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, cmd, p)
		return err
	})
}

// watch runs on the browser's reading goroutine: it records and hands the answer to
// a paused request to another goroutine, as chromedp.Listen requires.
func (b *browser) watch(ev any) {
	switch ev := ev.(type) {
	case *network.EventRequestWillBeSent:
		b.record(ev.Request.URL)
	case *fetch.EventRequestPaused:
		b.record(ev.Request.URL)
		id, pass := ev.RequestID, ev.Request.URL == b.page
		go func() {
			if pass {
				_, _ = chromedp.Call(b.ctx, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: id})
				return
			}
			_, _ = chromedp.Call(b.ctx, fetch.FailRequest, fetch.FailRequestParams{RequestID: id, ErrorReason: network.ErrorReasonBlockedByClient})
		}()
	case *runtime.EventExceptionThrown:
		b.mu.Lock()
		d := ev.ExceptionDetails
		msg := fmt.Sprintf("%s at %d:%d", d.Text, d.LineNumber, d.ColumnNumber)
		if d.Exception != nil {
			msg += ": " + d.Exception.Description
		}
		b.errs = append(b.errs, msg)
		b.mu.Unlock()
	}
}

func (b *browser) record(u string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.seen = append(b.seen, u)
	if u != b.page {
		b.foreign = append(b.foreign, u)
	}
}

func (b *browser) run(t *testing.T, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 60*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatalf("chromium: %v", err)
	}
}

func eval[T any](t *testing.T, b *browser, js string) T {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 60*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("evaluate %.60s: %v", js, err)
	}
	return v
}

// count returns how many elements match sel.
func (b *browser) count(t *testing.T, sel string) int {
	t.Helper()
	return eval[int](t, b, fmt.Sprintf("document.querySelectorAll(%q).length", sel))
}

// text returns the whitespace-collapsed text of the first element matching sel.
func (b *browser) text(t *testing.T, sel string) string {
	t.Helper()
	return eval[string](t, b, fmt.Sprintf(`(function(){var e=document.querySelector(%q);return e?e.textContent.replace(/\s+/g," ").trim():"<none>"})()`, sel))
}

// waitText waits up to ten seconds for the text of sel to begin with prefix.
func (b *browser) waitText(t *testing.T, sel, prefix string) {
	t.Helper()
	var got string
	for range 100 {
		if got = b.text(t, sel); strings.HasPrefix(got, prefix) {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("%s = %q, want it to begin %q", sel, got, prefix)
}

// choose sets a select's value and fires the change a person's choice would.
func (b *browser) choose(t *testing.T, sel, value string) {
	t.Helper()
	eval[bool](t, b, fmt.Sprintf(`(function(){var e=document.querySelector(%q);e.value=%q;return e.dispatchEvent(new Event("change",{bubbles:true}))})()`, sel, value))
}

// shot saves a full-page PNG to $ARENA_ARTIFACTS (or a temporary directory) and logs it.
func (b *browser) shot(t *testing.T, name string) string {
	t.Helper()
	png, err := chromedp.Run(b.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	dir := os.Getenv("ARENA_ARTIFACTS")
	if dir == "" {
		dir = t.TempDir()
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", path)
	return path
}

// check reports requests other than the page and script exceptions.
func (b *browser) check(t *testing.T) {
	t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.foreign) > 0 {
		t.Errorf("the page made requests other than itself: %q", b.foreign)
	}
	if len(b.seen) == 0 || b.seen[0] != b.page {
		t.Errorf("requests seen = %q, want the page itself first", b.seen)
	}
	if len(b.errs) > 0 {
		t.Errorf("script exceptions: %q", b.errs)
	}
}

func writePage(t *testing.T, page []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "board.html")
	if err := os.WriteFile(path, page, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// signature describes the card list for comparison: each element's tag, attributes and
// own text, whitespace collapsed, so server and script renderings can be compared.
const signature = `(function(){var out=[];var w=document.createTreeWalker(document.getElementById("cards"),NodeFilter.SHOW_ELEMENT);
while(w.nextNode()){var e=w.currentNode,own="";for(var c=e.firstChild;c;c=c.nextSibling){if(c.nodeType===3)own+=c.nodeValue;}
var attrs=[];for(var i=0;i<e.attributes.length;i++){attrs.push(e.attributes[i].name+"="+e.attributes[i].value);}attrs.sort();
out.push(e.tagName+"["+attrs.join(" ")+"] "+own.replace(/\s+/g," ").trim());}return out;})()`

// demoCards are what the demo's cards must show, whoever rendered them.
var demoCards = []struct{ sel, want string }{
	{"#entry-1 .rung dd", "0/5 fails the brief"},
	{"#entry-1 .judged dd", "60read as 3/5 adequate"},
	{"#entry-1 .settled dd", "0"},
	{"#entry-1 tr.check.fail code", "work_len <= 600"},
	{"#entry-2 .rung dd", "4/5 strong"},
	{"#entry-2 .settled dd", "80"},
	{"#entry-4 .dup", "entry #3"},
	{"#entry-4 .similarity", "86%"},
	{"#entry-5 .error code", "[EXTERNAL] Work URL returned 404"},
	{"#entry-6 .settled dd", "65"},
	{"#entry-6 tr.check.fail code", "has_url"},
	{"#entry-6 .diff dd", "\u221215"},
}

// TestChromiumShowsTheDemoOffline: DESIGN.md, "the board is one self-contained HTML file
// [...] it makes no network calls". Loaded from a file in headless Chromium with every
// other request failed, the demo board asks for nothing but itself, shows each card's
// rung, score and failing check, renders from its JSON the same cards the server wrote,
// and filters, searches and clears.
func TestChromiumShowsTheDemoOffline(t *testing.T) {
	b := newBrowser(t, writePage(t, render(t, loadSnapshot(t, "demo"))))
	b.run(t, chromedp.Navigate(b.page), chromedp.WaitVisible(chromedp.CSS("#filters")))
	server := eval[[]string](t, b, signature)
	if n := b.count(t, "#cards > article.card"); n != 6 {
		t.Fatalf("cards shown = %d, want 6", n)
	}
	showsDemo(t, b, "served")

	b.choose(t, "#f-task", "2")
	if n := b.count(t, "#cards > article.card"); n != 2 {
		t.Errorf("task 2: %d cards, want 2", n)
	}
	b.choose(t, "#f-task", "")
	if d := cmp.Diff(server, eval[[]string](t, b, signature)); d != "" {
		t.Errorf("the script renders cards unlike the server (-server +script):\n%s", d)
	}
	showsDemo(t, b, "rendered by script")

	b.choose(t, "#f-state", "failed")
	if n, first := b.count(t, "#cards > article.card"), b.text(t, "#cards h3 a"); n != 1 || first != "Entry #5" {
		t.Errorf("state failed: %d cards, first %q; want entry #5 alone", n, first)
	}
	b.choose(t, "#f-state", "")
	bob := eval[string](t, b, `document.querySelector("#f-solver").options[2].value`)
	b.choose(t, "#f-solver", bob)
	if n := b.count(t, "#cards > article.card"); n != 3 {
		t.Errorf("solver %s: %d cards, want 3", bob, n)
	}
	b.choose(t, "#f-solver", "")

	b.run(t, chromedp.SendKeys(chromedp.CSS("#f-q"), "backoff"))
	b.waitText(t, "#shown", "Showing 1–1 of")
	if n, first := b.count(t, "#cards > article.card"), b.text(t, "#cards h3 a"); n != 1 || first != "Entry #6" {
		t.Errorf("search backoff: %d cards, first %q; want entry #6 alone", n, first)
	}
	if got, want := b.text(t, "#shown"), "Showing 1\u20131 of 1 matching entries (6 in all)."; got != want {
		t.Errorf("status after search = %q, want %q", got, want)
	}
	b.run(t, chromedp.SendKeys(chromedp.CSS("#f-q"), " nothing like this"))
	b.waitText(t, "#shown", "No entry matches")
	if n := b.count(t, "#cards > article.card"); n != 0 {
		t.Errorf("search with no match: %d cards, want 0", n)
	}
	b.run(t, chromedp.Click(chromedp.CSS("#f-reset")))
	if n := b.count(t, "#cards > article.card"); n != 6 {
		t.Errorf("after clearing: %d cards, want 6", n)
	}

	eval[bool](t, b, `(document.querySelectorAll("#cards details").forEach(function(d){d.open=true}), true)`)
	b.shot(t, "board-demo-light.png")
	b.run(t, call(emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}}))
	b.shot(t, "board-demo-dark.png")
	b.run(t, call(emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: 360, Height: 740, DeviceScaleFactor: 1, Mobile: true}))
	if w := eval[int](t, b, "document.documentElement.scrollWidth"); w > 360 {
		t.Errorf("at 360 px the page is %d px wide: it scrolls sideways", w)
	}
	b.shot(t, "board-demo-360.png")
	b.check(t)
}

func showsDemo(t *testing.T, b *browser, when string) {
	t.Helper()
	for _, c := range demoCards {
		if got := b.text(t, c.sel); got != c.want {
			t.Errorf("%s: %s = %q, want %q", when, c.sel, got, c.want)
		}
	}
}

// TestChromiumWatcherCatchesRequests: the offline claims above can fail. A page with no
// policy that asks for an image and a script elsewhere is caught asking for both.
func TestChromiumWatcherCatchesRequests(t *testing.T) {
	page := []byte(`<!DOCTYPE html><title>t</title><img src="http://127.0.0.1:9/x.png"><script src="https://127.0.0.1:9/x.js"></script><p id="done">done</p>`)
	b := newBrowser(t, writePage(t, page))
	b.run(t, chromedp.Navigate(b.page), chromedp.WaitVisible(chromedp.CSS("#done")))
	b.mu.Lock()
	defer b.mu.Unlock()
	want := []string{"http://127.0.0.1:9/x.png", "https://127.0.0.1:9/x.js"}
	for _, u := range want {
		if !slices.Contains(b.foreign, u) {
			t.Errorf("request to %s not seen; foreign requests = %q", u, b.foreign)
		}
	}
}
