package bounty

import (
	"context"
	"crypto/x509"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/arena/arena/fetch"
	"github.com/arena/arena/grading"
	"github.com/arena/arena/ledger"
	"github.com/google/go-cmp/cmp"
)

// The claims of DESIGN.md, "Work is fixed at filing": "a URL entry carries the sha256 of
// its bytes ... Validators check what they fetch against it; the copy check compares the
// bytes committed at filing, never whatever a URL serves today."

const placeholder = "Coming soon: a migration guide for the v2 exports endpoint.\n"

// TestACopiedPageNeverMakesTheOriginalACopy: the attack the digest closes. An attacker
// files a URL entry whose page holds a placeholder; a victim then files a strong text
// entry; the attacker copies the victim's text onto the page. Graded through a real
// https fetch, the victim is not a duplicate of the attacker (the copy check compares
// the placeholder committed at filing, which the page no longer serves, so the
// attacker's entry is no original at all), the attacker's entry fails with
// [EXTERNAL] Work changed since filing without a model call, and the victim stays the
// original of a later copy.
func TestACopiedPageNeverMakesTheOriginalACopy(t *testing.T) {
	page := &page{body: placeholder}
	url, fc := workHost(t, page)
	attacker := urlEntry(1, url+"/guide.md", placeholder)
	victim := entry(2, guide)
	page.set(guide) // the attacker copies the victim's text onto the page

	reader := answers(`{"rung": 4, "reason": "a clear migration guide"}`)
	p := &Pipeline{Reader: reader, Fetcher: fc}
	got := p.Run(context.Background(), Inputs{Task: task(guideRubric), Entry: victim, Earlier: []ledger.EntryView{attacker}})
	if diff := cmp.Diff(graded{Tier: 4, Score: 80, Passed: true}, gradedOf(got)); diff != "" || got.Similarity != 0 {
		t.Errorf("victim graded (-want +got):\n%s similarity %d, want 0", diff, got.Similarity)
	}

	calls := len(reader.prompts)
	got = p.Run(context.Background(), Inputs{Task: task(guideRubric), Entry: attacker})
	if diff := cmp.Diff(graded{Error: "[EXTERNAL] Work changed since filing"}, gradedOf(got)); diff != "" {
		t.Errorf("attacker graded (-want +got):\n%s", diff)
	}
	if got.WorkDigest != attacker.WorkSHA || len(reader.prompts) != calls {
		t.Errorf("attacker's result digest %s, %d model calls; want the committed %s and none", got.WorkDigest, len(reader.prompts)-calls, attacker.WorkSHA)
	}

	later := p.Run(context.Background(), Inputs{Task: task(guideRubric), Entry: entry(3, reworded), Earlier: []ledger.EntryView{attacker, victim}})
	if later.DuplicateOf != victim.ID {
		t.Errorf("a later reworded copy: DuplicateOf = %d, want the victim %d", later.DuplicateOf, victim.ID)
	}
}

// TestStoredWorkIsGradedWhenTheHostIsDown: bytes the work source holds under the
// committed digest are graded without any fetch, whether the host answers 503 or the
// validator has no fetcher at all, and the result carries the committed digest.
func TestStoredWorkIsGradedWhenTheHostIsDown(t *testing.T) {
	e := urlEntry(1, "https://w.example/note", shortNote)
	for _, fetcher := range []*pages{{errs: map[string]error{e.WorkURL: statusErr(503)}}, nil} {
		p := &Pipeline{Reader: answers(`{"rung": 4, "reason": "x"}`), Works: storeOf(shortNote)}
		if fetcher != nil {
			p.Fetcher = fetcher
		}
		got := p.Run(context.Background(), Inputs{Task: task(noteRubric), Entry: e})
		if diff := cmp.Diff(graded{Tier: 4, Score: 80, Passed: true}, gradedOf(got)); diff != "" {
			t.Errorf("graded (-want +got):\n%s", diff)
		}
		if got.WorkDigest != e.WorkSHA {
			t.Errorf("WorkDigest = %s, want the committed %s", got.WorkDigest, e.WorkSHA)
		}
		if fetcher != nil && fetcher.count[e.WorkURL] != 0 {
			t.Errorf("fetched %d times, want 0: the store holds the work", fetcher.count[e.WorkURL])
		}
	}
}

// TestTheCopyCheckComparesTheStoredBytes: when the work source holds what the attacker
// committed, the copy check and the attacker's own grading read the placeholder, never
// the page: the victim is no copy, and the attacker is graded on the placeholder (which
// breaks a mandatory criterion), not failed and not a copy.
func TestTheCopyCheckComparesTheStoredBytes(t *testing.T) {
	web := &pages{body: map[string]string{"https://w.example/guide": guide}}
	attacker := urlEntry(1, "https://w.example/guide", placeholder)
	p := &Pipeline{Reader: answers(`{"rung": 4, "reason": "x"}`), Fetcher: web, Works: storeOf(placeholder)}
	victim := p.Run(context.Background(), Inputs{Task: task(guideRubric), Entry: entry(2, guide), Earlier: []ledger.EntryView{attacker}})
	if victim.Disqualified || victim.DuplicateOf != 0 || victim.Similarity >= ledger.CopyThreshold {
		t.Errorf("victim graded %+v, similarity %d: want no copy", gradedOf(victim), victim.Similarity)
	}
	got := p.Run(context.Background(), Inputs{Task: task(guideRubric), Entry: attacker})
	if diff := cmp.Diff(graded{Disqualified: true}, gradedOf(got)); diff != "" || got.WorkDigest != attacker.WorkSHA {
		t.Errorf("attacker graded (-want +got):\n%s digest %s, want %s", diff, got.WorkDigest, attacker.WorkSHA)
	}
	if n := web.count["https://w.example/guide"]; n != 0 {
		t.Errorf("the page was fetched %d times, want 0", n)
	}
}

