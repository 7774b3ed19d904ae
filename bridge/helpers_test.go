package bridge_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/bridge"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// amountEq compares amounts by value; Amount hides its representation.
var amountEq = cmp.Comparer(func(a, b ledger.Amount) bool { return a.Eq(b) })

// fakeSink records what it is given and answers with fail(n) for the n-th call (from 1).
type fakeSink struct {
	name   string
	accept func(bridge.Award) bool
	fail   func(n int) error
	block  bool // wait for the attempt's context to end, then fail

	mu    sync.Mutex
	calls []bridge.Award
	ok    []string // ids delivered successfully, in order
}

func (s *fakeSink) Name() string { return s.name }

func (s *fakeSink) Accepts(a bridge.Award) bool { return s.accept == nil || s.accept(a) }

func (s *fakeSink) Deliver(ctx context.Context, a bridge.Award) (bridge.Receipt, error) {
	s.mu.Lock()
	s.calls = append(s.calls, a)
	n := len(s.calls)
	s.mu.Unlock()
	if s.block {
		<-ctx.Done()
		return bridge.Receipt{}, fmt.Errorf("hung: %w", ctx.Err())
	}
	if s.fail != nil {
		if err := s.fail(n); err != nil {
			return bridge.Receipt{HTTPStatus: 503}, err
		}
	}
	s.mu.Lock()
	s.ok = append(s.ok, a.ID)
	s.mu.Unlock()
	return bridge.Receipt{HTTPStatus: 200}, nil
}

func (s *fakeSink) delivered() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string{}, s.ok...)
}

func (s *fakeSink) attempts() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.calls)
}

func wonOnly(a bridge.Award) bool { return !a.Voided }

// stepClock is a fake clock whose After moves time forward by d at once and fires a
// millisecond later in real time, so that waits cost nothing and loops cannot spin hot.
type stepClock struct {
	mu  sync.Mutex
	now time.Time
}

func newStepClock() *stepClock { return &stepClock{now: time.UnixMilli(1_800_000_000_000).UTC()} }

func (c *stepClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *stepClock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	c.now = c.now.Add(d)
	t := c.now
	c.mu.Unlock()
	ch := make(chan time.Time, 1)
	time.AfterFunc(time.Millisecond, func() { ch <- t })
	return ch
}

// start runs r until the test ends, and fails the test if Run returns an error.
func start(t *testing.T, r *bridge.Relayer) (stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- r.Run(ctx) }()
	var once sync.Once
	stop = func() {
		once.Do(func() {
			cancel()
			select {
			case err := <-done:
				if err != nil {
					t.Errorf("Run: %v", err)
				}
			case <-time.After(10 * time.Second):
				t.Error("Run did not return within 10s of its context ending")
			}
		})
	}
	t.Cleanup(stop)
	return stop
}

// eventually polls cond every 5ms until it holds, failing the test after limit.
func eventually(t *testing.T, limit time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("after %s: %s", limit, what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// deliveries returns every delivery row of db.
func deliveries(t *testing.T, db *store.DB) []store.Delivery {
	t.Helper()
	ds, err := db.Deliveries()
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// delivered reports whether db records n deliveries and all of them succeeded.
func delivered(t *testing.T, db *store.DB, n int) bool {
	ds := deliveries(t, db)
	if len(ds) != n {
		return false
	}
	for _, d := range ds {
		if !d.Delivered() {
			return false
		}
	}
	return true
}

var errDown = errors.New("receiver down")
