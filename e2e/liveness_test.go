package e2e

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/arena/arena/account"
	"github.com/arena/arena/api"
	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/node"
)

// Bounds of the liveness test.
const (
	getBound    = 2 * time.Second  // every GET must answer within this
	settleBound = 45 * time.Second // the entry must settle within this
)

// TestADeadModelServerDelaysOnlyItsOwnRounds: DESIGN.md, "when ... the round times
// out, the round is discarded and a new attempt starts with the next leader", and the
// validator package's promise that "a model server that is down or slow delays only its
// own rounds". A node runs four validators; the leader of the first attempt reads
// through a model server that hangs, or whose port refuses connections, and the others
// use the builtin reader. The first attempt does not settle, a later one led by another
// validator does, and all the while GET /healthz and GET /v1/rounds/1 answer within 2s.
func TestADeadModelServerDelaysOnlyItsOwnRounds(t *testing.T) {
	for _, tc := range []struct {
		name       string
		server     func(t *testing.T) (baseURL string, calls *atomic.Int64) // calls nil: not counted
		runTimeout time.Duration                                            // the stalled validator's run timeout
		first      string                                                   // what becomes of the attempt it leads
	}{
		// Its run is cut at 2s and attests the classed failure: no agreement is possible.
		{"hangs", hangingServer, 2 * time.Second, ledger.AttemptDiscarded},
		{"refuses connections", refusingAddress, 2 * time.Second, ledger.AttemptDiscarded},
		// Its run outlasts the 3s round timeout: the attempt expires and is moved on.
		{"hangs past the deadline", hangingServer, time.Minute, ledger.AttemptTimedOut},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "arena")
			arena(t, "init", "--dev", "--dir", dir, "--name", "liveness", "--round-timeout", "3s")
			entry, leader := openRoundUngraded(t, dir)
			base, calls := tc.server(t)
			configureReader(t, dir, leader, "openai:"+base+"/v1#stalled", tc.runTimeout)

			p := startNode(t, dir)
			probe := startProbe(p.c)
			e := waitGraded(t, p.c, entry)
			lat := probe.stop()
			checkRotated(t, p.c, leader, tc.first)
			if calls != nil && calls.Load() == 0 {
				t.Errorf("the stalled leader never called its model server")
			}
			if lat.n < 10 || lat.max > getBound || lat.failed > 0 {
				t.Errorf("API probe: %d GETs, %d failed, slowest %s; want >= 10, none failed, all under %s", lat.n, lat.failed, lat.max, getBound)
			}
			t.Logf("entry %d %s at rung %d; %d GETs during grading, slowest %s", e.ID, e.State, e.Current.Tier, lat.n, lat.max)
			p.stop(t)
			arena(t, "verify", "--dir", dir)
		})
	}
}

// openRoundUngraded runs the arena without validators long enough to post a task, enter
// it and open a grading round, and returns the entry and the first attempt's leader.
func openRoundUngraded(t *testing.T, dir string) (ledger.EntryID, ledger.Address) {
	t.Helper()
	cfg, err := node.LoadConfig(dir)
	if err != nil {
		t.Fatal(err)
	}
	saved := cfg.Validators
	cfg.Validators = nil
	writeConfig(t, dir, cfg)
	p := startNode(t, dir)
	ctx := t.Context()
	sponsor, solver := newSender(t, p.c), newSender(t, p.c)
	for _, s := range []*client.Sender{sponsor, solver} {
		mustSend(t, s, ledger.Amount{}, ledger.Faucet{To: s.Address(), Amount: ledger.Ether(100)})
	}
	rc := mustSend(t, sponsor, ledger.Ether(50), ledger.PostTask{Title: "A haiku", Spec: "Write a haiku about ledgers.",
		Rubric: "It should be at most 3 lines.", ClosesInS: 3600})
	rc = mustSend(t, solver, ledger.Ether(5), ledger.Submit{Task: ledger.TaskID(rc.Outcome.Created),
		Work: "Blocks fall like snow\nEach one sealed by the last\nThe ledger is calm"})
	entry := ledger.EntryID(rc.Outcome.Created)
	rc = mustSend(t, solver, ledger.Amount{}, ledger.Grade{Entry: entry})
	r, err := p.c.Round(ctx, ledger.RoundID(rc.Outcome.Created))
	if err != nil || len(r.Attempts) != 1 {
		t.Fatalf("round after grade: %+v, %v", r, err)
	}
	p.stop(t)
	cfg.Validators = saved
	writeConfig(t, dir, cfg)
	return entry, r.Attempts[0].Leader
}

