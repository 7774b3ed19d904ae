package board

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"
)

const (
	evmSink  = "evm:0x5fbdb2315678afecb367f032d93f642f64180aa3"
	hookSink = "webhook:https://hooks.example.org/arena"
	evmTx    = "0x8f3c1d2e4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff0"
	evmLine  = "crossed to " + evmSink + " in tx " + evmTx + " at 2026-01-02 01:00:12 UTC"
	hookLine = "crossed to " + hookSink + " (HTTP 204) at 2026-01-02 01:00:01 UTC"
)

// loadCrossed returns the demo with the registry and crossings of
// testdata/crossed.crossings.json: task 1's award reached a webhook and the registry,
// in that order; task 2, still open, has a stray delivery the page must not show.
func loadCrossed(t testing.TB) (ledger.Snapshot, map[ledger.TaskID][]Crossing) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "crossed.crossings.json"))
	if err != nil {
		t.Fatal(err)
	}
	var in struct {
		Registry  ledger.Address `json:"registry"`
		Crossings map[ledger.TaskID][]struct {
			Sink        string `json:"sink"`
			TxHash      string `json:"tx_hash"`
			HTTPStatus  int    `json:"http_status"`
			DeliveredAt int64  `json:"delivered_at"`
		} `json:"crossings"`
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		t.Fatalf("decode crossings: %v", err)
	}
	s := loadSnapshot(t, "demo")
	s.Arena.Terms.Registry = &in.Registry
	m := map[ledger.TaskID][]Crossing{}
	for id, cs := range in.Crossings {
		for _, c := range cs {
			m[id] = append(m[id], Crossing(c))
		}
	}
	return s, m
}

// TestCrossedMatchesGolden: STYLE.md, "Golden files for the board": the demo with its
// award crossed renders to testdata/crossed.golden.html byte for byte (-update rewrites
// it), and the same input renders the same bytes twice.
func TestCrossedMatchesGolden(t *testing.T) {
	s, m := loadCrossed(t)
	got := render(t, s, WithCrossings(m))
	if again := render(t, s, WithCrossings(m)); !bytes.Equal(got, again) {
		t.Fatal("two renderings of one snapshot and its crossings differ")
	}
	path := filepath.Join("testdata", "crossed.golden.html")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("board differs from %s (-want +got):\n%s", path,
			cmp.Diff(strings.Split(string(want), "\n"), strings.Split(string(got), "\n")))
	}
}

// TestCrossingsShowWhereTheAwardWent: an awarded task that crossed shows, in the task
// table and on the winning card, each sink it reached with the transaction or the HTTP
// answer and the time, sinks in order of name whatever order they came in; an entry
// that did not win and a task not awarded show nothing.
func TestCrossingsShowWhereTheAwardWent(t *testing.T) {
	s, m := loadCrossed(t)
	m[1][0], m[1][1] = m[1][1], m[1][0]
	doc := checkPage(t, render(t, s, WithCrossings(m)),
		In("#task-1 td[data-label=Outcome] ul.crossings li", HasText(evmLine)),
		In("#entry-2 ul.crossings li", HasText(evmLine)),
		In("#entry-2 ul.crossings li code.hash", HasText(evmTx)),
		In("#entry-2 ul.crossings li time", HasAttr("datetime", "2026-01-02T01:00:12Z")),
		NotIn("#task-2 .crossings"), NotIn("#task-3 .crossings"), NotIn("#entry-1 .crossings"), NotIn("#entry-3 .crossings"),
		NotIn(".crossings.pending"),
	)
	for _, sel := range []string{"#task-1 ul.crossings li", "#entry-2 ul.crossings li"} {
		var got []string
		for _, n := range all(doc, sel) {
			got = append(got, textOf(n))
		}
		if d := cmp.Diff([]string{evmLine, hookLine}, got); d != "" {
			t.Errorf("%s (-want +got):\n%s", sel, d)
		}
	}
	if n := len(all(doc, ".crossings li")); n != 4 {
		t.Errorf("crossing lines on the page = %d, want 2 in the table and 2 on the winning card", n)
	}
}

