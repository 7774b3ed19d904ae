package tender

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/grading/prompt"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/tender"
	"github.com/arena/arena/reader/call"
	"github.com/arena/arena/reader/openai"
	"github.com/arena/arena/reader/readertest"
)

// modelServer is a model server on loopback that speaks the OpenAI chat completions
// wire format: it decodes every request as that format defines it, records it, and
// answers with the next text of its script, the last repeating.
type modelServer struct {
	t       *testing.T
	url     string
	mu      sync.Mutex
	answers []string
	sent    []readertest.Sent
}

func newModelServer(t *testing.T, answers ...string) *modelServer {
	m := &modelServer{t: t, answers: answers}
	srv := httptest.NewServer(http.HandlerFunc(m.serve))
	t.Cleanup(srv.Close)
	m.url = srv.URL + "/v1"
	return m
}

func (m *modelServer) serve(rw http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	if r.Method != http.MethodPost || r.URL.Path != readertest.OpenAI.Path {
		m.t.Errorf("%s %s, want POST %s", r.Method, r.URL.Path, readertest.OpenAI.Path)
		http.NotFound(rw, r)
		return
	}
	sent, err := readertest.OpenAI.Decode(body)
	if err != nil {
		m.t.Errorf("request does not follow the wire format: %v\n%s", err, body)
	}
	m.mu.Lock()
	m.sent = append(m.sent, sent)
	text := m.answers[min(len(m.sent), len(m.answers))-1]
	m.mu.Unlock()
	rw.Header().Set("Content-Type", "application/json")
	rw.Write(readertest.OpenAI.Answer(sent.Model, text))
}

// model returns an OpenAI backend on the server: one call, no retries.
func (m *modelServer) model() grading.Model {
	return openai.New(openai.Config{BaseURL: m.url, Model: "scorer-1", Policy: call.Policy{Attempts: 1}})
}

// last returns what the last request sent.
func (m *modelServer) last() readertest.Sent {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.sent) == 0 {
		m.t.Fatal("the model server was never called")
	}
	return m.sent[len(m.sent)-1]
}

// instant is a Model that answers at once with fixed text (or fails with err), in
// process: the model taken out of a test of what the pipeline does with its answer.
type instant struct {
	text string
	err  error
}

func (m *instant) Complete(_ context.Context, p prompt.Prompt) (string, ledger.Call, error) {
	if m.err != nil {
		return "", ledger.Call{}, m.err
	}
	return m.text, ledger.Call{Provider: "script", Model: "instant", Prompt: p.User, Response: m.text}, nil
}

// The tender every test scores against: a small website build with three criteria.
var criteria = []string{
	"Names at least two comparable sites the bidder built, with links.",
	"Gives a delivery plan with dated milestones.",
	"States a fixed price, or a capped rate with its cap.",
}

const proposal = "We built harbour.example and ferry.example in 2024 (links below). " +
	"Plan: design by 1 March, build by 1 April, launch 15 April. Fixed price: 18,000."

// scoring returns the round view of a first scoring of text against criteria.
func scoring(text string) ledger.TenderRoundView {
	return ledger.TenderRoundView{ID: 7, Kind: tender.Kind, Tender: 1, Bid: 3, Criteria: criteria, Proposal: text, State: "open"}
}

// rescoring returns the round view of an appeal's rescoring of text, with argument.
func rescoring(text, argument string) ledger.TenderRoundView {
	v := scoring(text)
	v.ID, v.Rescoring, v.Argument = 8, true, argument
	return v
}

// checking returns the round view of a scorability check of cs.
func checking(cs ...string) ledger.TenderRoundView {
	return ledger.TenderRoundView{ID: 9, Kind: tender.CheckKind, Check: 1, Criteria: cs, State: "open"}
}

// between returns the text of s between the "<tag>\n" and "\n</tag>" lines, and whether
// each appears exactly once.
func between(s, tag string) (string, bool) {
	open, end := "<"+tag+">\n", "\n</"+tag+">"
	if strings.Count(s, open) != 1 || strings.Count(s, end) != 1 {
		return "", false
	}
	i, j := strings.Index(s, open)+len(open), strings.Index(s, end)
	if j < i {
		return "", false
	}
	return s[i:j], true
}