// configureReader points the reader of validator v at spec, with a short run timeout.
func configureReader(t *testing.T, dir string, v ledger.Address, spec string, runTimeout time.Duration) {
	t.Helper()
	cfg, err := node.LoadConfig(dir)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for i := range cfg.Validators {
		if cfg.Validators[i].Address == v {
			cfg.Validators[i].Reader, cfg.Validators[i].RunTimeout, found = spec, runTimeout, true
		}
	}
	if !found {
		t.Fatalf("leader %s is not a local validator", v)
	}
	writeConfig(t, dir, cfg)
}

func writeConfig(t *testing.T, dir string, cfg node.Config) {
	t.Helper()
	if err := node.WriteConfig(dir, cfg); err != nil {
		t.Fatal(err)
	}
}

func newSender(t *testing.T, c *client.Client) *client.Sender {
	t.Helper()
	k, err := account.Generate()
	if err != nil {
		t.Fatal(err)
	}
	return c.Sender(k)
}

func mustSend(t *testing.T, s *client.Sender, v ledger.Amount, b ledger.Body) api.Receipt {
	t.Helper()
	rc, err := s.Send(t.Context(), v, b)
	if err != nil {
		t.Fatalf("send %s: %v", b.Kind(), err)
	}
	return rc
}

// hangingServer is a model server that accepts every request and never answers until
// the test ends.
func hangingServer(t *testing.T) (string, *atomic.Int64) {
	var calls atomic.Int64
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(release) }) // runs first: let the handlers return
	return srv.URL, &calls
}

// refusingAddress is a loopback address on which nothing listens any more; it counts
// no calls.
func refusingAddress(t *testing.T) (string, *atomic.Int64) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return "http://" + addr, nil
}

// waitGraded polls the entry until it is graded, within settleBound.
func waitGraded(t *testing.T, c *client.Client, id ledger.EntryID) ledger.EntryView {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), settleBound)
	defer cancel()
	for {
		e, err := c.Entry(ctx, id)
		if err == nil && e.State == ledger.EntryGraded {
			return e
		}
		if ctx.Err() != nil {
			t.Fatalf("entry %d not graded within %s: %+v, %v", id, settleBound, e, err)
		}
		pause(ctx, 100*time.Millisecond)
	}
}

// checkRotated checks that round 1's first attempt, led by the stalled validator, ended
// in state first, and that the attempt that settled had another leader.
func checkRotated(t *testing.T, c *client.Client, stalled ledger.Address, first string) {
	t.Helper()
	r, err := c.Round(t.Context(), 1)
	if err != nil {
		t.Fatal(err)
	}
	a1, last := r.Attempts[0], r.Attempts[len(r.Attempts)-1]
	if r.State != ledger.RoundSettled || len(r.Attempts) < 2 || a1.Leader != stalled ||
		a1.State != first || last.State != ledger.AttemptSettled || last.Leader == stalled {
		t.Errorf("round 1 %s with attempts %+v; want attempt 1 led by %s %s and a later one settled by another leader", r.State, r.Attempts, stalled, first)
	}
	for _, a := range r.Attempts {
		t.Logf("attempt %d led by %s: %s, %d attestations", a.Attempt, a.Leader, a.State, len(a.Attestations))
	}
}

// probe GETs /healthz and /v1/rounds/1 in a loop and keeps their latencies.
type probe struct {
	cancel context.CancelFunc
	wg     sync.WaitGroup
	lat    latencies
}

type latencies struct {
	n, failed int
	max       time.Duration
}

func startProbe(c *client.Client) *probe {
	ctx, cancel := context.WithCancel(context.Background())
	p := &probe{cancel: cancel}
	p.wg.Go(func() {
		for ctx.Err() == nil {
			p.timed(ctx, func(ctx context.Context) error { _, err := c.Health(ctx); return err })
			p.timed(ctx, func(ctx context.Context) error { _, err := c.Round(ctx, 1); return err })
			pause(ctx, 50*time.Millisecond)
		}
	})
	return p
}

// timed runs one GET, bounded by twice getBound so that a stall shows as a failure.
func (p *probe) timed(ctx context.Context, get func(context.Context) error) {
	ctx, cancel := context.WithTimeout(ctx, 2*getBound)
	defer cancel()
	start := time.Now()
	err := get(ctx)
	if errors.Is(ctx.Err(), context.Canceled) {
		return // the probe was stopped mid-request
	}
	p.lat.n++
	p.lat.max = max(p.lat.max, time.Since(start))
	if err != nil {
		p.lat.failed++
	}
}

// stop ends the probe and returns what it measured.
func (p *probe) stop() latencies {
	p.cancel()
	p.wg.Wait()
	return p.lat
}
