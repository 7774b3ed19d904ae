package validator_test

import (
	"encoding/hex"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/validator"
)

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.TrimPrefix(s, "0x"))
	if err != nil {
		t.Fatalf("signature %q is not hex", s)
	}
	return b
}

// TestAnExpiredAttemptIsMovedOnByOneMember: DESIGN.md, "when ... the round times out,
// the round is discarded and a new attempt starts with the next leader". The leader's
// validator is down; once the deadline passes by the wall clock, exactly one present
// committee member (the first by address, staggered by RotateGrace) sends grade, and
// the next attempt settles.
func TestAnExpiredAttemptIsMovedOnByOneMember(t *testing.T) {
	a := newArena(t, 4, 1)
	ids := a.task(rubric, "strong work")
	a.grade(ids[0])
	var r ledger.RoundView
	a.engine.View(func(s *ledger.State) { r, _ = s.Round(1) })
	leader := r.Attempts[0].Leader
	// Only the leader's validator is absent: its worker never starts.
	present := slices.DeleteFunc(slices.Clone(a.validators), func(k *accountKey) bool { return k.Address() == leader })
	a.validators = present
	ws, stop := a.workers(honest(3, map[string]int{"strong": 4}), nil)

	waitFor(t, "three attestations on attempt 1", func() bool {
		a.engine.View(func(s *ledger.State) { r, _ = s.Round(1) })
		return len(r.Attempts[0].Attestations) == 3
	})
	if r.State != ledger.RoundOpen || r.Attempts[0].State != ledger.AttemptOpen {
		t.Fatalf("round %s attempt %s: without its leader the attempt must stay open", r.State, r.Attempts[0].State)
	}
	sorted := slices.SortedFunc(slices.Values(r.Committee), func(x, y ledger.Address) int { return strings.Compare(string(x[:]), string(y[:])) })
	first := slices.IndexFunc(sorted, func(x ledger.Address) bool { return x != leader })
	// Past the deadline by exactly first*RotateGrace + 1s: only the first present member may act.
	a.clock.Advance(time.Duration(a.terms.RoundTimeoutS+int64(first)+1) * time.Second)

	e := a.waitSettled(ids...)[0]
	stop()
	a.engine.View(func(s *ledger.State) { r, _ = s.Round(1) })
	if r.Attempts[0].State != ledger.AttemptTimedOut || e.State != ledger.EntryGraded || e.Current.Tier != 4 {
		t.Fatalf("attempt 1 %s, entry %s; want timed_out then graded at 4:%s", r.Attempts[0].State, e.State, a.describe(ids))
	}
	var rotations, refused int64
	for _, w := range ws {
		s := w.Stats()
		rotations += s.Rotations
		refused += s.Refused
		if s.Rotations > 0 && w.Address() != sorted[first] {
			t.Errorf("%s rotated; only the first present member by address (%s) should have", w.Address(), sorted[first])
		}
	}
	if rotations != 1 || refused != 0 {
		t.Fatalf("%d rotations and %d refusals; want exactly one grade and no storm", rotations, refused)
	}
}

// TestSubmissionsFromOneKeyNeverCollide: the brief, "serialize its submissions (one in
// flight per key) using State.NextNonce". Six rounds graded at once by workers running
// three pipelines each settle with no nonce ever refused.
func TestSubmissionsFromOneKeyNeverCollide(t *testing.T) {
	works := []string{"strong a", "strong b", "weak c", "weak d", "strong e", "poor f"}
	a := newArena(t, 4, len(works))
	ids := a.task(rubric, works...)
	ws, stop := a.workers(honest(4, map[string]int{"strong": 4, "weak": 2, "poor": 1}), func(i int, c *validator.Config) {
		c.Concurrency = 3
	})
	for _, id := range ids {
		a.grade(id)
	}
	views := a.waitSettled(ids...)
	stop()
	for _, e := range views {
		if e.State != ledger.EntryGraded {
			t.Fatalf("entry %d %s", e.ID, e.State)
		}
	}
	for _, w := range ws {
		if s := w.Stats(); s.Retries != 0 || s.Errors != 0 || s.InFlight != 0 {
			t.Errorf("worker %s: %+v; want no nonce retries, no errors, nothing left in flight", w.Address(), s)
		}
	}
}