// TestAStoreAnsweringOtherBytesIsNotBelieved: bytes from the work source that do not
// hash to the digest asked for are ignored, and the URL is fetched and checked instead.
func TestAStoreAnsweringOtherBytesIsNotBelieved(t *testing.T) {
	e := urlEntry(1, "https://w.example/note", shortNote)
	lying := &workStore{works: map[string][]byte{e.WorkSHA: []byte(placeholder)}}
	for _, tc := range []struct {
		page, want string
	}{
		{shortNote, ""},
		{placeholder, "[EXTERNAL] Work changed since filing"},
	} {
		web := &pages{body: map[string]string{e.WorkURL: tc.page}}
		got := (&Pipeline{Reader: answers(`{"rung": 4, "reason": "x"}`), Fetcher: web, Works: sourceOnly{lying}}).Run(context.Background(), Inputs{Task: task(noteRubric), Entry: e})
		if got.Error != tc.want || web.count[e.WorkURL] != 1 {
			t.Errorf("page %.20q: error %q after %d fetches, want %q after 1", tc.page, got.Error, web.count[e.WorkURL], tc.want)
		}
	}
}

// sourceOnly is a work source that keeps nothing, whatever it wraps.
type sourceOnly struct{ grading.WorkSource }

// workStore is a WorkKeeper over bytes by digest.
type workStore struct {
	mu    sync.Mutex
	works map[string][]byte
}

func storeOf(works ...string) *workStore {
	s := &workStore{works: map[string][]byte{}}
	for _, w := range works {
		s.works[digest(w)] = []byte(w)
	}
	return s
}

func (s *workStore) Work(_ context.Context, sha string) ([]byte, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b, ok := s.works[sha]
	return b, ok
}

func (s *workStore) Keep(_ context.Context, b []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.works[digest(string(b))] = b
}

// TestVerifiedWorkIsKeptForLaterReads: bytes a validator fetched and found to match the
// committed digest are kept, so that when the page later changes (or goes away) the
// entry is still read as committed, and is still the original for the entries after it.
func TestVerifiedWorkIsKeptForLaterReads(t *testing.T) {
	web := &pages{body: map[string]string{"https://w.example/guide": guide}}
	original := urlEntry(1, "https://w.example/guide", guide)
	kept := storeOf()
	p := &Pipeline{Reader: answers(`{"rung": 4, "reason": "x"}`), Fetcher: web, Works: kept}
	if got := p.Run(context.Background(), Inputs{Task: task(guideRubric), Entry: original}); got.Error != "" || got.WorkDigest != original.WorkSHA {
		t.Fatalf("the original graded %+v", got)
	}
	if _, ok := kept.Work(context.Background(), original.WorkSHA); !ok {
		t.Fatal("the verified bytes were not kept")
	}
	web.body["https://w.example/guide"] = placeholder // the page changes after it was read
	copyOf := p.Run(context.Background(), Inputs{Task: task(guideRubric), Entry: entry(2, guide), Earlier: []ledger.EntryView{original}})
	if !copyOf.Disqualified || copyOf.DuplicateOf != 1 {
		t.Fatalf("a verbatim copy of the original after its page changed: %+v", gradedOf(copyOf))
	}
	other := &Pipeline{Reader: answers(`{"rung": 4, "reason": "x"}`), Fetcher: web, Works: storeOf()}
	if got := other.Run(context.Background(), Inputs{Task: task(guideRubric), Entry: original}); got.Error != "[EXTERNAL] Work changed since filing" {
		t.Fatalf("a validator that kept nothing reads the changed page: %q", got.Error)
	}
}

// page is a work page whose owner can change it at any time.
type page struct {
	mu   sync.Mutex
	body string
}

func (p *page) set(body string) {
	p.mu.Lock()
	p.body = body
	p.mu.Unlock()
}

func (p *page) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	defer p.mu.Unlock()
	w.Header().Set("Content-Type", "text/markdown; charset=utf-8")
	io.WriteString(w, p.body)
}

// workHost serves h over https on loopback, and returns its base URL and a real fetch
// client that trusts only its certificate and allows loopback, as a local fixture needs.
func workHost(t *testing.T, h http.Handler) (string, *fetch.Client) {
	t.Helper()
	srv := httptest.NewUnstartedServer(h)
	srv.Config.ErrorLog = log.New(io.Discard, "", 0)
	srv.StartTLS()
	t.Cleanup(srv.Close)
	roots := x509.NewCertPool()
	roots.AddCert(srv.Certificate())
	return srv.URL, fetch.New(fetch.Config{RootCAs: roots, AllowLoopback: true})
}
