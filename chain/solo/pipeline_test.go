package solo

import (
	"context"
	"testing"
	"time"

	"github.com/arena/arena/ledger"
)

// hangGuard bounds a wait that correct code ends at once, so that a regression fails
// the test instead of hanging it; it times nothing.
const hangGuard = time.Minute

type submitted struct {
	r   Receipt
	err error
}

func submitAsync(e *Engine, tx *ledger.Tx) <-chan submitted {
	out := make(chan submitted, 1)
	go func() {
		r, err := e.Submit(context.Background(), tx)
		out <- submitted{r, err}
	}()
	return out
}

// holdFirstCommit makes e report each block's height as it is applied and as its
// commit starts, and hold block 1's commit until resume is closed.
func holdFirstCommit(e *Engine) (committing, applied chan uint64, resume chan struct{}) {
	committing, applied, resume = make(chan uint64, 8), make(chan uint64, 8), make(chan struct{})
	e.beforeCommit = func(h uint64) {
		committing <- h
		if h == 1 {
			<-resume
		}
	}
	e.applied = func(h uint64) { applied <- h }
	return committing, applied, resume
}

// TestTheNextBlockIsAppliedWhileTheLastCommits: DESIGN, "acknowledged means durable",
// with the sequencer pipelined. While block 1's commit is held, a second transaction is
// admitted and applied in block 2; neither is acknowledged, nor does a View see either
// block, until its own block is committed; block 2 is committed after block 1.
func TestTheNextBlockIsAppliedWhileTheLastCommits(t *testing.T) {
	e := openEngine(t, Config{Path: tempPath(t)}, testTerms(t))
	committing, applied, resume := holdFirstCommit(e)
	a, b := newSigner(t), newSigner(t)

	first := submitAsync(e, a.faucet(t, 1, 1))
	if h := wait(t, applied, "block 1's transaction applied"); h != 1 {
		t.Fatalf("first transaction applied in block %d, want 1", h)
	}
	if h := wait(t, committing, "block 1's commit"); h != 1 {
		t.Fatalf("committing block %d, want 1", h)
	}
	second := submitAsync(e, b.faucet(t, 1, 2))
	if h := wait(t, applied, "block 2's transaction applied while block 1 commits"); h != 2 {
		t.Fatalf("second transaction applied in block %d, want 2", h)
	}
	viewed := make(chan uint64, 1)
	go e.View(func(s *ledger.State) { viewed <- s.Height() })
	select {
	case res := <-first:
		t.Fatalf("acknowledged before its block was committed: %+v", res)
	case res := <-second:
		t.Fatalf("acknowledged before its block was committed: %+v", res)
	case h := <-viewed:
		t.Fatalf("a View saw height %d while block 1 was not yet committed", h)
	default:
	}
	close(resume)

	for i, want := range []struct {
		ch     <-chan submitted
		height uint64
	}{{first, 1}, {second, 2}} {
		res := wait(t, want.ch, "an acknowledgement")
		if res.err != nil || res.r.Height != want.height || !res.r.Outcome.OK() {
			t.Errorf("transaction %d: %+v, %v; want applied at height %d", i+1, res.r, res.err, want.height)
		}
	}
	if h := wait(t, committing, "block 2's commit"); h != 2 {
		t.Errorf("then committing block %d, want 2", h)
	}
	h := wait(t, viewed, "the View")
	if head, err := e.Head(); err != nil || h > head {
		t.Errorf("a View saw height %d, the store's head is %d (%v): it saw a block not yet committed", h, head, err)
	}
}

// wait receives from ch, failing the test if nothing comes within hangGuard.
func wait[T any](t *testing.T, ch <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(hangGuard):
		t.Fatalf("waited %v for %s", hangGuard, what)
		panic("unreachable")
	}
}
