package board_test

import (
	"context"
	"crypto/sha256"
	"crypto/x509"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/arena/arena/api"
	"github.com/arena/arena/board"
	"github.com/arena/arena/client"
	"github.com/arena/arena/fetch"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/ledger/tender"
	"github.com/arena/arena/node"
	"github.com/arena/arena/reader/readertest"
)

// ethersBundle is ethers' prebuilt browser bundle, which the wallet tests install.
const ethersBundle = "../api/testdata/wallets/node_modules/ethers/dist/ethers.umd.min.js"

// provider is an EIP-1193 provider backed by ethers: window.__keys holds the test's keys
// and window.__who picks the one signing. It answers eth_requestAccounts, eth_chainId
// (Base's, 8453: a wallet on any chain id works) and eth_signTypedData_v4 with
// ethers.Wallet.signTypedData, which takes the types without EIP712Domain. With
// window.__reject set it refuses to sign as a user who declines does (code 4001); with
// window.__hold a promise, it signs once the promise settles (another tab's moment).
// Each time it is asked to sign a transaction it keeps, in window.__asked, what the
// page's status lines said at that moment (the one announcing a signature) and the
// message it was asked to sign.
const provider = `
window.__keys = []; window.__who = 0; window.__reject = false; window.__signed = 0; window.__hold = null; window.__waiting = false;
window.__asked = [];
window.ethereum = {
  request: async function (req) {
    var w = new ethers.Wallet(window.__keys[window.__who]);
    switch (req.method) {
    case "eth_requestAccounts": case "eth_accounts": return [w.address];
    case "eth_chainId": return "0x2105";
    case "eth_signTypedData_v4":
      var said = Array.from(document.querySelectorAll("#act .app-status"), function (e) { return e.textContent; });
      window.__asked.push({ said: said.filter(function (s) { return / Asking your wallet to sign\.$/.test(s); }).join(" | "),
        message: JSON.parse(req.params[1]).message });
      if (window.__reject) { var e = new Error("User rejected the request."); e.code = 4001; throw e; }
      if (req.params[0].toLowerCase() !== w.address.toLowerCase()) { throw new Error("asked to sign for another account"); }
      if (window.__hold) { window.__waiting = true; await window.__hold; window.__waiting = false; }
      var td = JSON.parse(req.params[1]); var types = Object.assign({}, td.types); delete types.EIP712Domain;
      window.__signed++;
      return await w.signTypedData(td.domain, types, td.message);
    }
    var u = new Error("unsupported method " + req.method); u.code = 4200; throw u;
  },
  on: function () {}
};`

// appArena is a dev arena's node with its API and live app on loopback, its validators
// reading with a scripted model server, and a Go client with a funded key for the
// clock.
type appArena struct {
	n     *node.Node
	url   string
	c     *client.Client
	clock *client.Sender
	mu    sync.Mutex
	posts []string // every POST the browser made, by path
	// workHost is a local HTTPS host of work: workPage at /ledgerly.md, 404 elsewhere.
	// The node's POST /v1/work/fetch trusts its certificate and may dial loopback, as a
	// local fixture needs; the guard's every other rule holds.
	workHost string
}

// workPage is what the local work host serves at /ledgerly.md.
const workPage = "# Ledgerly\n\nPublished at a URL, fetched by the node.\n"

// names are the accounts the browser signs as, by window.__who; dave holds less than
// the appeal bond.
var names = []string{"sponsor", "alice", "bob", "carol", "dave"}

// arena reads the arena's view (its founding terms) from the node.
func (a *appArena) arena(t *testing.T) ledger.ArenaView {
	t.Helper()
	ar, err := a.c.Arena(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return ar.ArenaView
}

// startArena starts an arena for the page, with no match operator in its founding terms.
func startArena(t *testing.T) *appArena {
	t.Helper()
	return startArenaWith(t, -1)
}

// startArenaWith is startArena with operators match operator keys in the founding
// terms (-1: none).
func startArenaWith(t *testing.T, operators int) *appArena {
	t.Helper()
	return startArenaCharging(t, operators, nil)
}

// startArenaCharging is startArenaWith under the fee schedule fees (nil: a dev arena's,
// which charges nothing).
func startArenaCharging(t *testing.T, operators int, fees *node.Fees) *appArena {
	t.Helper()
	model := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		text := `{"rung": 3, "reason": "a fair piece of work"}`
		if sent, err := readertest.OpenAI.Decode(body); err == nil {
			text = answerOf(sent, text)
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(readertest.OpenAI.Answer("m", text))
	}))
	t.Cleanup(model.Close)

	var genesis []ledger.Allocation
	for _, n := range append(names, "clock") {
		amt := ledger.Ether(1000)
		if n == "dave" {
			amt = ledger.Ether(1)
		}
		genesis = append(genesis, ledger.Allocation{Address: ledgertest.Addr(n), Amount: amt})
	}
	dir := t.TempDir()
	if _, err := node.Init(dir, node.InitOptions{
		Terms: node.Terms{Name: "App arena", DevMode: true, Genesis: genesis, Fees: fees}, Validators: 4, Operators: operators,
		LightScrypt: true, Listen: "127.0.0.1:0",
	}); err != nil {
		t.Fatalf("init: %v", err)
	}
	n, err := node.Open(dir, node.OpenOptions{Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Env: func(string) string { return "" }, ReaderOverride: "openai:" + model.URL + "/v1#m"})
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	snap := func() (ledger.Snapshot, error) {
		var s ledger.Snapshot
		n.Engine().View(func(st *ledger.State) { s = st.Snapshot() })
		return s, nil
	}
	host := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/ledgerly.md" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/markdown; charset=utf-8")
		io.WriteString(w, workPage)
	}))
	host.Config.ErrorLog = log.New(io.Discard, "", 0)
	host.StartTLS()
	t.Cleanup(host.Close)
	roots := x509.NewCertPool()
	roots.AddCert(host.Certificate())
	a := &appArena{n: n, workHost: host.URL}
	h := api.New(api.Config{Chain: n.Chain(), Deliveries: n.Deliveries, Works: n.Works(), Blobs: n.Blobs(),
		Fetch:  &fetch.Config{AllowLoopback: true, RootCAs: roots},
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Board: board.Handler(snap, board.WithApp())})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served, ran := make(chan error, 1), make(chan error, 1)
	go func() { served <- api.Serve(ctx, ln, h) }()
	go func() { ran <- n.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := errors.Join(<-served, <-ran, n.Close()); err != nil && !errors.Is(err, context.Canceled) {
			t.Logf("stop the node: %v", err)
		}
	})
	a.url = "http://" + ln.Addr().String()
	a.c = client.New(a.url, nil)
	a.clock = a.c.Sender(ledgertest.Key("clock"))
	return a
}

