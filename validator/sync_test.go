package validator_test

import (
	"bytes"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/validator"
)

// syncing is a Chain that is a validator.Syncer: it reports catching up until behind
// is cleared, as a CometBFT node does while it block syncs.
type syncing struct {
	soloChain
	behind *atomic.Bool
}

func (c syncing) CatchingUp() bool { return c.behind.Load() }

// syncLog is a log buffer safe for concurrent writes.
type syncLog struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *syncLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *syncLog) count(msg string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Count(l.b.String(), "msg=\""+msg+"\"")
}

// TestAWorkerWaitsWhileItsChainCatchesUp: a validator whose node is still catching up
// grades from a stale state, so it may attest to attempts the network already closed.
// While the chain reports CatchingUp, no worker runs the pipeline or attests, though the
// round is open and many polls pass; once it turns false the round settles. Each worker
// logs once when it starts waiting and once when it stops.
func TestAWorkerWaitsWhileItsChainCatchesUp(t *testing.T) {
	a := newArena(t, 4, 1)
	ids := a.task(rubric, "strong work")
	behind := &atomic.Bool{}
	behind.Store(true)
	logs := &syncLog{}
	ws, stop := a.workers(honest(4, map[string]int{"strong": 4}), func(i int, c *validator.Config) {
		c.Chain = syncing{soloChain{a.engine}, behind}
		c.Logger = slog.New(slog.NewTextHandler(logs, nil))
	})
	a.grade(ids[0])
	time.Sleep(300 * time.Millisecond) // 15 polls of 20 ms, and the grade block
	var r ledger.RoundView
	a.engine.View(func(s *ledger.State) { r, _ = s.Round(1) })
	if n := len(r.Attempts[0].Attestations); n != 0 {
		t.Fatalf("%d attestations while the chain was catching up; want none", n)
	}
	for _, w := range ws {
		if s := w.Stats(); s.Runs != 0 || s.InFlight != 0 {
			t.Fatalf("worker %s ran while the chain was catching up: %+v", w.Address(), s)
		}
	}
	behind.Store(false)
	e := a.waitSettled(ids...)[0]
	stop()
	if e.State != ledger.EntryGraded || e.Current.Tier != 4 {
		t.Fatalf("entry %s, want graded at 4 once the chain caught up", e.State)
	}
	waiting, resumed := logs.count("chain catching up: waiting before grading"), logs.count("chain caught up: grading")
	if waiting != len(ws) || resumed != len(ws) {
		t.Errorf("logged waiting %d and caught up %d times; want once each per worker (%d)", waiting, resumed, len(ws))
	}
}
