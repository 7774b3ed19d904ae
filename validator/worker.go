package validator

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/arena/arena/ledger"
)

// Worker grades, signs and attests for one validator key. Create it with New and start
// it with Run; Stats may be called from any goroutine.
type Worker struct {
	cfg  Config
	addr ledger.Address

	mu      sync.Mutex
	started map[job]context.CancelFunc // attempts with a run in flight or finished, until pruned
	slots   chan struct{}              // one token per run in flight
	wake    chan struct{}              // a run finished: look again

	sendMu  sync.Mutex // one submission in flight per key
	stats   counters
	slow    atomic.Bool // measured slower than the terms' gas rate (set by rate)
	waiting bool        // the chain reported catching up at the last step; Run's goroutine only
	rated   bool        // the measured gas rate was compared with the terms'; Run's goroutine only
}

// job names one attempt of one round.
type job struct {
	round   ledger.RoundID
	attempt int
}

// New returns a worker for cfg, filling in defaults. It starts nothing.
func New(cfg Config) *Worker {
	cfg = cfg.withDefaults()
	w := &Worker{
		cfg:     cfg,
		started: map[job]context.CancelFunc{},
		slots:   make(chan struct{}, cfg.Concurrency),
		wake:    make(chan struct{}, 1),
	}
	if cfg.Key != nil {
		w.addr = cfg.Key.Address()
	}
	return w
}

// Address returns the validator address the worker attests as.
func (w *Worker) Address() ledger.Address { return w.addr }

// Run watches committed blocks, and a poll tick, until ctx ends; it then cancels the
// runs in flight, waits for them and returns nil. A block subscription the engine
// closes is renewed after a backoff that starts at resubscribeMin and doubles up to
// Poll, so a dropped subscriber hears of the next block at once rather than at the next
// tick. While the chain is a Syncer that reports catching up, Run plans, grades and
// sends nothing. Run returns an error only for an incomplete Config.
func (w *Worker) Run(ctx context.Context) error {
	if err := w.cfg.validate(); err != nil {
		return err
	}
	var wg sync.WaitGroup
	defer wg.Wait() // after cancel: runs see their context end first
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	blocks, unsubscribe := w.cfg.Chain.Subscribe(16)
	defer func() { unsubscribe() }()
	tick := time.NewTicker(w.cfg.Poll)
	defer tick.Stop()
	var resubscribe <-chan time.Time
	backoff := resubscribeMin
	for {
		w.step(ctx, &wg)
		select {
		case <-ctx.Done():
			return nil
		case _, ok := <-blocks:
			if !ok {
				blocks = nil // dropped or closed: subscribe again after the backoff
				resubscribe = time.After(backoff)
				backoff = min(2*backoff, w.cfg.Poll)
			}
		case <-resubscribe:
			resubscribe = nil
			unsubscribe()
			blocks, unsubscribe = w.cfg.Chain.Subscribe(16)
		case <-tick.C:
			if blocks != nil {
				backoff = resubscribeMin // the subscription lasted a tick: it is healthy
			}
		case <-w.wake:
		}
	}
}

// resubscribeMin is the first wait before a closed block subscription is renewed.
const resubscribeMin = 10 * time.Millisecond

// step reads the state once, then starts the runs and rotations it calls for; while the
// chain is catching up it does nothing.
func (w *Worker) step(ctx context.Context, wg *sync.WaitGroup) {
	if w.catchingUp() {
		return
	}
	if !w.rated {
		w.rate()
	}
	p := w.plan()
	w.prune(p.keep)
	for _, body := range p.rotate {
		w.rotate(ctx, body)
	}
	for _, t := range p.runs {
		if !w.start(ctx, wg, t) {
			return // the pool is full; a finished run wakes the loop
		}
	}
}

