package readertest

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"
)

// step is how the server answers one request: a status (0 or 200 answers text, or the
// provider's refusal when refusal is set), a Retry-After in seconds (0 for none), and a
// stall before answering.
type step struct {
	code       int
	retryAfter int
	stall      time.Duration
	text       string
	refusal    bool
}

// server is a local HTTP server speaking w's format. It answers requests by script,
// repeating the last step, and records every request body it decoded.
type server struct {
	t      *testing.T
	w      Wire
	srv    *httptest.Server
	mu     sync.Mutex
	script []step
	sent   []Sent
}

func newServer(t *testing.T, w Wire, script ...step) *server {
	s := &server{t: t, w: w, script: script}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.srv.Close)
	return s
}

func (s *server) serve(rw http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != s.w.Path {
		s.t.Errorf("%s request to %s %s, want POST %s", s.w.Name, r.Method, r.URL.Path, s.w.Path)
		http.NotFound(rw, r)
		return
	}
	body, _ := io.ReadAll(r.Body)
	sent, err := s.w.Decode(body)
	if err != nil {
		s.t.Errorf("%s request does not follow the wire format: %v\n%s", s.w.Name, err, body)
	}
	st := s.record(sent)
	if st.stall > 0 {
		select {
		case <-r.Context().Done():
			return
		case <-time.After(st.stall):
		}
	}
	rw.Header().Set("Content-Type", "application/json")
	if st.code != 0 && st.code != http.StatusOK {
		if st.retryAfter > 0 {
			rw.Header().Set("Retry-After", strconv.Itoa(st.retryAfter))
		}
		rw.WriteHeader(st.code)
		rw.Write(s.w.Failure(st.code))
		return
	}
	if st.refusal {
		rw.Write(s.w.Refusal(sent.Model))
		return
	}
	rw.Write(s.w.Answer(sent.Model, st.text))
}

func (s *server) record(sent Sent) step {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sent = append(s.sent, sent)
	return s.script[min(len(s.sent), len(s.script))-1]
}

// requests returns what was sent, in order.
func (s *server) requests() []Sent {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Sent(nil), s.sent...)
}
