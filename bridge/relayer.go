package bridge

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/arena/arena/store"
)

// Subscriber tells the relayer when blocks are committed, so that it looks for new
// awards at once rather than at its next poll. The node's solo chain adapter has this
// method; a closed channel means "resubscribe".
type Subscriber interface {
	Subscribe(buf int) (<-chan uint64, func())
}

// Config configures a Relayer. Zero fields take the defaults of withDefaults.
type Config struct {
	Sinks          []Sink
	Blocks         Subscriber    // optional; without it the relayer only polls
	Backoff        Backoff       // retry schedule; default DefaultBackoff
	Poll           time.Duration // how often to look for new awards and due retries; default 2s
	AttemptTimeout time.Duration // longest one Deliver may take; default 60s
	Batch          int           // deliveries read per query; default 32
	Clock          Clock         // default the wall clock
	Logger         *slog.Logger  // default discards
}

// The defaults.
const (
	DefaultPoll           = 2 * time.Second
	DefaultAttemptTimeout = 60 * time.Second
	DefaultBatch          = 32
)

func (c Config) withDefaults() Config {
	if c.Backoff.Base <= 0 {
		c.Backoff = DefaultBackoff
	}
	if c.Poll <= 0 {
		c.Poll = DefaultPoll
	}
	if c.AttemptTimeout <= 0 {
		c.AttemptTimeout = DefaultAttemptTimeout
	}
	if c.Batch <= 0 {
		c.Batch = DefaultBatch
	}
	if c.Clock == nil {
		c.Clock = wallClock{}
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	return c
}

// ErrRunning reports a second call of Run.
var ErrRunning = errors.New("relayer already running")

// Relayer delivers the award events of one arena's store to its sinks. Create it with
// New; Run does the work.
type Relayer struct {
	db      *store.DB
	chain   string
	cfg     Config
	workers []*worker
	wake    chan struct{}
	running atomic.Bool
}

// New returns a relayer over db, whose founding terms name the arena's chain. It
// refuses a sink without a name or two sinks with the same name.
func New(db *store.DB, cfg Config) (*Relayer, error) {
	terms, ok, err := db.Genesis()
	if err != nil {
		return nil, fmt.Errorf("relayer: %w", err)
	}
	if !ok {
		return nil, errors.New("relayer: the store holds no founding terms")
	}
	r := &Relayer{db: db, chain: terms.Chain, cfg: cfg.withDefaults(), wake: make(chan struct{}, 1)}
	seen := map[string]bool{}
	for _, s := range r.cfg.Sinks {
		switch n := s.Name(); {
		case n == "":
			return nil, errors.New("relayer: a sink has no name")
		case seen[n]:
			return nil, fmt.Errorf("relayer: two sinks are named %q", n)
		default:
			seen[n] = true
		}
		r.workers = append(r.workers, &worker{r: r, sink: s, wake: make(chan struct{}, 1),
			log: r.cfg.Logger.With("sink", s.Name())})
	}
	return r, nil
}

// Notify tells the relayer that new blocks may hold awards. It never blocks.
func (r *Relayer) Notify() { nudge(r.wake) }

// Run delivers until ctx ends, then waits for the attempts in flight and returns nil.
// Store errors are logged and retried at the next poll; they do not stop it.
func (r *Relayer) Run(ctx context.Context) error {
	if !r.running.CompareAndSwap(false, true) {
		return ErrRunning
	}
	var wg sync.WaitGroup
	for _, w := range r.workers {
		wg.Go(func() { w.run(ctx) })
	}
	r.watch(ctx)
	wg.Wait()
	return nil
}

// watch enqueues new award events for every sink that accepts them, whenever a block is
// committed, Notify is called or the poll interval passes.
func (r *Relayer) watch(ctx context.Context) {
	var blocks <-chan uint64
	stop := func() {}
	subscribe := func() {
		if r.cfg.Blocks != nil {
			stop()
			blocks, stop = r.cfg.Blocks.Subscribe(16)
		}
	}
	subscribe()
	defer func() { stop() }()
	var cur cursor
	for {
		if err := r.scan(&cur); err != nil {
			r.cfg.Logger.Warn("bridge: read the outbox", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case _, ok := <-blocks:
			if !ok {
				blocks = nil
			}
		case <-r.wake:
		case <-r.cfg.Clock.After(r.cfg.Poll):
			if blocks == nil {
				subscribe()
			}
		}
	}
}

// cursor is the last outbox event the relayer has enqueued.
type cursor struct {
	height uint64
	seq    int
}

// scan enqueues every award event after cur and moves cur past them.
func (r *Relayer) scan(cur *cursor) error {
	for {
		page, err := r.db.AwardEvents(cur.height, cur.seq, r.cfg.Batch)
		if err != nil {
			return err
		}
		for _, o := range page {
			if err := r.enqueue(o); err != nil {
				return err
			}
			cur.height, cur.seq = o.Height, o.Seq
		}
		if len(page) < r.cfg.Batch {
			return nil
		}
	}
}

// enqueue records o's deliveries for the sinks that accept it and wakes those sinks.
func (r *Relayer) enqueue(o store.OutboxEvent) error {
	a, err := AwardOf(r.chain, o)
	if err != nil {
		r.cfg.Logger.Error("bridge: skip outbox event", "height", o.Height, "seq", o.Seq, "err", err)
		return nil
	}
	var names []string
	var ws []*worker
	for _, w := range r.workers {
		if w.sink.Accepts(a) {
			names, ws = append(names, w.sink.Name()), append(ws, w)
		}
	}
	if len(names) == 0 {
		return nil
	}
	added, err := r.db.Enqueue(a.ID, o, names, r.cfg.Clock.Now())
	if err != nil {
		return err
	}
	if added > 0 {
		r.cfg.Logger.Info("bridge: award queued", "event", a.ID, "award", a.Key().String(), "voided", a.Voided, "sinks", added)
		for _, w := range ws {
			nudge(w.wake)
		}
	}
	return nil
}

// nudge sends on a one-slot channel unless a send is already pending.
func nudge(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}
