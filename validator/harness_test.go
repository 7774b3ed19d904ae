package validator_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/arena/arena/account"
	"github.com/arena/arena/chain/solo"
	"github.com/arena/arena/grading"
	"github.com/arena/arena/grading/bounty"
	"github.com/arena/arena/grading/prompt"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/validator"
)

// soloChain adapts the solo engine to validator.Chain, as package node does.
type soloChain struct{ e *solo.Engine }

func (c soloChain) View(fn func(*ledger.State)) { c.e.View(fn) }

func (c soloChain) Submit(ctx context.Context, tx *ledger.Tx) (ledger.Outcome, error) {
	r, err := c.e.Submit(ctx, tx)
	return r.Outcome, err
}

// Apply submits tx, so that ledgertest's driver can send the contest's transactions.
func (c soloChain) Apply(tx *ledger.Tx) (ledger.Outcome, error) {
	return c.Submit(context.Background(), tx)
}

func (c soloChain) Subscribe(buf int) (<-chan uint64, func()) {
	in, stop := c.e.Subscribe(buf)
	out := make(chan uint64, buf)
	go func() {
		defer close(out)
		for b := range in {
			select {
			case out <- b.Height:
			default:
			}
		}
	}()
	return out, stop
}

// clock is a settable wall clock shared by the engine and the workers.
type clock struct{ t atomic.Int64 }

func newClock() *clock {
	c := &clock{}
	c.t.Store(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).UnixNano())
	return c
}

func (c *clock) Now() time.Time          { return time.Unix(0, c.t.Load()) }
func (c *clock) Advance(d time.Duration) { c.t.Add(int64(d)) }

// arena is a real solo engine on a SQLite file. The validators' keys are ledgertest's
// named keys v1..vN, and the sponsor's and solvers' transactions go through
// ledgertest's driver.
type arena struct {
	t          testing.TB
	engine     *solo.Engine
	clock      *clock
	contest    *ledgertest.Contest
	validators []*account.Key
	solvers    []string
	terms      ledger.Terms
}

func newArena(t testing.TB, validators, solvers int) *arena {
	t.Helper()
	return newArenaWith(t, validators, solvers, nil)
}

// newArenaWith is newArena with the terms changed by tune before the arena opens.
func newArenaWith(t testing.TB, validators, solvers int, tune func(*ledger.Terms)) *arena {
	t.Helper()
	a := &arena{t: t, clock: newClock()}
	a.terms = ledger.Terms{
		Chain: "arena-test", Name: "test", Symbol: "GEN",
		EntryBond: ledger.Ether(5), AppealBond: ledger.Ether(20), AppealWindowS: 3600, GradingWindowS: 86400,
		Attempts: 3, RoundTimeoutS: 60,
		Genesis: []ledger.Allocation{{Address: ledgertest.Addr("sponsor"), Amount: ledger.Ether(1_000_000)}},
	}
	treasury := ledgertest.Addr("treasury")
	a.terms.Treasury = &treasury // so that the arena runs tenders
	for i := range validators {
		k := ledgertest.Key(fmt.Sprintf("v%d", i+1))
		a.validators = append(a.validators, k)
		a.terms.Validators = append(a.terms.Validators, k.Address())
	}
	for i := range solvers {
		name := fmt.Sprintf("solver%d", i+1)
		a.solvers = append(a.solvers, name)
		a.terms.Genesis = append(a.terms.Genesis, ledger.Allocation{Address: ledgertest.Addr(name), Amount: ledger.Ether(10_000)})
	}
	if tune != nil {
		tune(&a.terms)
	}
	e, err := solo.Open(solo.Config{Path: filepath.Join(t.TempDir(), "arena.db"), Now: a.clock.Now}, &a.terms)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	a.engine = e
	a.contest = ledgertest.Drive(t, soloChain{e})
	return a
}

// task posts a task and enters one work per solver; it returns the entry ids.
func (a *arena) task(rubric string, works ...string) []ledger.EntryID {
	a.t.Helper()
	out := a.contest.Do("sponsor", ledger.Ether(100), ledger.PostTask{
		Title: "Launch note", Spec: "Write a launch note for the Settlement API.", Rubric: rubric, ClosesInS: 3600,
	})
	task := ledger.TaskID(out.Created)
	var ids []ledger.EntryID
	for i, w := range works {
		out := a.contest.Do(a.solvers[i], a.terms.EntryBond, ledger.Submit{Task: task, Work: w})
		ids = append(ids, ledger.EntryID(out.Created))
	}
	return ids
}

// grade opens a round on e.
func (a *arena) grade(e ledger.EntryID) {
	a.contest.Do("sponsor", ledger.Amount{}, ledger.Grade{Entry: e})
}

// entry returns e's view.
func (a *arena) entry(e ledger.EntryID) ledger.EntryView {
	var v ledger.EntryView
	a.engine.View(func(s *ledger.State) { v, _ = s.Entry(e) })
	return v
}

