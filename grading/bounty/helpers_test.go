package bounty

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arena/arena/fetch"
	"github.com/arena/arena/grading/prompt"
	"github.com/arena/arena/ledger"
)

// scripted is a Model that answers from a script, in order, and records what it was sent.
// The last answer repeats once the script runs out.
type scripted struct {
	mu      sync.Mutex
	answers []string
	err     error
	prompts []prompt.Prompt
}

func answers(a ...string) *scripted { return &scripted{answers: a} }

func (s *scripted) Complete(_ context.Context, p prompt.Prompt) (string, ledger.Call, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.prompts = append(s.prompts, p)
	if s.err != nil {
		return "", ledger.Call{}, s.err
	}
	a := s.answers[min(len(s.prompts), len(s.answers))-1]
	return a, ledger.Call{Provider: "script", Model: "scripted-1", Prompt: p.User, Response: a,
		PromptSHA: digest(p.User), ResponseSHA: digest(a)}, nil
}

func (s *scripted) last() prompt.Prompt {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.prompts[len(s.prompts)-1]
}

func digest(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// pages is a Fetcher over fixed pages; a missing page answers 404. It counts fetches.
type pages struct {
	mu    sync.Mutex
	body  map[string]string
	errs  map[string]error
	count map[string]int
}

func (p *pages) Fetch(_ context.Context, url string) ([]byte, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.count == nil {
		p.count = map[string]int{}
	}
	p.count[url]++
	if err, ok := p.errs[url]; ok {
		return nil, err
	}
	b, ok := p.body[url]
	if !ok {
		return nil, statusErr(404)
	}
	return []byte(b), nil
}

// statusErr is what package fetch returns for a work host's answer other than 200.
func statusErr(code int) error { return &fetch.StatusError{Code: code} }

func task(rubric string) ledger.TaskView {
	return ledger.TaskView{ID: 1, Title: "Launch note for the Ledger Sync API",
		Spec: "Announce the Ledger Sync API to developers.", Rubric: rubric}
}

func entry(id ledger.EntryID, work string) ledger.EntryView {
	return ledger.EntryView{ID: id, Task: 1, Seq: int(id), Work: work}
}

// urlEntry is entry id filed as url, committing the sha256 of committed at filing.
func urlEntry(id ledger.EntryID, url, committed string) ledger.EntryView {
	return ledger.EntryView{ID: id, Task: 1, Seq: int(id), WorkURL: url, WorkSHA: digest(committed)}
}

func fixedNow() time.Time { return time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC) }

// graded is the part of a result consensus compares, for cmp.Diff.
type graded struct {
	Tier, Violations, Score int
	Passed, Disqualified    bool
	DuplicateOf             ledger.EntryID
	Error                   string
}

func gradedOf(r ledger.Result) graded {
	return graded{r.Tier, r.Violations, r.Score, r.Passed, r.Disqualified, r.DuplicateOf, r.Error}
}

func mustContain(t *testing.T, what, s, sub string) {
	t.Helper()
	if !strings.Contains(s, sub) {
		t.Errorf("%s does not contain %q:\n%s", what, sub, s)
	}
}
