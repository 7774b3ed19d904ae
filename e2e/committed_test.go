package e2e

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/pem"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arena/arena/account"
	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/node"
)

// The claims of DESIGN.md, "Work is fixed at filing", against a real `arena node` and
// its four validators (builtin reader, real https fetches): "a URL entry carries the
// sha256 of its bytes ... Validators check what they fetch against it; the copy check
// compares the bytes committed at filing, never whatever a URL serves today."

const (
	victimGuide = "Moving off the v1 invoices endpoint\n\n" +
		"1. Create an export token in the dashboard under Settings, Developer, Exports.\n" +
		"2. Replace calls to /v1/invoices with /v2/exports and pass the token as a bearer header.\n" +
		"3. The new endpoint pages results with a cursor; keep requesting until next_cursor is empty.\n" +
		"4. Totals are now integers in minor units, so divide by 100 before display.\n" +
		"5. Retire the nightly cron job once the webhook subscription confirms delivery.\n"
	draftPage = "Draft: my migration guide for the exports endpoint is coming here soon.\n"
	laterPage = "Work in progress. Check back later for the exports migration guide.\n"
)

// TestACopiedPageNeverDisqualifiesTheOriginal: the attack of the issue, end to end. Two
// attackers file URL entries whose pages hold placeholders; one files only the digest
// (the node never sees the bytes), the other keeps the bytes on the node as arena submit
// does. A victim then files a strong text entry, and both attackers copy the victim's
// text onto their pages. The node's validators grade all three: the victim is graded
// eligible and is nobody's duplicate; the attacker whose committed bytes the node lacks
// fails with [EXTERNAL] Work changed since filing (an agreed failure: ineligible); the
// other is graded on the placeholder it committed, and is no copy either.
func TestACopiedPageNeverDisqualifiesTheOriginal(t *testing.T) {
	host := newWorkHost(t, map[string]string{"/draft.md": draftPage, "/later.md": laterPage})
	dir := workArena(t, "copied page")
	p := startNodeWith(t, dir, host.env())
	ctx := t.Context()
	keeperKey, err := account.Generate()
	if err != nil {
		t.Fatal(err)
	}
	sponsor, digestOnly, keeper, victim := newSender(t, p.c), newSender(t, p.c), p.c.Sender(keeperKey), newSender(t, p.c)
	for _, s := range []*client.Sender{sponsor, digestOnly, keeper, victim} {
		mustSend(t, s, ledger.Amount{}, ledger.Faucet{To: s.Address(), Amount: ledger.Ether(100)})
	}
	task := ledger.TaskID(mustSend(t, sponsor, ledger.Ether(50), ledger.PostTask{Title: "Exports migration guide",
		Spec:   "Write a guide for moving off the v1 invoices endpoint to the v2 exports endpoint.",
		Rubric: "It should mention the cursor.", ClosesInS: 3600}).Outcome.Created)

	first := fileURL(t, digestOnly, task, host.url+"/draft.md", draftPage)
	if _, err := p.c.WithSigner(keeperKey).PutWork(ctx, []byte(laterPage)); err != nil { // signed and charged as arena submit does
		t.Fatalf("PutWork: %v", err)
	}
	second := fileURL(t, keeper, task, host.url+"/later.md", laterPage)
	original := ledger.EntryID(mustSend(t, victim, ledger.Ether(5), ledger.Submit{Task: task, Work: victimGuide}).Outcome.Created)
	host.set("/draft.md", victimGuide)
	host.set("/later.md", victimGuide)

	for _, e := range []ledger.EntryID{original, first, second} {
		mustSend(t, sponsor, ledger.Amount{}, ledger.Grade{Entry: e})
	}
	v := waitSettled(t, p.c, original)
	if g := v.Current; v.State != ledger.EntryGraded || !g.Passed || g.Disqualified || g.DuplicateOf != 0 {
		t.Errorf("victim's entry %d: %s %+v; want graded eligible, nobody's duplicate", v.ID, v.State, g)
	}
	if v.Current != nil && v.Current.Result.Similarity >= ledger.CopyThreshold {
		t.Errorf("victim's similarity %d%%, want under %d%%: only the placeholders were committed", v.Current.Result.Similarity, ledger.CopyThreshold)
	}
	a1, a2 := waitSettled(t, p.c, first), waitSettled(t, p.c, second)
	if g := a1.Current; a1.State != ledger.EntryFailed || g == nil || g.Error != "[EXTERNAL] Work changed since filing" || g.Result.WorkDigest != a1.WorkSHA {
		t.Errorf("digest-only attacker's entry %d: %s %+v; want failed with [EXTERNAL] Work changed since filing, digest %s", a1.ID, a1.State, g, a1.WorkSHA)
	}
	if g := a2.Current; a2.State != ledger.EntryGraded || g.DuplicateOf != 0 || g.Result.WorkDigest != sum(laterPage) {
		t.Errorf("keeping attacker's entry %d: %s %+v; want graded on its placeholder (%s), no copy", a2.ID, a2.State, g, sum(laterPage))
	}
	if a2.Current != nil && a2.Current.Result.Similarity != 0 {
		t.Errorf("keeping attacker's similarity %d%%, want 0: the entry before it committed nothing it can have", a2.Current.Result.Similarity)
	}
	p.stop(t)
	arena(t, "verify", "--dir", dir)
}

