package validator_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/grading/bounty"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/round"
	"github.com/arena/arena/validator"
)

// lockedChain holds one exclusive lock for the length of every View, so that a test can
// tell whether code runs under it.
type lockedChain struct {
	soloChain
	mu   sync.Mutex
	held atomic.Bool
}

func (c *lockedChain) View(fn func(*ledger.State)) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.held.Store(true)
	defer c.held.Store(false)
	c.soloChain.View(fn)
}

// watched wraps a Grader and records where its Freeze and its Jobs' Run are called.
type watched struct {
	grading.Grader
	chain        *lockedChain
	froze, ran   atomic.Int64
	freezeUnlock atomic.Int64 // Freeze calls made outside View
	runLocked    atomic.Int64 // Run calls made under View
}

func (w *watched) Freeze(s *ledger.State, r round.View) (grading.Job, bool) {
	w.froze.Add(1)
	if !w.chain.held.Load() {
		w.freezeUnlock.Add(1)
	}
	j, ok := w.Grader.Freeze(s, r)
	if !ok {
		return nil, false
	}
	return watchedJob{j, w}, true
}

type watchedJob struct {
	grading.Job
	w *watched
}

// Run takes the state lock itself before grading: were it called under View, the lock
// would not come.
func (j watchedJob) Run(ctx context.Context) grading.Attestation {
	j.w.ran.Add(1)
	got := make(chan struct{})
	go func() {
		j.w.chain.View(func(*ledger.State) {})
		close(got)
	}()
	select {
	case <-got:
	case <-time.After(5 * time.Second):
		j.w.runLocked.Add(1)
	}
	return j.Job.Run(ctx)
}

// TestGradingIOHappensOutsideTheStateLock: validator/doc.go, "everything a run needs
// is copied out into plain values before any IO starts". The worker asks the grader of
// the round's kind to freeze the inputs under Chain.View, and runs the job, where every
// fetch and model call happens, only after View has returned.
func TestGradingIOHappensOutsideTheStateLock(t *testing.T) {
	a := newArena(t, 1, 1)
	ids := a.task(rubric, "strong work, a short launch note")
	var w *watched
	_, stop := a.workers(honest(1, map[string]int{"strong": 4}), func(_ int, c *validator.Config) {
		chain := &lockedChain{soloChain: c.Chain.(soloChain)}
		w = &watched{Grader: c.Graders[bounty.Kind], chain: chain}
		c.Chain, c.Graders = chain, map[string]grading.Grader{bounty.Kind: w}
	})
	a.grade(ids[0])
	a.waitSettled(ids...)
	stop()
	if w.froze.Load() == 0 || w.ran.Load() == 0 {
		t.Fatalf("Freeze called %d times, Run %d; want both", w.froze.Load(), w.ran.Load())
	}
	if n := w.freezeUnlock.Load(); n != 0 {
		t.Errorf("Freeze called outside Chain.View %d times", n)
	}
	if n := w.runLocked.Load(); n != 0 {
		t.Errorf("Run called under Chain.View %d times", n)
	}
}