// rate compares the validator's measured gas rate with the terms', once the chain has a
// state (a node joining by state sync has none until its snapshot is applied), and says
// in the log when it does not sit on program runs.
func (w *Worker) rate() {
	w.cfg.Chain.View(func(s *ledger.State) {
		if s == nil {
			return
		}
		w.rated = true
		if w.tooSlow(s) {
			w.slow.Store(true)
			t := s.Terms()
			w.cfg.Logger.Warn("this validator meters slower than the arena's terms require: it does not sit on program runs",
				"gas_rate", w.cfg.GasRate, "terms_gas_rate", t.Rate())
		}
	})
}

// catchingUp reports whether the chain is a Syncer that is catching up, and logs when
// the worker starts and stops waiting for it.
func (w *Worker) catchingUp() bool {
	s, ok := w.cfg.Chain.(Syncer)
	behind := ok && s.CatchingUp()
	switch {
	case behind && !w.waiting:
		w.cfg.Logger.Info("chain catching up: waiting before grading")
	case !behind && w.waiting:
		w.cfg.Logger.Info("chain caught up: grading")
	}
	w.waiting = behind
	return behind
}

// start launches t's run if a slot is free and the attempt has no run yet.
func (w *Worker) start(ctx context.Context, wg *sync.WaitGroup, t task) bool {
	select {
	case w.slots <- struct{}{}:
	default:
		return false
	}
	w.mu.Lock()
	if _, ok := w.started[t.job]; ok {
		w.mu.Unlock()
		<-w.slots
		return true
	}
	runCtx, cancel := context.WithCancel(ctx)
	w.started[t.job] = cancel
	w.mu.Unlock()
	w.stats.inFlight.Add(1)
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer w.release()
		w.attest(ctx, runCtx, t)
	}()
	return true
}

// release frees a slot and wakes the loop to fill it.
func (w *Worker) release() {
	w.stats.inFlight.Add(-1)
	<-w.slots
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// prune forgets attempts whose runs can no longer attest (plan.keep), cancelling any
// run still on one.
func (w *Worker) prune(keep map[job]bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for j, cancel := range w.started {
		if !keep[j] {
			cancel()
			delete(w.started, j)
		}
	}
}

// Stats are a worker's counters since New.
type Stats struct {
	Runs      int64 `json:"runs"`      // grading runs finished
	Attested  int64 `json:"attested"`  // attestations the ledger accepted
	Failed    int64 `json:"failed"`    // of those runs, how many produced a classed error
	Refused   int64 `json:"refused"`   // transactions the ledger refused
	Errors    int64 `json:"errors"`    // transactions that never reached the ledger
	Rotations int64 `json:"rotations"` // transactions that moved an expired attempt on (grade, score, resolve, check)
	Retries   int64 `json:"retries"`   // submissions resent after a stale nonce
	Late      int64 `json:"late"`      // results not sent because the attempt's deadline passed meanwhile
	InFlight  int64 `json:"in_flight"` // runs in progress now
	GasRate   int64 `json:"gas_rate"`  // the metered rate it measured of itself, gas a second; 0 unmeasured
	// SitsOnProgramRuns is false when GasRate is below the rate the arena's terms
	// require: the worker then neither runs nor attests program runs.
	SitsOnProgramRuns bool `json:"sits_on_program_runs"`
}

type counters struct {
	runs, attested, failed, refused, errors, rotations, retries, late, inFlight atomic.Int64
}

// Stats returns a snapshot of the worker's counters.
func (w *Worker) Stats() Stats {
	c := &w.stats
	return Stats{
		Runs: c.runs.Load(), Attested: c.attested.Load(), Failed: c.failed.Load(),
		Refused: c.refused.Load(), Errors: c.errors.Load(), Rotations: c.rotations.Load(),
		Retries: c.retries.Load(), Late: c.late.Load(), InFlight: c.inFlight.Load(),
		GasRate: w.cfg.GasRate, SitsOnProgramRuns: !w.slow.Load(),
	}
}