// TestStoredWorkIsGradedWhenTheHostIsDown: arena submit --work-url fetches the page,
// keeps its bytes on the node and files their sha256; the work host then goes away,
// and the node's validators still grade the entry, on those bytes.
func TestStoredWorkIsGradedWhenTheHostIsDown(t *testing.T) {
	host := newWorkHost(t, map[string]string{"/guide.md": victimGuide})
	dir := workArena(t, "host down")
	p := startNodeWith(t, dir, host.env())
	sponsor := newSender(t, p.c)
	solver, err := ledger.ParseAddress(strings.TrimSpace(arena(t, "keys", "new", "--dir", dir)))
	if err != nil {
		t.Fatal(err)
	}
	mustSend(t, sponsor, ledger.Amount{}, ledger.Faucet{To: sponsor.Address(), Amount: ledger.Ether(100)})
	mustSend(t, sponsor, ledger.Amount{}, ledger.Faucet{To: solver, Amount: ledger.Ether(100)})
	task := mustSend(t, sponsor, ledger.Ether(50), ledger.PostTask{Title: "Exports migration guide",
		Spec: "Write a guide for moving off the v1 invoices endpoint.", Rubric: "It should mention the cursor.", ClosesInS: 3600}).Outcome.Created
	out := arenaWith(t, host.env(), "submit", "--dir", dir, "--node", p.url, "--key", solver.String(),
		"--task", strconv.FormatUint(task, 10), "--work-url", host.url+"/guide.md")
	want := fmt.Sprintf("committed work: sha256 %s, %d bytes fetched from %s/guide.md, now kept by the node\n", sum(victimGuide), len(victimGuide), host.url)
	if !strings.HasSuffix(out, want) {
		t.Fatalf("arena submit said:\n%s\nwant it to end %q", out, want)
	}
	host.close()
	mustSend(t, sponsor, ledger.Amount{}, ledger.Grade{Entry: 1})
	e := waitSettled(t, p.c, 1)
	if e.State != ledger.EntryGraded || e.WorkSHA != sum(victimGuide) || e.Current.Result.WorkDigest != e.WorkSHA || e.Current.Error != "" {
		t.Errorf("entry 1: %s, committed %s, graded %+v; want graded on the committed bytes", e.State, e.WorkSHA, e.Current)
	}
	p.stop(t)
}

// workArena initialises a dev arena whose validators (and arena submit) may fetch from
// a loopback work host.
func workArena(t *testing.T, name string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "arena")
	arena(t, "init", "--dev", "--dir", dir, "--name", name)
	cfg, err := node.LoadConfig(dir)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Fetch.AllowLoopback = true
	writeConfig(t, dir, cfg)
	return dir
}

// fileURL files a URL entry committing the sha256 of committed, and returns it.
func fileURL(t *testing.T, s *client.Sender, task ledger.TaskID, url, committed string) ledger.EntryID {
	t.Helper()
	rc := mustSend(t, s, ledger.Ether(5), ledger.Submit{Task: task, WorkURL: url, WorkSHA256: sum(committed)})
	return ledger.EntryID(rc.Outcome.Created)
}

// waitSettled polls the entry until its grading settled, graded or failed, within
// settleBound.
func waitSettled(t *testing.T, c *client.Client, id ledger.EntryID) ledger.EntryView {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), settleBound)
	defer cancel()
	for {
		e, err := c.Entry(ctx, id)
		if err == nil && (e.State == ledger.EntryGraded || e.State == ledger.EntryFailed) {
			return e
		}
		if ctx.Err() != nil {
			t.Fatalf("entry %d not settled within %s: %+v, %v", id, settleBound, e, err)
		}
		pause(ctx, 100*time.Millisecond)
	}
}

func sum(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// workHost is a solver's https work host on loopback, with its own certificate, whose
// pages its owner can change at any time.
type workHost struct {
	srv   *httptest.Server
	url   string
	ca    string // PEM file of its certificate, for $SSL_CERT_FILE
	mu    sync.Mutex
	pages map[string]string
}

func newWorkHost(t *testing.T, pages map[string]string) *workHost {
	t.Helper()
	h := &workHost{pages: pages}
	h.srv = httptest.NewUnstartedServer(h)
	h.srv.Config.ErrorLog = log.New(io.Discard, "", 0)
	h.srv.StartTLS()
	t.Cleanup(h.srv.Close)
	h.url = h.srv.URL
	h.ca = filepath.Join(t.TempDir(), "workhost-ca.pem")
	if err := os.WriteFile(h.ca, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: h.srv.Certificate().Raw}), 0o644); err != nil {
		t.Fatal(err)
	}
	return h
}

// env is the environment under which an arena process trusts the host.
func (h *workHost) env() []string { return []string{"SSL_CERT_FILE=" + h.ca} }

func (h *workHost) set(path, body string) {
	h.mu.Lock()
	h.pages[path] = body
	h.mu.Unlock()
}

// close takes the host down: its port refuses connections from now on.
func (h *workHost) close() { h.srv.Close() }

func (h *workHost) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	body, ok := h.pages[r.URL.Path]
	h.mu.Unlock()
	if !ok {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/markdown; charset=utf-8")
	io.WriteString(w, body)
}