// criterionLine is how a tender prompt lists a criterion: "[i] text".
var criterionLine = regexp.MustCompile(`(?m)^\[(\d+)\] .*$`)

// answerOf answers a prompt as the scripted model does: every bounty work at rung 3, no
// compiled checks, every tender criterion scorable, and every criterion of a proposal
// scored 4.
func answerOf(sent readertest.Sent, work string) string {
	switch sent.SchemaName {
	case "arena_compile":
		return `{"checks": []}`
	case "arena_check":
		return `{"scorable": true, "flagged": []}`
	case "arena_score":
		_, crit, _ := strings.Cut(sent.User, "<criteria>")
		crit, _, _ = strings.Cut(crit, "</criteria>")
		var scores []map[string]any
		for _, m := range criterionLine.FindAllStringSubmatch(crit, -1) {
			var i int
			fmt.Sscan(m[1], &i)
			scores = append(scores, map[string]any{"i": i, "score": 4, "reason": "the proposal addresses it in its own words"})
		}
		b, _ := json.Marshal(map[string]any{"scores": scores})
		return string(b)
	}
	return work
}

// get returns the body of GET path on the node.
func (a *appArena) get(t *testing.T, path string) string {
	t.Helper()
	res, err := http.Get(a.url + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %s (%v)", path, res.StatusCode, b, err)
	}
	return string(b)
}

// advance moves the dev arena's clock on by d.
func (a *appArena) advance(t *testing.T, d time.Duration) {
	t.Helper()
	if _, err := a.clock.Send(t.Context(), ledger.Amount{}, ledger.Advance{Seconds: int64(d / time.Second)}); err != nil {
		t.Fatalf("dev_advance: %v", err)
	}
}

// appBrowser is headless Chromium on the live page with the provider injected.
type appBrowser struct {
	ctx  context.Context
	a    *appArena
	mu   sync.Mutex
	errs []string
}

func openApp(t *testing.T, a *appArena) *appBrowser {
	t.Helper()
	const chromium = "/usr/bin/chromium"
	if _, err := os.Stat(chromium); err != nil {
		t.Fatalf("headless Chromium is required at %s: install Debian's chromium: %v", chromium, err)
	}
	bundle, err := os.ReadFile(ethersBundle)
	if err != nil {
		t.Fatalf("ethers' browser bundle is required: run npm install in api/testdata/wallets: %v", err)
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), chromedp.ExecPath(chromium), chromedp.Headless,
		chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-dev-shm-usage", true), chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1280, 900))
	ctx, cancelB := chromedp.NewContext(actx)
	t.Cleanup(func() { cancelB(); cancelA() })
	b := &appBrowser{ctx: ctx, a: a}
	if err := chromedp.Listen(ctx, func(ev any) {
		switch ev := ev.(type) {
		case *network.EventRequestWillBeSent:
			if ev.Request.Method == "POST" {
				a.mu.Lock()
				a.posts = append(a.posts, strings.TrimPrefix(ev.Request.URL, a.url))
				a.mu.Unlock()
			}
		case *runtime.EventExceptionThrown:
			b.mu.Lock()
			b.errs = append(b.errs, ev.ExceptionDetails.Text)
			if ev.ExceptionDetails.Exception != nil {
				b.errs = append(b.errs, ev.ExceptionDetails.Exception.Description)
			}
			b.mu.Unlock()
		}
	}); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	var keys []string
	for _, n := range names {
		keys = append(keys, "0x"+hex.EncodeToString(ledgertest.KeyBytes(n)))
	}
	keyJS, _ := json.Marshal(keys)
	b.do(t, do(runtime.Enable, cdp.Empty{}), do(network.Enable, network.EnableParams{}),
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
				Source: string(bundle) + ";" + provider + ";window.__keys=" + string(keyJS) + ";"})
			return err
		}),
		chromedp.Navigate(a.url+"/"), chromedp.WaitVisible(chromedp.CSS("#act")))
	// The forms are on the page, and visible, before the app's script has run: a click
	// then would submit a form natively. The script's first words replace the wallet
	// line, in the same run that sets every form's handler, so that is what to wait on.
	b.until(t, `document.getElementById("app-wallet").textContent !== "Looking for a wallet in this browser\u2026"`, "the app's script to run")
	return b
}

// settle bounds every wait on the page: generous, since a machine whose cores are
// busy takes many times as long as an idle one, and never a pause.
const settle = 3 * time.Minute

// until waits, in the page, for expr to be truthy (tried again on every change to the
// page's DOM), at most settle, and returns its value as text.
func (b *appBrowser) until(t *testing.T, expr, what string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, settle+10*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Poll[any](expr, chromedp.WithPollingMutation(), chromedp.WithPollingTimeout(settle)))
	if err != nil {
		t.Fatalf("waiting %v for %s: %v", settle, what, err)
	}
	return fmt.Sprint(v)
}

func do[P any](cmd cdp.Command[P, cdp.Empty], p P) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, cmd, p)
		return err
	})
}

func (b *appBrowser) do(t *testing.T, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, settle)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatalf("chromium: %v", err)
	}
}

func js[T any](t *testing.T, b *appBrowser, expr string) T {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 60*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("evaluate %.80s: %v", expr, err)
	}
	return v
}

// act fills form id's fields as who, clicks its button and returns its status line
// once the action has ended: applied, refused, declined or stopped by a check.
func (b *appBrowser) act(t *testing.T, who, id string, fields map[string]string) string {
	t.Helper()
	b.fill(t, who, id, fields)
	b.do(t, chromedp.Click(chromedp.CSS("#"+id+" button[type=submit]")))
	return b.ended(t, id)
}

// fill sets form id's fields and its signer, who, and clears its status line.
func (b *appBrowser) fill(t *testing.T, who, id string, fields map[string]string) {
	t.Helper()
	idx := -1
	for i, n := range names {
		if n == who {
			idx = i
		}
	}
	set, _ := json.Marshal(fields)
	js[bool](t, b, fmt.Sprintf(`(function(){window.__who=%d;var f=document.getElementById(%q),v=%s;
f.querySelector(".app-status").textContent="";
for(var k in v){var e=f.elements[k];if(e.type==="checkbox"){e.checked=v[k]==="on";}else{e.value=v[k];}}return true})()`, idx, id, set))
}

