package bridge_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/bridge"
	"github.com/arena/arena/bridge/internal/solotest"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// TestEachAwardReachesEachSinkThatAcceptsIt: the brief, "delivers each event at least
// once to each configured sink and records every delivery attempt and success". Awards
// made while the relayer runs reach every sink that accepts them, in log order, and the
// store records each delivery with its attempt and answer.
func TestEachAwardReachesEachSinkThatAcceptsIt(t *testing.T) {
	a := solotest.Open(t, nil)
	all := &fakeSink{name: "all"}
	won := &fakeSink{name: "won-only", accept: wonOnly}
	r, err := bridge.New(a.DB(), bridge.Config{Sinks: []bridge.Sink{all, won}, Blocks: a.Blocks(), Poll: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	start(t, r)
	t1, _ := a.Won("alice", 5)
	t2 := a.Voided()
	t3, _ := a.Won("carol", 3)
	ids := []string{bridge.EventID(solotest.Chain, store.BountyKey(t1)), bridge.EventID(solotest.Chain, store.BountyKey(t2)), bridge.EventID(solotest.Chain, store.BountyKey(t3))}
	eventually(t, 10*time.Second, "every delivery recorded as delivered", func() bool { return delivered(t, a.DB(), 5) })
	if diff := cmp.Diff(ids, all.delivered()); diff != "" {
		t.Errorf("sink all (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{ids[0], ids[2]}, won.delivered()); diff != "" {
		t.Errorf("sink won-only (-want +got):\n%s", diff)
	}
	for _, d := range deliveries(t, a.DB()) {
		if d.Attempts != 1 || d.HTTPStatus != 200 || d.LastError != "" || d.DeliveredAt.Before(d.EnqueuedAt) {
			t.Errorf("delivery %s to %s: %+v", d.Event, d.Sink, d)
		}
	}
}

// TestAFailedDeliveryIsRetriedOnTheBackoffSchedule: the brief, "exponential backoff on
// failure (bounded, deterministic delays, injectable sleep/clock for tests)". Every
// failed attempt is recorded with its error and a retry due exactly Backoff.Delay(n)
// later; the attempt after it runs no earlier; the first success ends the delivery.
func TestAFailedDeliveryIsRetriedOnTheBackoffSchedule(t *testing.T) {
	a := solotest.Open(t, nil)
	task, _ := a.Won("alice", 4)
	clock := newStepClock()
	const failures = 6
	s := &fakeSink{name: "flaky", fail: func(n int) error {
		if n <= failures {
			return errDown
		}
		return nil
	}}
	backoff := bridge.Backoff{Base: time.Second, Max: 8 * time.Second}
	r, err := bridge.New(a.DB(), bridge.Config{Sinks: []bridge.Sink{s}, Backoff: backoff, Clock: clock, Poll: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	stop := start(t, r)
	eventually(t, 10*time.Second, "the delivery succeeded", func() bool { return delivered(t, a.DB(), 1) })
	stop()
	id := bridge.EventID(solotest.Chain, store.BountyKey(task))
	at, err := a.DB().Attempts(id, s.Name())
	if err != nil {
		t.Fatal(err)
	}
	if len(at) != failures+1 || s.attempts() != failures+1 {
		t.Fatalf("%d attempts recorded, %d made; want %d", len(at), s.attempts(), failures+1)
	}
	for i, x := range at[:failures] {
		if x.N != i+1 || x.Err != errDown.Error() || x.Next.Sub(x.At) != backoff.Delay(i+1) {
			t.Errorf("attempt %d: %+v; want error %q and retry after %s", i+1, x, errDown, backoff.Delay(i+1))
		}
		if next := at[i+1]; next.At.Before(x.Next) {
			t.Errorf("attempt %d ran at %s, before its retry time %s", next.N, next.At, x.Next)
		}
	}
	if last := at[failures]; last.Err != "" || !last.Next.IsZero() {
		t.Errorf("last attempt: %+v, want a success", last)
	}
	if got := deliveries(t, a.DB())[0]; got.Attempts != failures+1 || got.DeliveredAt != at[failures].At {
		t.Errorf("delivery: %+v", got)
	}
}

// TestARestartResumesWhatWasNotDelivered: the brief, "surviving restarts (on restart it
// resumes undelivered events)". A relayer stopped while a sink was failing leaves the
// delivery due; a new relayer over the same file delivers it, numbering its attempts
// after the old ones, and delivers nothing that had already crossed.
func TestARestartResumesWhatWasNotDelivered(t *testing.T) {
	a := solotest.Open(t, nil)
	first, _ := a.Won("alice", 4)
	down := &fakeSink{name: "hook", fail: func(n int) error {
		if n == 1 {
			return nil // the first award crosses before the receiver goes down
		}
		return errDown
	}}
	cfg := bridge.Config{Sinks: []bridge.Sink{down}, Blocks: a.Blocks(), Backoff: bridge.Backoff{Base: 5 * time.Millisecond, Max: 10 * time.Millisecond}, Poll: time.Hour}
	r1, err := bridge.New(a.DB(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	stop := start(t, r1)
	eventually(t, 10*time.Second, "the first award delivered", func() bool { return delivered(t, a.DB(), 1) })
	second, _ := a.Won("bob", 3)
	secondID := bridge.EventID(solotest.Chain, store.BountyKey(second))
	eventually(t, 10*time.Second, "three failed attempts on the second award", func() bool {
		at, err := a.DB().Attempts(secondID, "hook")
		return err == nil && len(at) >= 3
	})
	stop()
	before, err := a.DB().Attempts(secondID, "hook")
	if err != nil {
		t.Fatal(err)
	}
	up := &fakeSink{name: "hook"}
	cfg.Sinks = []bridge.Sink{up}
	r2, err := bridge.New(a.DB(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	start(t, r2)
	eventually(t, 10*time.Second, "the second award delivered after the restart", func() bool { return delivered(t, a.DB(), 2) })
	if diff := cmp.Diff([]string{secondID}, up.delivered()); diff != "" {
		t.Errorf("after the restart (-want +got):\n%s", diff)
	}
	after, err := a.DB().Attempts(secondID, "hook")
	if err != nil {
		t.Fatal(err)
	}
	if len(after) != len(before)+1 || after[len(before)].N != len(before)+1 || after[len(before)].Err != "" {
		t.Errorf("attempts after the restart: %+v (before: %d)", after, len(before))
	}
	if got := down.delivered(); !slices.Equal(got, []string{bridge.EventID(solotest.Chain, store.BountyKey(first))}) {
		t.Errorf("before the restart delivered %v", got)
	}
}

// TestAHungSinkBlocksNeitherTheEngineNorAnotherSink: the brief, "never blocking the
// ledger or the engine's sequencer". While one sink hangs on every attempt, blocks keep
// committing, awards keep being made final and the other sink receives them.
func TestAHungSinkBlocksNeitherTheEngineNorAnotherSink(t *testing.T) {
	a := solotest.Open(t, nil)
	hung := &fakeSink{name: "hung", block: true}
	fine := &fakeSink{name: "fine"}
	r, err := bridge.New(a.DB(), bridge.Config{Sinks: []bridge.Sink{hung, fine}, Blocks: a.Blocks(),
		AttemptTimeout: time.Hour, Poll: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	start(t, r)
	var tasks []ledger.TaskID
	begun := time.Now()
	for _, solver := range solotest.Solvers {
		task, _ := a.Won(solver, 5)
		tasks = append(tasks, task)
	}
	elapsed := time.Since(begun)
	eventually(t, 10*time.Second, "the working sink received every award", func() bool { return len(fine.delivered()) == 3 })
	if hung.attempts() != 1 {
		t.Errorf("the hung sink was called %d times, want once (its attempt never ends)", hung.attempts())
	}
	for _, task := range tasks {
		if v := a.Task(task); v.State != ledger.TaskAwarded {
			t.Errorf("task %d is %s, want awarded", task, v.State)
		}
	}
	t.Logf("3 contests (18 blocks) committed in %s beside a hung sink", elapsed)
}

// TestNewRefusesSinksItCannotTellApart: a sink's name keys its deliveries, so two sinks
// with one name, or a sink without one, are refused by their exact messages.
func TestNewRefusesSinksItCannotTellApart(t *testing.T) {
	a := solotest.Open(t, nil)
	for _, tc := range []struct {
		sinks []bridge.Sink
		want  string
	}{
		{[]bridge.Sink{&fakeSink{name: "x"}, &fakeSink{name: "x"}}, `relayer: two sinks are named "x"`},
		{[]bridge.Sink{&fakeSink{name: ""}}, "relayer: a sink has no name"},
	} {
		if _, err := bridge.New(a.DB(), bridge.Config{Sinks: tc.sinks}); err == nil || err.Error() != tc.want {
			t.Errorf("New: got %v, want %q", err, tc.want)
		}
	}
}

// TestRunRunsOnce: of two concurrent calls of Run, one is refused at once with
// ErrRunning and the other runs until its context ends, then returns nil.
func TestRunRunsOnce(t *testing.T) {
	a := solotest.Open(t, nil)
	r, err := bridge.New(a.DB(), bridge.Config{Poll: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	results := make(chan error, 2)
	for range 2 {
		go func() { results <- r.Run(ctx) }()
	}
	select {
	case err := <-results:
		if !errors.Is(err, bridge.ErrRunning) {
			t.Errorf("first Run to return: %v, want ErrRunning", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("neither Run returned")
	}
	cancel()
	select {
	case err := <-results:
		if err != nil {
			t.Errorf("the running Run returned %v after its context ended", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return after its context ended")
	}
}

// TestNewNeedsFoundingTerms: a store that was never founded has no chain to name events.
func TestNewNeedsFoundingTerms(t *testing.T) {
	db, err := store.Open(t.TempDir() + "/empty.db")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	const want = "relayer: the store holds no founding terms"
	if _, err := bridge.New(db, bridge.Config{}); err == nil || err.Error() != want {
		t.Errorf("New: got %v, want %q", err, want)
	}
}

// TestStoppingIsNotAFailedDelivery: an attempt cut short because the relayer is stopping
// was not refused by the sink, so it is not recorded: it neither counts as a failure nor
// pushes the next try back by a backoff. The next run delivers it.
func TestStoppingIsNotAFailedDelivery(t *testing.T) {
	a := solotest.Open(t, nil)
	hung := &fakeSink{name: "hook", block: true}
	r, err := bridge.New(a.DB(), bridge.Config{Sinks: []bridge.Sink{hung}, Blocks: a.Blocks(),
		AttemptTimeout: time.Hour, Poll: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	stop := start(t, r)
	a.Won("alice", 4)
	eventually(t, 10*time.Second, "the sink was called", func() bool { return hung.attempts() == 1 })
	stop()
	ds, err := a.DB().Deliveries()
	if err != nil {
		t.Fatal(err)
	}
	if len(ds) != 1 || ds[0].Attempts != 0 || ds[0].LastError != "" {
		t.Fatalf("after stopping mid-attempt the deliveries are %+v, want one with no attempt recorded", ds)
	}

	up := &fakeSink{name: "hook"}
	r2, err := bridge.New(a.DB(), bridge.Config{Sinks: []bridge.Sink{up}, Blocks: a.Blocks(), Poll: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	start(t, r2)
	eventually(t, 10*time.Second, "the next run delivered the award", func() bool { return len(up.delivered()) == 1 })
}
