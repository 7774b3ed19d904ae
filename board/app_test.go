package board

import (
	"bytes"
	"encoding/json"
	"html"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/bounty"
	"github.com/arena/arena/ledger/tender"
	"github.com/arena/arena/ledger/typed"
)

// TestOnlyTheLivePageActs: the published page is what it was, one file with no form,
// no script of the app and a policy that forbids every request; the page rendered
// WithApp carries the forms, its script and style allowed by hash, requests to its own
// origin alone, and the ledger's own limits and the arena's envelope in its settings.
func TestOnlyTheLivePageActs(t *testing.T) {
	s := loadSnapshot(t, "demo")
	static := render(t, s)
	for _, no := range []string{`class="act"`, "app-config", "connect-src", "eth_signTypedData_v4"} {
		if bytes.Contains(static, []byte(no)) {
			t.Errorf("the published page contains %q", no)
		}
	}
	var live bytes.Buffer
	if err := Render(&live, s, WithApp()); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(live.Bytes(), static[:bytes.Index(static, []byte("<meta http-equiv"))]) {
		t.Errorf("the live page does not begin as the published one does")
	}
	if m := regexp.MustCompile(`http-equiv="Content-Security-Policy" content="([^"]*)"`).FindSubmatch(live.Bytes()); m == nil || html.UnescapeString(string(m[1])) != AppPolicy() {
		t.Errorf("the live page does not carry the app's policy: %q", m)
	}
	for _, want := range []string{"'" + digest(appScript) + "'", "'" + digest(appStyle) + "'", "connect-src 'self';", "form-action 'none'"} {
		if !strings.Contains(AppPolicy(), want) {
			t.Errorf("the app's policy %q lacks %q", AppPolicy(), want)
		}
	}
	if strings.Contains(Policy(), "connect-src") {
		t.Errorf("the published page's policy allows requests: %q", Policy())
	}
	if n := bytes.Count(live.Bytes(), []byte(`<form id="act-`)); n != 25 {
		t.Errorf("the live page has %d forms, want 25", n)
	}
	i := bytes.Index(live.Bytes(), []byte(`<script type="application/json" id="app-config">`))
	if i < 0 {
		t.Fatal("no app settings on the live page")
	}
	raw := live.Bytes()[i:]
	raw = raw[bytes.IndexByte(raw, '>')+1 : bytes.Index(raw, []byte("</script>"))]
	var cfg appConfig
	if err := json.Unmarshal(raw, &cfg); err != nil {
		t.Fatalf("app settings %s: %v", raw, err)
	}
	want := appConfig{Chain: s.Arena.Terms.Chain, Arena: ledger.HexHash(s.Arena.Terms.GenesisHash()), Symbol: s.Arena.Terms.Symbol,
		EntryBond: s.Arena.Terms.EntryBond, AppealBond: s.Arena.Terms.AppealBond, ValidityS: ledger.DefaultValidityS, Limits: appLimits{
			Title: 200, Spec: 8192, Rubric: 4096, Work: 65536, URL: 2048, Argument: 2048, CloseS: 365 * 24 * 3600,
			MinSalt: 16, MaxSalt: 256, WorkFile: 512 << 10, Module: 8 << 20, Turns: 20, Question: 400, Answer: 800, Proposal: 6000, BidArgument: 600, Decline: 300,
			Basis: 10000, Shares: 10, Team: 16, Extensions: 3, TaskQuestion: 400, TaskAnswer: 800},
		Domain: appDomain{Name: "Arena", Version: "1", VerifyingContract: typed.VerifyingContract(s.Arena.Terms.GenesisHash()).String()}}
	if cfg != want {
		t.Errorf("app settings = %+v, want %+v", cfg, want)
	}
	if cfg.Limits.Title != bounty.MaxTitleLen || cfg.Limits.Proposal != tender.MaxProposalLen || cfg.Limits.Shares != bounty.MaxShares ||
		cfg.Limits.Team != bounty.MaxTeam || cfg.Limits.TaskQuestion != bounty.MaxQuestionLen {
		t.Errorf("the app's limits are not the ledger's")
	}

	rec := httptest.NewRecorder()
	Handler(func() (ledger.Snapshot, error) { return s, nil }, WithApp()).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
	if got := rec.Header().Get("Content-Security-Policy"); got != AppPolicy() {
		t.Errorf("the live handler sends the policy %q, want the app's", got)
	}
	if !bytes.Equal(rec.Body.Bytes(), live.Bytes()) {
		t.Errorf("the live handler's page differs from Render's WithApp")
	}
	rec = httptest.NewRecorder()
	Handler(func() (ledger.Snapshot, error) { return s, nil }).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
	if got := rec.Header().Get("Content-Security-Policy"); got != Policy() {
		t.Errorf("a handler without the app sends %q, want the published page's policy", got)
	}
}