// ended waits for the action of form id to end and returns its status line: its button
// enabled again, its status line said.
func (b *appBrowser) ended(t *testing.T, id string) string {
	t.Helper()
	return b.until(t, fmt.Sprintf(`(function(){var f=document.getElementById(%q);
return f.querySelector("button[type=submit]").disabled?"":f.querySelector(".app-status").textContent})()`, id), id+"'s action to end")
}

// logText is the log line of the latest transaction, whitespace collapsed.
func (b *appBrowser) logText(t *testing.T) string {
	return js[string](t, b, `(function(){var l=document.querySelector("#app-log li");return l?l.textContent.replace(/\s+/g," ").trim():""})()`)
}

// waitLog waits for the latest log line to contain want.
func (b *appBrowser) waitLog(t *testing.T, want string) {
	t.Helper()
	w, _ := json.Marshal(want)
	b.until(t, fmt.Sprintf(`(function(){var l=document.querySelector("#app-log li");return !!l&&l.textContent.replace(/\s+/g," ").trim().indexOf(%s)>=0})()`, w),
		fmt.Sprintf("the log's latest line to show %q", want))
}

func (b *appBrowser) check(t *testing.T) {
	t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.errs) > 0 {
		t.Errorf("script exceptions: %q", b.errs)
	}
}

// applied checks that a status says the transaction was applied and returns the id it
// created.
func applied(t *testing.T, what, status string) uint64 {
	t.Helper()
	var h, id uint64
	if _, err := fmt.Sscanf(status, "Applied in block %d, created #%d.", &h, &id); err != nil {
		if _, err := fmt.Sscanf(status, "Applied in block %d.", &h); err != nil {
			t.Fatalf("%s: status %q, want it applied", what, status)
		}
	}
	return id
}