// waitSettled waits until every entry has left the grading states, and returns them.
func (a *arena) waitSettled(ids ...ledger.EntryID) []ledger.EntryView {
	a.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		var views []ledger.EntryView
		done := true
		for _, id := range ids {
			v := a.entry(id)
			views = append(views, v)
			if v.State == ledger.EntryGrading || v.State == ledger.EntryPending || v.State == ledger.EntryAppealed {
				done = false
			}
		}
		if done {
			return views
		}
		if time.Now().After(deadline) {
			a.t.Fatalf("entries not settled after 20s: %s", a.describe(ids))
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func (a *arena) describe(ids []ledger.EntryID) string {
	var b strings.Builder
	a.engine.View(func(s *ledger.State) {
		for _, id := range ids {
			e, _ := s.Entry(id)
			fmt.Fprintf(&b, "\n entry %d %s", id, e.State)
			for _, rid := range e.Rounds {
				r, _ := s.Round(rid)
				for _, at := range r.Attempts {
					fmt.Fprintf(&b, "\n  round %d attempt %d %s leader %s:", r.ID, at.Attempt, at.State, at.Leader)
					for _, x := range at.Attestations {
						fmt.Fprintf(&b, " [%s tier=%d err=%q agrees=%v]", x.Validator.String()[:8], x.Result.Tier, x.Result.Error, x.Agrees)
					}
				}
			}
		}
	})
	return b.String()
}

// workers starts one worker per validator key, each with its own model; it returns them
// and a function that stops them and waits.
func (a *arena) workers(models []grading.Model, tune func(i int, c *validator.Config)) ([]*validator.Worker, func()) {
	a.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	var ws []*validator.Worker
	for i, k := range a.validators {
		cfg := validator.Config{
			Key: k, Chain: soloChain{a.engine},
			Graders: map[string]grading.Grader{
				bounty.Kind: &bounty.Pipeline{Reader: models[i], Compiler: models[i], Fetcher: noFetch{}, Now: a.clock.Now},
			},
			RunTimeout:  5 * time.Second,
			Poll:        20 * time.Millisecond,
			RotateGrace: time.Second,
			Now:         a.clock.Now,
			Logger:      slog.New(slog.DiscardHandler),
		}
		if tune != nil {
			tune(i, &cfg)
		}
		w := validator.New(cfg)
		ws = append(ws, w)
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := w.Run(ctx); err != nil {
				a.t.Errorf("worker %d: Run: %v", i, err)
			}
		}()
	}
	stopped := false
	stop := func() {
		if !stopped {
			stopped = true
			cancel()
			wg.Wait()
		}
	}
	a.t.Cleanup(stop)
	return ws, stop
}

// noFetch is a Fetcher for entries that carry no URL; it is never called.
type noFetch struct{}

func (noFetch) Fetch(context.Context, string) ([]byte, error) {
	return nil, fmt.Errorf("no network in this test")
}

// scripted is a Model that places each work on the rung its script names, by the
// work's first word, and answers rubric compilation with no checks.
type scripted struct {
	rungs map[string]int
	calls atomic.Int64
}

func newScripted(rungs map[string]int) *scripted { return &scripted{rungs: rungs} }

func (m *scripted) Complete(ctx context.Context, p prompt.Prompt) (string, ledger.Call, error) {
	m.calls.Add(1)
	text := `{"checks": []}`
	if p.Purpose == prompt.Read {
		r := 0
		if p.Brief != nil {
			r = m.rungs[strings.Fields(p.Brief.Work + " x")[0]]
		}
		text = fmt.Sprintf(`{"rung": %d, "rationale": "scripted reading"}`, r)
	}
	return text, receipt(p, text), nil
}

func receipt(p prompt.Prompt, text string) ledger.Call {
	full := p.System + "\n\n" + p.User
	ps, rs := sha256.Sum256([]byte(full)), sha256.Sum256([]byte(text))
	return ledger.Call{
		Provider: "script", Model: "scripted", Purpose: p.Purpose,
		PromptSHA: hex.EncodeToString(ps[:]), ResponseSHA: hex.EncodeToString(rs[:]),
		Prompt: full, Response: text, Started: "2026-01-01T00:00:00Z", Finished: "2026-01-01T00:00:00Z",
	}
}

// hanging is a Model whose server never answers: it waits for its context and then
// reports the model unavailable, as a backend does when its deadline passes.
type hanging struct{ calls atomic.Int64 }

func (m *hanging) Complete(ctx context.Context, p prompt.Prompt) (string, ledger.Call, error) {
	m.calls.Add(1)
	<-ctx.Done()
	return "", ledger.Call{}, fmt.Errorf("%w: %w", grading.ErrModelUnavailable, ctx.Err())
}

// inflated wraps a Model and answers every reading one rung higher than it would.
type inflated struct{ grading.Model }

func (m inflated) Complete(ctx context.Context, p prompt.Prompt) (string, ledger.Call, error) {
	text, call, err := m.Model.Complete(ctx, p)
	if err != nil || p.Purpose != prompt.Read {
		return text, call, err
	}
	var a struct {
		Rung int `json:"rung"`
	}
	if json.Unmarshal([]byte(text), &a) == nil {
		text = fmt.Sprintf(`{"rung": %d, "rationale": "one higher"}`, min(a.Rung+1, 5))
	}
	return text, receipt(p, text), nil
}

type accountKey = account.Key

// gate is a Model that holds every call until release closes, recording the most calls
// held at once.
type gate struct {
	release    chan struct{}
	held, peak atomic.Int64
}

func (g *gate) Complete(ctx context.Context, p prompt.Prompt) (string, ledger.Call, error) {
	n := g.held.Add(1)
	defer g.held.Add(-1)
	for {
		old := g.peak.Load()
		if n <= old || g.peak.CompareAndSwap(old, n) {
			break
		}
	}
	select {
	case <-g.release:
	case <-ctx.Done():
		return "", ledger.Call{}, fmt.Errorf("%w: %w", grading.ErrModelUnavailable, ctx.Err())
	}
	text := `{"checks": []}`
	if p.Purpose == prompt.Read {
		text = `{"rung": 3, "rationale": "held"}`
	}
	return text, receipt(p, text), nil
}