// TestConcurrencyBoundsTheRunsInFlight: Config.Concurrency bounds one worker's pipeline
// runs; with a model that holds each call, no more than that many are ever in flight.
func TestConcurrencyBoundsTheRunsInFlight(t *testing.T) {
	works := []string{"a1", "a2", "a3", "a4", "a5"}
	a := newArena(t, 1, len(works))
	ids := a.task(rubric, works...)
	g := &gate{release: make(chan struct{})}
	ws, stop := a.workers([]grading.Model{g}, func(i int, c *validator.Config) { c.Concurrency = 2 })
	for _, id := range ids {
		a.grade(id)
	}
	waitFor(t, "two runs in flight", func() bool { return ws[0].Stats().InFlight == 2 })
	time.Sleep(100 * time.Millisecond) // room for a third run to start, if the bound leaked
	if n := ws[0].Stats().InFlight; n != 2 || g.peak.Load() > 2 {
		t.Fatalf("in flight %d, peak model calls %d; want the bound of 2", n, g.peak.Load())
	}
	close(g.release)
	a.waitSettled(ids...)
	stop()
}

func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// deaf is a Chain whose block subscriptions are closed at once, as the engine closes
// those of a subscriber it dropped.
type deaf struct{ soloChain }

func (deaf) Subscribe(int) (<-chan uint64, func()) {
	c := make(chan uint64)
	close(c)
	return c, func() {}
}

// TestAMissedNotificationNeverStallsAWorker: the brief, "a periodic poll tick so a
// missed notification never stalls it". Workers that never hear of a block still grade
// the round, from the poll alone.
func TestAMissedNotificationNeverStallsAWorker(t *testing.T) {
	a := newArena(t, 4, 1)
	ids := a.task(rubric, "strong work")
	a.workers(honest(4, map[string]int{"strong": 4}), func(i int, c *validator.Config) {
		c.Chain = deaf{soloChain{a.engine}}
	})
	a.grade(ids[0])
	if e := a.waitSettled(ids...)[0]; e.State != ledger.EntryGraded || e.Current.Tier != 4 {
		t.Fatalf("entry %s, want graded at 4", e.State)
	}
}

// dropsFirst is a Chain whose first block subscription is closed at once, as the
// engine closes that of a subscriber it dropped; the later ones work.
type dropsFirst struct {
	soloChain
	n *atomic.Int32
}

func (c dropsFirst) Subscribe(buf int) (<-chan uint64, func()) {
	if c.n.Add(1) == 1 {
		ch := make(chan uint64)
		close(ch)
		return ch, func() {}
	}
	return c.soloChain.Subscribe(buf)
}

// TestADroppedSubscriberSubscribesAgainAtOnce: a worker whose block subscription the
// engine closed subscribes again after a short backoff, not at its next poll tick: with
// the poll an hour long, the round opened afterwards is still graded.
func TestADroppedSubscriberSubscribesAgainAtOnce(t *testing.T) {
	a := newArena(t, 1, 1)
	ids := a.task(rubric, "strong work")
	var n atomic.Int32
	a.workers(honest(1, map[string]int{"strong": 4}), func(i int, c *validator.Config) {
		c.Chain = dropsFirst{soloChain{a.engine}, &n}
		c.Poll = time.Hour
	})
	waitFor(t, "a second subscription", func() bool { return n.Load() >= 2 })
	a.grade(ids[0])
	if e := a.waitSettled(ids...)[0]; e.State != ledger.EntryGraded || e.Current.Tier != 4 {
		t.Fatalf("entry %s, want graded at 4", e.State)
	}
}