// waitEntry waits for entry id to reach state and returns it.
func (a *appArena) waitEntry(t *testing.T, id uint64, state string) ledger.EntryView {
	t.Helper()
	var e ledger.EntryView
	var err error
	for range 1200 {
		if e, err = a.c.Entry(t.Context(), ledger.EntryID(id)); err == nil && e.State == state {
			return e
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("entry %d: state %q (%v), want %q", id, e.State, err, state)
	return e
}

func (a *appArena) postCount() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	n := 0
	for _, p := range a.posts {
		if p == "/v1/tx" {
			n++
		}
	}
	return n
}

// TestAppRunsABountyFromTheBrowser: the live page acts with the browser's wallet. In
// headless Chromium on a real node, an EIP-1193 provider backed by ethers signs what the
// page asks; the page posts a task, takes two entries, opens their grading rounds and
// follows them to their grades on the event stream, takes an appeal and follows its
// regrade, awards and withdraws, and the ledger's views agree after each step. An entry
// after close shows the ledger's exact refusal; an appeal its sender cannot pay is
// refused before anything is signed; a user who declines to sign is told nothing was
// sent, and nothing reached the node.
func TestAppRunsABountyFromTheBrowser(t *testing.T) {
	a := startArena(t)
	b := openApp(t, a)
	ctx := t.Context()
	ar := a.arena(t)

	if got := js[string](t, b, `document.getElementById("app-wallet").textContent`); got != "A wallet is here: connect it to act." {
		t.Errorf("wallet line = %q", got)
	}
	post := map[string]string{"title": "Name the ledger", "spec": "Suggest a name for a ledger of contests, with a reason.",
		"rubric": "A name and one sentence of reason.", "prize": "25.5", "closes_in_s": "3600"}
	st := b.act(t, "sponsor", "act-post", post)
	task := applied(t, "post", st)
	tv, err := a.c.Task(ctx, ledger.TaskID(task))
	if err != nil || tv.Title != "Name the ledger" || tv.Prize.String() != "25500000000000000000" || tv.Sponsor != ledgertest.Addr("sponsor") || tv.State != "open" {
		t.Fatalf("task %d after post: %+v (%v)", task, tv, err)
	}

	// Fields are checked with the ledger's limits, counted as it counts them.
	before := a.postCount()
	for _, c := range []struct{ title, want string }{
		{"", "Title is required. Nothing was sent."},
		{strings.Repeat("é", 101), "Title is 202 bytes of UTF-8; the ledger takes at most 200. Nothing was sent."},
	} {
		st := b.act(t, "sponsor", "act-post", map[string]string{"title": c.title})
		if st != c.want {
			t.Errorf("title %q: status %q, want %q", c.title, st, c.want)
		}
	}
	st = b.act(t, "sponsor", "act-post", map[string]string{"title": "Name the ledger", "prize": "0"})
	if want := "Prize must be a positive amount of " + ar.Terms.Symbol + ", at most 18 decimals."; st != want {
		t.Errorf("prize 0: status %q, want %q", st, want)
	}
	if n := a.postCount(); n != before {
		t.Errorf("forms the page refused sent %d transactions", n-before)
	}

	// Two tabs of one account: another transaction takes the nonce while the wallet is
	// asking; the page reads the next nonce and asks again, and the post lands.
	signed := js[int](t, b, `window.__signed`)
	js[bool](t, b, `(window.__hold = new Promise(function (r) { window.__release = r; }), true)`)
	b.fill(t, "sponsor", "act-post", post)
	b.do(t, chromedp.Click(chromedp.CSS("#act-post button[type=submit]")))
	for i := 0; !js[bool](t, b, `window.__waiting`); i++ {
		if i == 1200 {
			t.Fatalf("the wallet was never asked to sign: status %q", js[string](t, b, `document.querySelector("#act-post .app-status").textContent`))
		}
		time.Sleep(50 * time.Millisecond)
	}
	if _, err := a.c.Sender(ledgertest.Key("sponsor")).Send(ctx, ledger.Amount{}, ledger.Advance{Seconds: 1}); err != nil {
		t.Fatalf("the other tab's transaction: %v", err)
	}
	js[bool](t, b, `(window.__hold = null, window.__release(), true)`)
	task2 := applied(t, "post after the nonce moved", b.ended(t, "act-post"))
	if task2 != task+1 || js[int](t, b, `window.__signed`) != signed+2 {
		t.Errorf("after the nonce moved: task %d, %d signatures; want task %d, 2 signatures", task2, js[int](t, b, `window.__signed`)-signed, task+1)
	}
	if !strings.Contains(b.logText(t), "another transaction of this account took the nonce: asking again with the next one") {
		t.Errorf("after the nonce moved: log %q", b.logText(t))
	}

	// Two entries, each graded from the page and followed to its grade.
	entries := map[string]uint64{}
	for _, who := range []string{"alice", "bob"} {
		clicked := time.Now()
		st := b.act(t, who, "act-enter", map[string]string{"task": fmt.Sprint(task), "work": "Tally, says " + who + ": it counts what was won, and by whom."})
		t.Logf("%s: from the click on Enter to %q on the page: %v", who, st, time.Since(clicked).Round(time.Millisecond))
		entries[who] = applied(t, who+" enters", st)
		e := a.waitEntry(t, entries[who], "pending")
		if e.Solver != ledgertest.Addr(who) || e.Bond != ar.Terms.EntryBond {
			t.Fatalf("%s's entry: %+v", who, e)
		}
		st = b.act(t, who, "act-grade", map[string]string{"entry": fmt.Sprint(entries[who])})
		round := applied(t, who+" grades", st)
		b.waitLog(t, fmt.Sprintf("round #%d opened", round))
		b.waitLog(t, "settled in block")
		e = a.waitEntry(t, entries[who], "graded")
		if want := fmt.Sprintf("grade %d (graded)", e.Current.Score); !strings.Contains(b.logText(t), want) {
			t.Errorf("%s's grade: the log says %q, want %q", who, b.logText(t), want)
		}
	}

	// A user who declines to sign: nothing sent, nothing reached the node.
	var nonce uint64
	before, nonce = a.postCount(), accountNonce(t, a, "alice")
	js[bool](t, b, `window.__reject=true`)
	st = b.act(t, "alice", "act-appeal", map[string]string{"entry": fmt.Sprint(entries["bob"]), "argument": "The reason is thin."})
	js[bool](t, b, `window.__reject=false`)
	if st != "You declined in the wallet: nothing was sent." {
		t.Errorf("declined: status %q", st)
	}
	if n := a.postCount(); n != before {
		t.Errorf("declined: %d POST /v1/tx reached the node", n-before)
	}
	if n := accountNonce(t, a, "alice"); n != nonce {
		t.Errorf("declined: alice's next nonce moved from %d to %d", nonce, n)
	}

	// An appeal its sender cannot pay: the ledger's admission refusal, before signing.
	signed = js[int](t, b, `window.__signed`)
	st = b.act(t, "dave", "act-appeal", map[string]string{"entry": fmt.Sprint(entries["bob"]), "argument": "The reason is thin."})
	if want := "Refused [EXPECTED]: Wallet balance is below the transaction's value"; st != want {
		t.Errorf("appeal without the bond: status %q, want %q", st, want)
	}
	if js[int](t, b, `window.__signed`) != signed {
		t.Errorf("the wallet was asked to sign an appeal the ledger refuses at admission")
	}

	// Alice appeals bob's grade and follows the regrade.
	st = b.act(t, "alice", "act-appeal", map[string]string{"entry": fmt.Sprint(entries["bob"]), "argument": "The reason is thin."})
	applied(t, "appeal", st)
	b.waitLog(t, "(regrade)")
	b.waitLog(t, "settled in block")
	e := a.waitEntry(t, entries["bob"], "graded")
	if e.Appeal == nil || e.Appeal.Appellant != ledgertest.Addr("alice") || len(e.Rounds) != 2 {
		t.Fatalf("bob's entry after the appeal: %+v", e)
	}

	// After close: a late entry is refused with the ledger's words; award; withdraw.
	a.advance(t, 30*24*time.Hour)
	st = b.act(t, "carol", "act-enter", map[string]string{"task": fmt.Sprint(task), "work": "Too late, says carol."})
	if want := "Refused [EXPECTED]: Submissions are closed"; st != want {
		t.Errorf("entry after close: status %q, want %q", st, want)
	}
	if !strings.Contains(b.logText(t), "Refused [EXPECTED]: Submissions are closed (recorded in block") {
		t.Errorf("entry after close: log %q", b.logText(t))
	}
	st = b.act(t, "sponsor", "act-award", map[string]string{"task": fmt.Sprint(task)})
	applied(t, "award", st)
	tv, err = a.c.Task(ctx, ledger.TaskID(task))
	if err != nil || tv.State != "awarded" || tv.WinnerAddr == nil {
		t.Fatalf("task after award: %+v (%v)", tv, err)
	}
	winner := ""
	for _, n := range names {
		if ledgertest.Addr(n) == *tv.WinnerAddr {
			winner = n
		}
	}
	if !strings.Contains(b.logText(t), fmt.Sprintf("won by entry #%d at %d, prize 25.5 %s", tv.Winner, tv.WinScore, ar.Terms.Symbol)) {
		t.Errorf("award: log %q", b.logText(t))
	}
	owed, err := a.c.Claimable(ctx, ledgertest.Addr(winner))
	if err != nil || owed.Amount.IsZero() {
		t.Fatalf("the winner %s is owed %v (%v), want the prize", winner, owed.Amount, err)
	}
	acc, _ := a.c.Account(ctx, ledgertest.Addr(winner))
	st = b.act(t, winner, "act-withdraw", nil)
	applied(t, "withdraw", st)
	if !strings.Contains(b.logText(t), "withdrew "+owed.Amount.Units()+" "+ar.Terms.Symbol) {
		t.Errorf("withdraw: log %q", b.logText(t))
	}
	after, _ := a.c.Account(ctx, ledgertest.Addr(winner))
	if !after.Claimable.IsZero() || after.Balance.Cmp(acc.Balance) <= 0 {
		t.Errorf("after withdrawing, %s holds %v and is owed %v (held %v)", winner, after.Balance, after.Claimable, acc.Balance)
	}
	b.check(t)
}

func accountNonce(t *testing.T, a *appArena, who string) uint64 {
	t.Helper()
	acc, err := a.c.Account(t.Context(), ledgertest.Addr(who))
	if err != nil {
		t.Fatal(err)
	}
	return acc.NextNonce
}

// publishTender has the sponsor, as buyer, check one criterion and, once it is found
// scorable, publish a tender of 10 on it from Go (the page has no form for either): a
// deposit and an appeal bond of 1, an hour for each of the commit, reveal and decision
// windows. It returns the tender's id.
func (a *appArena) publishTender(t *testing.T) uint64 {
	t.Helper()
	ctx := t.Context()
	buyer := a.c.Sender(ledgertest.Key("sponsor"))
	crit := []string{"The plan names its milestones and their dates."}
	if _, err := buyer.Send(ctx, ledger.Amount{}, tender.Check{Criteria: crit}); err != nil {
		t.Fatalf("check: %v", err)
	}
	for i := 0; ; i++ {
		cv, err := a.c.TenderCheck(ctx, tender.Digest(crit))
		if err == nil && cv.State == tender.CheckScorable {
			break
		}
		if i == 1200 {
			t.Fatalf("the criteria's check: %+v (%v), want scorable", cv, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	rc, err := buyer.Send(ctx, ledger.Ether(10), tender.Publish{Title: "Plan the audit", Summary: "An audit plan for the ledger.",
		Criteria: []tender.Criterion{{Text: crit[0], Weight: 1, Primary: true}}, Deposit: ledger.Ether(1), AppealBond: ledger.Ether(1),
		CommitS: 3600, RevealS: 3600, DecideS: 3600, MaxBids: 4})
	if err != nil || !rc.Outcome.OK() {
		t.Fatalf("publish: %+v %v", rc, err)
	}
	return rc.Outcome.Created
}

// TestAppCarriesATenderBidFromCommitToAward: a tender from the live page. The buyer's
// criteria are checked and the tender published (from Go: the page has no form for
// them); in the browser a bidder asks a question and the buyer answers it, the bidder
// commits a sealed bid whose salt the page made, kept in the browser's storage and
// offered as a file before sending, reveals it from that storage once the commit window
// closed, a scoring round is opened and followed to its scorecard, the bidder appeals
// and the rescoring is followed, a stranger's decline shows the ledger's refusal, and
// the buyer awards the tender to the bid; the ledger's views agree at each step.
func TestAppCarriesATenderBidFromCommitToAward(t *testing.T) {
	a := startArena(t)
	b := openApp(t, a)
	ctx := t.Context()
	id := a.publishTender(t)

	applied(t, "ask", b.act(t, "alice", "act-ask", map[string]string{"tender": fmt.Sprint(id), "question": "When must the audit start?"}))
	applied(t, "answer", b.act(t, "sponsor", "act-answer", map[string]string{"tender": fmt.Sprint(id), "question": "1", "reply": "Within a month of the award."}))
	tv, err := a.c.Tender(ctx, ledger.TenderID(id))
	if err != nil || len(tv.Questions) != 1 || tv.Questions[0].Asker != ledgertest.Addr("alice") || tv.Questions[0].Answer != "Within a month of the award." {
		t.Fatalf("questions after ask and answer: %+v (%v)", tv.Questions, err)
	}

	proposal := "We audit in three milestones, each with its date, and show evidence for each one."
	gradingFee := a.arena(t).Terms.GradingFee
	bid := applied(t, "commit", b.takes(t, "alice", func() string {
		return b.act(t, "alice", "act-bid", map[string]string{"tender": fmt.Sprint(id), "proposal": proposal})
	}, part{"deposit", ledger.Ether(1)}, part{"grading fee", gradingFee}))
	if got, want := js[string](t, b, `(document.querySelector("#act-bid a.app-salt")||{}).download||""`), fmt.Sprintf("arena-tender-%d-salt.json", id); got != want {
		t.Errorf("the salt file offered is %q, want %q", got, want)
	}
	var kept struct{ Salt, Proposal, Bidder string }
	raw := js[string](t, b, fmt.Sprintf(`localStorage.getItem(%q)`, "arena:"+js[string](t, b, `JSON.parse(document.getElementById("app-config").textContent).arena`)+fmt.Sprintf(":bid:%d", bid)))
	if err := json.Unmarshal([]byte(raw), &kept); err != nil || len(kept.Salt) != 64 || kept.Proposal != proposal {
		t.Fatalf("the browser keeps %q for bid %d (%v)", raw, bid, err)
	}
	bv, err := a.c.Bid(ctx, ledger.BidID(bid))
	if err != nil || bv.Status != tender.BidSealed || bv.Commitment != tender.Commitment(kept.Salt, ledgertest.Addr("alice").String(), proposal) || bv.Proposal != "" {
		t.Fatalf("bid %d after commit: %+v (%v)", bid, bv, err)
	}

	a.advance(t, 3601*time.Second)
	applied(t, "reveal", b.act(t, "alice", "act-bidreveal", map[string]string{"bid": fmt.Sprint(bid), "salt": "", "proposal": ""}))
	if bv, err = a.c.Bid(ctx, ledger.BidID(bid)); err != nil || bv.Status != tender.BidRevealed || bv.Proposal != proposal || bv.Salt != kept.Salt {
		t.Fatalf("bid %d after reveal: %+v (%v)", bid, bv, err)
	}
	round := applied(t, "score", b.act(t, "bob", "act-score", map[string]string{"bid": fmt.Sprint(bid)}))
	b.waitLog(t, fmt.Sprintf("round #%d opened", round))
	b.waitLog(t, "scored in block")
	if bv, err = a.c.Bid(ctx, ledger.BidID(bid)); err != nil || bv.Status != tender.BidScored {
		t.Fatalf("bid %d after scoring: %+v (%v)", bid, bv, err)
	}

	// The bidder appeals its scorecard; the rescoring is followed to its end.
	applied(t, "bid appeal", b.takes(t, "alice", func() string {
		return b.act(t, "alice", "act-bidappeal", map[string]string{"bid": fmt.Sprint(bid), "argument": "The plan dates every milestone, which the scorecard missed."})
	}, part{"appeal bond", ledger.Ether(1)}, part{"grading fee", gradingFee}))
	rescore := applied(t, "rescore", b.act(t, "bob", "act-resolve", map[string]string{"bid": fmt.Sprint(bid)}))
	b.waitLog(t, fmt.Sprintf("round #%d opened", rescore))
	b.waitLog(t, "(rescoring)")
	b.waitLog(t, "scored in block")
	for i := 0; ; i++ {
		if bv, err = a.c.Bid(ctx, ledger.BidID(bid)); err == nil && bv.Appeal != nil && bv.Appeal.ResolvedAt != 0 {
			break
		}
		if i == 1200 {
			t.Fatalf("bid %d's appeal never resolved: %+v (%v)", bid, bv, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	// Declining is the buyer's alone: the ledger's words for anyone else.
	if st, want := b.act(t, "bob", "act-decline", map[string]string{"tender": fmt.Sprint(id), "reason": "No bid fits."}), "Refused [EXPECTED]: Only the buyer may do this"; st != want {
		t.Errorf("decline by a stranger: status %q, want %q", st, want)
	}

	a.advance(t, 3601*time.Second)
	applied(t, "award", b.act(t, "sponsor", "act-tenderaward", map[string]string{"tender": fmt.Sprint(id)}))
	if !strings.Contains(b.logText(t), fmt.Sprintf("awarded to bid #%d", bid)) {
		t.Errorf("tender award: log %q", b.logText(t))
	}
	if tv, err = a.c.Tender(ctx, ledger.TenderID(id)); err != nil || tv.State != tender.TenderAwarded || tv.WinningBid != ledger.BidID(bid) || *tv.Winner != ledgertest.Addr("alice") {
		t.Fatalf("tender after award: %+v (%v)", tv, err)
	}
	b.check(t)
}

// TestAppSealsAndRevealsAnEntry: on a sealed task the page enters a commitment, not the
// work: the salt is made in the browser, kept in its storage and offered as a file
// before the entry is sent; once the task closes the entry is revealed from that
// storage, and the ledger holds the work it committed. On an open task the page enters
// a file: it hashes the file, has the wallet sign its WorkUpload, uploads it to the
// node's work store and files the entry naming that sha256, which is the file's. A URL
// without a file the node fetches, under the wallet's WorkFetch signature, and the entry
// files the URL with the digest the node fixed; a URL the node cannot fetch shows the
// fetch's classed error and sends nothing.
func TestAppSealsAndRevealsAnEntry(t *testing.T) {
	a := startArena(t)
	b := openApp(t, a)
	ctx := t.Context()
	task := applied(t, "post sealed", b.act(t, "sponsor", "act-post", map[string]string{"title": "Name it, sealed",
		"spec": "Suggest a name, unseen by the others until close.", "rubric": "A name.", "prize": "3", "closes_in_s": "600",
		"sealed": "on", "reveal_s": "600"}))
	if tv, err := a.c.Task(ctx, ledger.TaskID(task)); err != nil || !tv.Sealed {
		t.Fatalf("task %d: %+v (%v), want sealed", task, tv, err)
	}
	work := "Ledgerly: it keeps the count."
	entry := applied(t, "sealed entry", b.act(t, "alice", "act-enter", map[string]string{"task": fmt.Sprint(task), "work": work}))
	if got, want := js[string](t, b, `(document.querySelector("#act-enter a.app-salt")||{}).download||""`), fmt.Sprintf("arena-task-%d-salt.json", task); got != want {
		t.Errorf("the salt file offered is %q, want %q", got, want)
	}
	e, err := a.c.Entry(ctx, ledger.EntryID(entry))
	if err != nil || e.State != "sealed" || e.Work != "" || len(e.Commitment) != 64 {
		t.Fatalf("entry %d after commit: %+v (%v)", entry, e, err)
	}
	a.advance(t, 601*time.Second)
	applied(t, "reveal", b.act(t, "alice", "act-reveal", map[string]string{"entry": fmt.Sprint(entry), "salt": "", "work": ""}))
	if e, err = a.c.Entry(ctx, ledger.EntryID(entry)); err != nil || e.Work != work || e.RevealedAt == 0 {
		t.Fatalf("entry %d after reveal: %+v (%v)", entry, e, err)
	}

	open := applied(t, "post open", b.act(t, "sponsor", "act-post", map[string]string{"title": "Name it, in a file",
		"spec": "Suggest a name in a file.", "rubric": "A name.", "prize": "3", "closes_in_s": "3600", "sealed": "off"}))
	// A URL the node cannot fetch shows the fetch's class and message, as a validator
	// would grade it, and nothing is sent: a 404, and an address the guard refuses.
	before := a.postCount()
	for _, tc := range []struct{ url, want string }{
		{a.workHost + "/gone.md", "The node could not fetch the URL [EXTERNAL]: Work URL returned 404. Nothing was sent."},
		{"https://10.1.2.3/ledgerly.md", "The node could not fetch the URL [EXTERNAL]: Work URL resolves to a private address. Nothing was sent."},
	} {
		if st := b.act(t, "alice", "act-enter", map[string]string{"task": fmt.Sprint(open), "work": "", "work_url": tc.url}); st != tc.want {
			t.Errorf("a URL the node cannot fetch (%s): status %q, want %q", tc.url, st, tc.want)
		}
	}
	if a.postCount() != before {
		t.Errorf("a URL the node could not fetch sent a transaction")
	}
	if held := a.get(t, "/v1/work"); strings.Contains(held, "sha256") {
		t.Errorf("a failed fetch was stored: GET /v1/work = %s", held)
	}
	// A URL without a file: the wallet signs the node's fetch, the node keeps the bytes
	// under their sha256, and the entry files the URL with that digest.
	pageSum := sha256.Sum256([]byte(workPage))
	pageDigest := hex.EncodeToString(pageSum[:])
	published := a.workHost + "/ledgerly.md"
	urlEntry := applied(t, "URL entry", b.act(t, "bob", "act-enter", map[string]string{"task": fmt.Sprint(open), "work": "", "work_url": published}))
	e, err = a.c.Entry(ctx, ledger.EntryID(urlEntry))
	if err != nil || e.WorkSHA != pageDigest || e.WorkURL != published || e.Work != "" || e.Task != ledger.TaskID(open) {
		t.Fatalf("URL entry %d: %+v (%v), want work_sha256 %s at %s", urlEntry, e, err, pageDigest, published)
	}
	if kept, err := a.c.Work(ctx, pageDigest); err != nil || string(kept) != workPage {
		t.Fatalf("the node keeps %q under %s (%v), want the URL's bytes", kept, pageDigest, err)
	}
	if lg := js[string](t, b, `document.querySelector("#app-log").textContent`); !strings.Contains(lg, "kept by the node, "+fmt.Sprint(len(workPage))+" bytes, sha256 "+pageDigest) {
		t.Errorf("the log does not show the digest the node fixed: %q", lg)
	}
	url := "https://example.org/ledgerly.md"
	file := "# Ledgerly\n\nIt keeps the count, and the name says so.\n"
	path := t.TempDir() + "/ledgerly.md"
	if err := os.WriteFile(path, []byte(file), 0o600); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte(file))
	digest := hex.EncodeToString(sum[:])
	// Declining the upload's signature stores nothing and sends nothing.
	before = a.postCount()
	js[bool](t, b, `window.__reject = true`)
	b.fill(t, "alice", "act-enter", map[string]string{"task": fmt.Sprint(open), "work": "", "work_url": url})
	b.do(t, chromedp.SetUploadFiles(chromedp.CSS("#enter-file"), []string{path}),
		chromedp.Click(chromedp.CSS("#act-enter button[type=submit]")))
	if st, want := b.ended(t, "act-enter"), "You declined in the wallet: nothing was sent."; st != want {
		t.Errorf("a declined upload: status %q, want %q", st, want)
	}
	if a.postCount() != before {
		t.Errorf("a declined upload sent a transaction")
	}
	if held := a.get(t, "/v1/work"); strings.Contains(held, digest) {
		t.Errorf("a declined upload was stored: GET /v1/work = %s", held)
	}
	js[bool](t, b, `window.__reject = false`)
	b.fill(t, "alice", "act-enter", map[string]string{"task": fmt.Sprint(open), "work": "", "work_url": url})
	b.do(t, chromedp.SetUploadFiles(chromedp.CSS("#enter-file"), []string{path}),
		chromedp.Click(chromedp.CSS("#act-enter button[type=submit]")))
	fileEntry := applied(t, "file entry", b.ended(t, "act-enter"))
	if e, err = a.c.Entry(ctx, ledger.EntryID(fileEntry)); err != nil || e.WorkSHA != digest || e.WorkURL != url || e.Work != "" || e.Task != ledger.TaskID(open) {
		t.Fatalf("file entry %d: %+v (%v), want work_sha256 %s at %s", fileEntry, e, err, digest, url)
	}
	if kept, err := a.c.Work(ctx, digest); err != nil || string(kept) != file {
		t.Fatalf("the node keeps %q under %s (%v), want the file's bytes", kept, digest, err)
	}
	b.check(t)
}

// TestAppCommitsAModuleToAChallenge: on a challenge a sponsor published, the page
// commits a module file: it hashes the file, has the wallet sign its BlobUpload,
// uploads it to the node's blob store and sends the commit naming that sha256 and size,
// staking the deposit and the grading fee; the challenge then lists the entry and the
// node serves the module's bytes. A commit without its file is refused in the page.
func TestAppCommitsAModuleToAChallenge(t *testing.T) {
	a := startArena(t)
	ctx := t.Context()
	sponsor := a.c.Sender(ledgertest.Key("sponsor"))
	if rc, err := sponsor.Send(ctx, ledger.Amount{}, challenge.BenchRegister{
		Name: "toolbench", Version: 1, Module: strings.Repeat("a", 64), Size: 1000, Kinds: []string{"memory", "tool"},
		MinCases: 100, Profiles: []string{"full", "practice"}, Quorum: 1, InitGas: 1, CaseGas: 1, BenchGas: 1,
		MaxPages: 2048, Platform: challenge.Platform, Fold: challenge.DefaultFold(),
	}); err != nil || !rc.Outcome.OK() {
		t.Fatalf("register the bench: %+v (%v)", rc, err)
	}
	bv, err := a.c.Bench(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	// The check's committee attests the bench's check as the validators would.
	var vals []ledger.Address
	a.n.Engine().View(func(st *ledger.State) { vals = st.Terms().Validators })
	attested := false
	for _, v := range vals {
		key, err := a.n.Keystore().Load(v, "")
		if err != nil {
			t.Fatal(err)
		}
		rc, err := a.c.Sender(key).Send(ctx, ledger.Amount{}, challenge.BenchCheckAttest{Round: bv.Round, Attempt: 1,
			Result: challenge.BenchCheck{Dataset: strings.Repeat("b", 64), Cases: 114, Kinds: []string{"memory", "tool"}}})
		if err == nil && rc.Outcome.OK() {
			attested = true
		}
	}
	if bv, err = a.c.Bench(ctx, 1); !attested || err != nil || bv.State != challenge.BenchAccepted {
		t.Fatalf("the bench after its check: %+v (%v)", bv, err)
	}
	ar := a.arena(t)
	rc, err := sponsor.Send(ctx, ledger.Ether(10), challenge.Publish{Bench: "toolbench", Title: "memory", Deposit: ledger.Ether(1),
		PerEpoch: ledger.Ether(3), EpochS: 60, End: ar.Time + 3600})
	if err != nil || !rc.Outcome.OK() {
		t.Fatalf("publish: %+v (%v)", rc, err)
	}
	id := rc.Outcome.Created

	b := openApp(t, a)
	before := a.postCount()
	if st, want := b.act(t, "alice", "act-commit", map[string]string{"challenge": fmt.Sprint(id)}), "Module file is required. Nothing was sent."; st != want {
		t.Errorf("a commit without its file: status %q, want %q", st, want)
	}
	if a.postCount() != before {
		t.Errorf("a commit without its file was sent")
	}
	module := []byte("\x00asm\x01\x00\x00\x00 a module the page uploads")
	path := t.TempDir() + "/agent.wasm"
	if err := os.WriteFile(path, module, 0o600); err != nil {
		t.Fatal(err)
	}
	b.fill(t, "alice", "act-commit", map[string]string{"challenge": fmt.Sprint(id), "profile": "full"})
	applied(t, "commit", b.takes(t, "alice", func() string {
		b.do(t, chromedp.SetUploadFiles(chromedp.CSS("#commit-file"), []string{path}),
			chromedp.Click(chromedp.CSS("#act-commit button[type=submit]")))
		return b.ended(t, "act-commit")
	}, part{"deposit", ledger.Ether(1)}, part{"grading fee", ar.Terms.GradingFee}))
	sum := sha256.Sum256(module)
	digest := hex.EncodeToString(sum[:])
	cv, err := a.c.Challenge(ctx, ledger.ChallengeID(id))
	if err != nil || len(cv.Entries) != 1 || cv.Entries[0].Program != digest || cv.Entries[0].Size != int64(len(module)) ||
		cv.Entries[0].Committer != ledgertest.Addr("alice") || cv.Entries[0].Profile != "full" || cv.Entries[0].Deposit != ledger.Ether(1) {
		t.Fatalf("challenge %d after the commit: %+v (%v), want alice's entry of sha256 %s", id, cv.Entries, err, digest)
	}
	if got, err := a.c.GetBlob(ctx, digest); err != nil || string(got) != string(module) {
		t.Fatalf("the node serves %q under %s (%v), want the module's bytes", got, digest, err)
	}
	b.check(t)
}

// TestAppCommitsAModelToALearningChallenge: on a learning challenge a sponsor
// published, the page commits an architecture and a training module: it hashes both
// files, has the wallet sign each one's BlobUpload, uploads them to the node's blob store
// and sends the learn_commit naming both sha256 and sizes, staking the deposit and the
// grading fee read from the node; the challenge then lists alice's run and the node
// serves both modules. Two files of the same bytes are refused in the page, before
// anything is signed.
func TestAppCommitsAModelToALearningChallenge(t *testing.T) {
	if learn.MaxModuleBytes != challenge.MaxModuleBytes {
		t.Fatalf("the page checks learning modules against %d bytes; the ledger takes %d", challenge.MaxModuleBytes, learn.MaxModuleBytes)
	}
	a := startArena(t)
	ctx := t.Context()
	ar := a.arena(t)
	rc, err := a.c.Sender(ledgertest.Key("sponsor")).Send(ctx, ledger.Ether(10), ledgertest.LearnBody(max(ar.Time, time.Now().Unix()), 3600, ledger.Ether(1), ledger.Ether(1)))
	if err != nil || !rc.Outcome.OK() {
		t.Fatalf("publish the learning challenge: %+v (%v)", rc, err)
	}
	id := ledger.LearnChallengeID(rc.Outcome.Created)
	// The example modules, copied where the browser reads them, and a second copy of
	// the architecture's bytes under another name.
	arch, err := os.ReadFile("../challenge/example/learning/modules/order2-arch.wasm")
	if err != nil {
		t.Fatal(err)
	}
	train, err := os.ReadFile("../challenge/example/learning/modules/order2-train.wasm")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	archPath, trainPath, copyPath := dir+"/arch.wasm", dir+"/train.wasm", dir+"/copy.wasm"
	for path, data := range map[string][]byte{archPath: arch, trainPath: train, copyPath: arch} {
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
	}

	b := openApp(t, a)
	before := a.postCount()
	b.fill(t, "alice", "act-learn", map[string]string{"challenge": fmt.Sprint(id)})
	b.do(t, chromedp.SetUploadFiles(chromedp.CSS("#learn-arch"), []string{archPath}),
		chromedp.SetUploadFiles(chromedp.CSS("#learn-train"), []string{copyPath}),
		chromedp.Click(chromedp.CSS("#act-learn button[type=submit]")))
	if st, want := b.ended(t, "act-learn"), "Architecture and training modules are the same file; the ledger takes two different modules. Nothing was sent."; st != want {
		t.Errorf("a commit of two equal files: status %q, want %q", st, want)
	}
	if a.postCount() != before {
		t.Errorf("a commit of two equal files was sent")
	}

	b.fill(t, "alice", "act-learn", map[string]string{"challenge": fmt.Sprint(id)})
	applied(t, "learning commit", b.takes(t, "alice", func() string {
		b.do(t, chromedp.SetUploadFiles(chromedp.CSS("#learn-arch"), []string{archPath}),
			chromedp.SetUploadFiles(chromedp.CSS("#learn-train"), []string{trainPath}),
			chromedp.Click(chromedp.CSS("#act-learn button[type=submit]")))
		return b.ended(t, "act-learn")
	}, part{"deposit", ledger.Ether(1)}, part{"grading fee", a.arena(t).Terms.GradingFee}))
	sumArch, sumTrain := sha256.Sum256(arch), sha256.Sum256(train)
	archSHA, trainSHA := hex.EncodeToString(sumArch[:]), hex.EncodeToString(sumTrain[:])
	cv, err := a.c.LearnChallenge(ctx, id)
	if err != nil || len(cv.Runs) != 1 {
		t.Fatalf("learning challenge %d after the commit: %+v (%v), want one run", id, cv.Runs, err)
	}
	if r := cv.Runs[0]; r.Committer != ledgertest.Addr("alice") || r.Arch != archSHA || r.ArchSize != int64(len(arch)) ||
		r.Train != trainSHA || r.TrainSize != int64(len(train)) || r.Deposit != ledger.Ether(1) {
		t.Fatalf("the run: %+v, want alice's of arch %s (%d bytes) and train %s (%d bytes), deposit 1", r, archSHA, len(arch), trainSHA, len(train))
	}
	for digest, want := range map[string][]byte{archSHA: arch, trainSHA: train} {
		if got, err := a.c.GetBlob(ctx, digest); err != nil || string(got) != string(want) {
			t.Fatalf("the node serves %d bytes under %s (%v), want the module's %d", len(got), digest, err, len(want))
		}
	}
	b.check(t)
}

// TestAppBetsOnATurn: on a match an operator created, the page stakes a bet on an
// agent's move in a turn not yet committed, and the match lists it; a move the game
// does not have is refused in the page, before anything is signed.
func TestAppBetsOnATurn(t *testing.T) {
	a := startArenaWith(t, 1)
	ctx := t.Context()
	var ops []ledger.Address
	var bond ledger.Amount
	a.n.Engine().View(func(st *ledger.State) { ops, bond = st.Terms().Operators, st.Terms().OperatorBond })
	op, err := a.n.Keystore().Load(ops[0], "")
	if err != nil {
		t.Fatal(err)
	}
	rc, err := a.c.Sender(op).Send(ctx, bond, match.Create{
		Entrants: [2]ledger.Address{ledgertest.Addr("alice"), ledgertest.Addr("bob")},
		Agents:   [2]match.Agent{{Model: "builtin", SystemPrompt: "Win."}, {Model: "builtin", SystemPrompt: "Win boldly."}},
		EntryFee: ledger.Ether(5), FeeBps: 200, SeedCommitment: match.SeedCommitment([32]byte{7}),
	})
	if err != nil || !rc.Outcome.OK() {
		t.Fatalf("create the match: %+v (%v)", rc, err)
	}
	id := rc.Outcome.Created

	b := openApp(t, a)
	signed := js[int](t, b, `window.__signed`)
	if st, want := b.act(t, "carol", "act-bet", map[string]string{"match": fmt.Sprint(id), "turn": "1", "agent": "0", "move": "dance", "stake": "2"}),
		"Move must be attack, defend, charge or heal. Nothing was sent."; st != want {
		t.Errorf("a move the game lacks: status %q, want %q", st, want)
	}
	if js[int](t, b, `window.__signed`) != signed {
		t.Errorf("a bet on a move the game lacks was signed")
	}
	bet := applied(t, "bet", b.takes(t, "carol", func() string {
		return b.act(t, "carol", "act-bet", map[string]string{"match": fmt.Sprint(id), "turn": "1", "agent": "1", "move": "charge", "stake": "2.5"})
	}, part{"stake", ledger.NewAmount(2_500_000_000_000_000_000)}))
	m, err := a.c.Match(ctx, ledger.MatchID(id))
	if err != nil || len(m.Bets) != 1 {
		t.Fatalf("match %d after the bet: %+v (%v)", id, m.Bets, err)
	}
	if x := m.Bets[0]; uint64(x.ID) != bet || x.Turn != 1 || x.Agent != 1 || x.Move != "charge" || x.Bettor != ledgertest.Addr("carol") ||
		x.Stake.String() != "2500000000000000000" || x.State != match.BetOpen {
		t.Fatalf("the bet: %+v, want carol's 2.5 on agent 1 charging in turn 1", x)
	}
	b.check(t)
}