// TestAwardsOwedToTheRegistrySayNotYetCrossed: with a registry in the terms, an awarded
// task whose award reached no sink says "not yet crossed", in the table and on the
// winning card; without a registry, without an award, or when the crossings were not
// given at all, nothing is said.
func TestAwardsOwedToTheRegistrySayNotYetCrossed(t *testing.T) {
	s, m := loadCrossed(t)
	delete(m, 1)
	checkPage(t, render(t, s, WithCrossings(m)),
		In("#task-1 td[data-label=Outcome] p.crossings.pending", HasText("not yet crossed")),
		In("#entry-2 p.crossings.pending", HasText("not yet crossed")),
		NotIn("#task-2 .crossings"), NotIn("#entry-1 .crossings"), NotIn("ul.crossings"))
	checkPage(t, render(t, loadSnapshot(t, "demo"), WithCrossings(nil)), NotIn(".crossings"))
	checkPage(t, render(t, s), NotIn(".crossings"))
	none := func() (map[ledger.TaskID][]Crossing, error) { return nil, nil }
	if !bytes.Equal(render(t, s, WithCrossings(nil)), render(t, s, WithCrossings(m), WithCrossingsFunc(none))) {
		t.Error("of two crossing options, the last does not decide")
	}
}

// TestHandlerReadsCrossingsEachRequest: the live page asks WithCrossingsFunc afresh
// for every request, so an award that crosses shows on the next GET; a failure to read
// them is the same 503 as a failed snapshot.
func TestHandlerReadsCrossingsEachRequest(t *testing.T) {
	s, m := loadCrossed(t)
	var now map[ledger.TaskID][]Crossing
	var fail error
	srv := httptest.NewServer(Handler(func() (ledger.Snapshot, error) { return s, nil },
		WithCrossingsFunc(func() (map[ledger.TaskID][]Crossing, error) { return now, fail })))
	defer srv.Close()
	if _, body := get(t, http.MethodGet, srv.URL+"/"); !bytes.Equal(body, render(t, s, WithCrossings(nil))) {
		t.Error("before any crossing, GET / is not the page saying the award has not crossed")
	}
	now = m
	if _, body := get(t, http.MethodGet, srv.URL+"/"); !bytes.Equal(body, render(t, s, WithCrossings(m))) {
		t.Error("after the award crossed, GET / is not the page with its crossings")
	}
	fail = errors.New("store: database is locked")
	if resp, body := get(t, http.MethodGet, srv.URL+"/"); resp.StatusCode != http.StatusServiceUnavailable || string(body) != "board unavailable\n" {
		t.Errorf("crossings unreadable: GET / = %d %q, want 503 \"board unavailable\\n\"", resp.StatusCode, body)
	}
	var buf bytes.Buffer
	err := Render(&buf, s, WithCrossingsFunc(func() (map[ledger.TaskID][]Crossing, error) { return nil, fail }))
	if want := "render board: read crossings: store: database is locked"; err == nil || err.Error() != want {
		t.Errorf("Render with unreadable crossings = %v, want %q", err, want)
	}
}

// TestChromiumShowsCrossings: the script renders the winning card's crossings as the
// server does, and "not yet crossed" likewise.
func TestChromiumShowsCrossings(t *testing.T) {
	s, m := loadCrossed(t)
	for name, page := range map[string][]byte{"crossed": render(t, s, WithCrossings(m)), "owed": render(t, s, WithCrossings(nil))} {
		b := newBrowser(t, writePage(t, page))
		b.run(t, chromedp.Navigate(b.page), chromedp.WaitVisible(chromedp.CSS("#filters")))
		server := eval[[]string](t, b, signature)
		b.choose(t, "#f-task", "1")
		b.choose(t, "#f-task", "")
		if d := cmp.Diff(server, eval[[]string](t, b, signature)); d != "" {
			t.Errorf("%s: the script renders cards unlike the server (-server +script):\n%s", name, d)
		}
		want := evmLine
		if name == "owed" {
			want = "not yet crossed"
		}
		if got := b.text(t, "#entry-2 .crossings li, #entry-2 p.crossings"); got != want {
			t.Errorf("%s: the script shows %q on the winning card, want %q", name, got, want)
		}
		b.check(t)
	}
}