// TestChromiumAppWithoutAWallet: in a browser with no wallet the live page says how to
// get one and still shows the board; its script runs under the page's own policy;
// every field has a label and every control takes the keyboard; a form with a field
// missing is refused in the page, and one complete is refused for want of a wallet,
// nothing sent either way; every text of the app reaches 4.5:1 as painted, light and
// dark; and at 360 px nothing scrolls sideways.
func TestChromiumAppWithoutAWallet(t *testing.T) {
	var live bytes.Buffer
	if err := Render(&live, loadSnapshot(t, "demo"), WithApp()); err != nil {
		t.Fatal(err)
	}
	b := newBrowser(t, writePage(t, live.Bytes()))
	b.run(t, chromedp.Navigate(b.page), chromedp.WaitVisible(chromedp.CSS("#act")), chromedp.WaitVisible(chromedp.CSS("#filters")))
	if got, want := b.text(t, "#app-wallet"), "No wallet in this browser. To act, install a wallet that signs typed data (EIP-712), "+
		"such as MetaMask, Rabby or Frame, then reload; everything on the board stays readable without one."; got != want {
		t.Errorf("wallet line = %q, want %q", got, want)
	}
	if n := b.count(t, "#cards > article.card"); n != 6 {
		t.Errorf("without a wallet the board shows %d cards, want 6", n)
	}
	if got := eval[string](t, b, `document.querySelector("main").firstElementChild.id`); got != "act" {
		t.Errorf("the app is not the first thing in main: %q", got)
	}
	unlabelled := eval[[]string](t, b, `Array.from(document.querySelectorAll("#act input, #act textarea")).filter(function (e) {
		return !e.id || !document.querySelector("label[for='" + e.id + "']") }).map(function (e) { return e.name })`)
	if len(unlabelled) > 0 {
		t.Errorf("fields without a label: %q", unlabelled)
	}
	unreachable := eval[[]string](t, b, `Array.from(document.querySelectorAll("#act input, #act textarea, #act button:not([hidden]), #act summary")).filter(function (e) {
		return e.tabIndex < 0 }).map(function (e) { return e.id || e.textContent })`)
	if len(unreachable) > 0 {
		t.Errorf("controls the keyboard cannot reach: %q", unreachable)
	}
	b.run(t, chromedp.Click(chromedp.CSS("#act-enter button[type=submit]")))
	if got, want := b.text(t, "#act-enter .app-status"), "Task number is required. Nothing was sent."; got != want {
		t.Errorf("empty entry: status %q, want %q", got, want)
	}
	b.run(t, chromedp.SendKeys(chromedp.CSS("#enter-task"), "1"), chromedp.SendKeys(chromedp.CSS("#enter-work"), "A name."),
		chromedp.Click(chromedp.CSS("#act-enter button[type=submit]")))
	for range 50 {
		if b.text(t, "#act-enter .app-status") != "Task number is required. Nothing was sent." {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if got, want := b.text(t, "#act-enter .app-status"), "No wallet: nothing was sent."; got != want {
		t.Errorf("entry without a wallet: status %q, want %q", got, want)
	}
	b.mu.Lock()
	for _, u := range b.foreign {
		if strings.Contains(u, "/v1/tx") || strings.Contains(u, "/v1/fee") {
			t.Errorf("the page without a wallet asked for %s", u)
		}
	}
	if len(b.errs) > 0 {
		t.Errorf("script exceptions: %q", b.errs)
	}
	b.mu.Unlock()

	for _, scheme := range []string{"light", "dark"} {
		b.run(t, call(emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}}))
		out := eval[[]string](t, b, strings.ReplaceAll(lowContrast, "#tenders", "#act"))
		if bad := out[:len(out)-1]; len(bad) > 0 {
			t.Errorf("%s: app text under 4.5:1 (%s): %s", scheme, out[len(out)-1], strings.Join(bad, "; "))
		}
		b.shotOf(t, "#act", "board-app-"+scheme+".png")
	}
	b.run(t, call(emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: 360, Height: 740, DeviceScaleFactor: 1, Mobile: true}))
	if w := eval[int](t, b, "document.documentElement.scrollWidth"); w > 360 {
		t.Errorf("at 360 px the live page is %d px wide: it scrolls sideways", w)
	}
	b.shotOf(t, "#act", "board-app-360.png")
}

// paintTiming reports the browser's first contentful paint and navigation timing.
const paintTiming = `(function(){var n=performance.getEntriesByType("navigation")[0];
var p=performance.getEntriesByType("paint").filter(function(e){return e.name==="first-contentful-paint"})[0];
return "first contentful paint "+(p?Math.round(p.startTime):"?")+" ms, DOM interactive "+Math.round(n.domInteractive)+" ms, load "+Math.round(n.loadEventEnd)+" ms"})()`

// TestChromiumAppPageWithTenThousandEntries: the live page with the app and 10,000
// entries loads with its forms working beside the paged cards; it logs the page's
// weight against the published one's and the time to first paint.
func TestChromiumAppPageWithTenThousandEntries(t *testing.T) {
	s := scaled(t, 10_000)
	static := render(t, s)
	var live bytes.Buffer
	if err := Render(&live, s, WithApp()); err != nil {
		t.Fatal(err)
	}
	b := newBrowser(t, writePage(t, live.Bytes()))
	start := time.Now()
	b.run(t, chromedp.Navigate(b.page), chromedp.WaitVisible(chromedp.CSS("#act")), chromedp.WaitVisible(chromedp.CSS("#filters")))
	t.Logf("live page %d bytes (published page %d, the app adds %d); ready in %v; %s", live.Len(), len(static), live.Len()-len(static),
		time.Since(start).Round(time.Millisecond), eval[string](t, b, paintTiming))
	pb := newBrowser(t, writePage(t, static))
	start = time.Now()
	pb.run(t, chromedp.Navigate(pb.page), chromedp.WaitVisible(chromedp.CSS("#filters")))
	t.Logf("published page ready in %v; %s", time.Since(start).Round(time.Millisecond), eval[string](t, pb, paintTiming))
	if n, pg := b.count(t, "#cards > article.card"), b.text(t, "#pageno"); n != 50 || pg != "Page 1 of 200" {
		t.Errorf("with the app: %d cards, %q; want 50 cards, page 1 of 200", n, pg)
	}
	b.run(t, chromedp.Click(chromedp.CSS("#act-grade button[type=submit]")))
	if got, want := b.text(t, "#act-grade .app-status"), "Entry number is required. Nothing was sent."; got != want {
		t.Errorf("empty grade form: status %q, want %q", got, want)
	}
}
