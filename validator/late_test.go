package validator_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/reader/call"
	"github.com/arena/arena/reader/openai"
	"github.com/arena/arena/validator"
)

// failingServer is a model server that holds every request until release closes and
// then answers HTTP 500; cancelled is closed when a held request's client gave up.
type failingServer struct {
	release, cancelled chan struct{}
	url                string
}

func newFailingServer(t *testing.T) *failingServer {
	f := &failingServer{release: make(chan struct{}), cancelled: make(chan struct{})}
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body) // the server notices a client that gives up only once the body is read
		select {
		case <-f.release:
			http.Error(rw, `{"error": {"message": "model crashed"}}`, http.StatusInternalServerError)
		case <-r.Context().Done():
			select {
			case <-f.cancelled:
			default:
				close(f.cancelled)
			}
		}
	}))
	t.Cleanup(func() {
		select {
		case <-f.release:
		default:
			close(f.release)
		}
		srv.Close()
	})
	f.url = srv.URL + "/v1"
	return f
}

// lateArena grades one strong entry with four workers, the first member who does not
// lead attempt 1 reading through srv (one call, no retries); it returns the arena, the
// entry and the slow member's worker.
func lateArena(t *testing.T, srv *failingServer) (*arena, ledger.EntryID, *validator.Worker) {
	a := newArena(t, 4, 1)
	ids := a.task(rubric, "strong work, a short launch note")
	a.grade(ids[0])
	var r ledger.RoundView
	a.engine.View(func(s *ledger.State) { r, _ = s.Round(1) })
	slow := slices.IndexFunc(a.validators, func(k *accountKey) bool { return k.Address() != r.Attempts[0].Leader })
	models := honest(4, map[string]int{"strong": 4})
	models[slow] = openai.New(openai.Config{BaseURL: srv.url, Model: "m", Policy: call.Policy{Attempts: 1}})
	ws, _ := a.workers(models, nil)
	e := a.waitSettled(ids[0])[0]
	if e.State != ledger.EntryGraded || e.Current.Tier != 4 {
		t.Fatalf("entry %s; want graded at 4 by the three others:%s", e.State, a.describe(ids))
	}
	return a, ids[0], ws[slow]
}

// TestALateFailureIsOnTheRecord: a committee member whose model server answers HTTP
// 500 only after the others settled the attempt still attests its classed failure
// while the attempt's deadline has not passed; the ledger records it late, and the
// grade lists it among those who failed, with its failure text.
func TestALateFailureIsOnTheRecord(t *testing.T) {
	srv := newFailingServer(t)
	a, id, w := lateArena(t, srv)
	addr := w.Address()
	close(srv.release)
	waitFor(t, "the slow member's late attestation", func() bool {
		return slices.Contains(a.entry(id).Current.Failed, addr)
	})
	g := a.entry(id).Current
	if slices.Contains(g.Agreed, addr) || slices.Contains(g.Disagreed, addr) {
		t.Fatalf("grade agreed %v disagreed %v; the failed member is listed apart", g.Agreed, g.Disagreed)
	}
	var r ledger.RoundView
	a.engine.View(func(s *ledger.State) { r, _ = s.Round(g.Round) })
	at := r.Attempts[g.Attempt-1].Attestations
	i := slices.IndexFunc(at, func(x ledger.Attestation) bool { return x.Validator == addr })
	if i < 0 || !at[i].Late || at[i].Agrees || at[i].Result.Error != "[TRANSIENT] Model unavailable" {
		t.Fatalf("the slow member's attestation %+v; want late, not agreeing, [TRANSIENT] Model unavailable", at[i])
	}
	// The ledger shows the attestation before the worker's send returns and counts it.
	waitFor(t, "the slow worker to count its attestation", func() bool { return w.Stats().InFlight == 0 })
	if s := w.Stats(); s.Attested != 1 || s.Refused != 0 || s.Late != 0 {
		t.Fatalf("slow worker stats %+v; want its one attestation accepted, nothing refused or dropped", s)
	}
}

// TestNothingIsSentPastTheDeadline: a run still going when the attempt's deadline
// passes by the arena's clock is cancelled and sends nothing, so the ledger refuses
// nothing and the record holds no attestation of it.
func TestNothingIsSentPastTheDeadline(t *testing.T) {
	srv := newFailingServer(t)
	a, id, w := lateArena(t, srv)
	a.clock.Advance(time.Duration(a.terms.RoundTimeoutS+1) * time.Second)
	select {
	case <-srv.cancelled:
	case <-time.After(20 * time.Second):
		t.Fatal("the run past its deadline was never cancelled")
	}
	close(srv.release)
	waitFor(t, "the slow worker to finish its run", func() bool { return w.Stats().InFlight == 0 })
	if f := failures(a, []ledger.EntryID{id}, w.Address()); len(f) != 0 {
		t.Fatalf("the slow member attested %q past the deadline", f)
	}
	if s := w.Stats(); s.Attested != 0 || s.Refused != 0 || s.Errors != 0 {
		t.Fatalf("slow worker stats %+v; want nothing sent", s)
	}
}
