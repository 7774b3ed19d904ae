package operator

import (
	"context"
	"crypto/rand"
	"errors"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/arena/arena/account"
	"github.com/arena/arena/grading"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/match"
)

// Chain is the ordering engine an operator reads and writes through; the node adapts
// its engine to it as it does for validators.
type Chain interface {
	// View calls fn with the committed state; fn must not keep it or block.
	View(fn func(*ledger.State))
	// Submit sends a signed transaction and waits until it is committed, returning what
	// applying it did. An error means it was not ordered.
	Submit(ctx context.Context, tx *ledger.Tx) (ledger.Outcome, error)
	// Subscribe returns a channel of committed heights and a function that ends the
	// subscription; the engine may close the channel at any time.
	Subscribe(buf int) (<-chan uint64, func())
}

// Models returns the model that serves an agent's model name (match.Agent.Model). An
// error makes each decision of that agent a provider-error fallback.
type Models func(name string) (grading.Model, error)

// Defaults for a zero Config field.
const (
	DefaultCallTimeout = 60 * time.Second
	DefaultPoll        = 2 * time.Second
	DefaultConcurrency = 4
)

// retryAfter is how many polls an operator leaves a match alone after an action on it
// failed, so that a refusal that persists costs a transaction now and then, not at every
// block.
const retryAfter = 10

// callGrace is how long past CallTimeout the operator waits for a model call that
// ignores its context before it records a timeout anyway.
const callGrace = time.Second

// Config configures an Operator. Key, Chain, Models and Store are required.
type Config struct {
	Key    *account.Key // the operator key: signs receipts and every transaction
	Chain  Chain
	Models Models
	Store  Store
	// SignatureChainID is the EVM chain id every receipt is signed under and carries
	// (the EIP-712 domain's chainId, as a transaction's signatureChainId); 0 means
	// ledger.KeystoreChainID, the chain id the keystore signs transactions under.
	SignatureChainID uint64
	// CallTimeout bounds one agent's model call; 0 means DefaultCallTimeout.
	CallTimeout time.Duration
	// BetWindow is how long a turn stays open for bets, from when the operator first
	// sees that it may commit it, before it is committed. The models are asked during
	// the window. 0 commits as soon as both have answered.
	BetWindow time.Duration
	// AnchorWait is how long a match may wait for the block that anchors its seed
	// before the operator sends a transaction to make one (see nudge): a fallback for an
	// engine that does not make that block itself (the solo engine and CometBFT both do).
	AnchorWait time.Duration
	// Concurrency bounds the matches acted on at once; 0 means DefaultConcurrency.
	Concurrency int
	// Poll is how often the state is read without a new block; 0 means DefaultPoll.
	Poll time.Duration
	// Now is the wall clock of receipts and the bet window; nil means time.Now.
	Now func() time.Time
	// Rand is where salts come from; nil means crypto/rand.
	Rand io.Reader
	// Logger receives a line per transaction and per problem; nil discards.
	Logger *slog.Logger
}

func (c Config) withDefaults() Config {
	if c.CallTimeout <= 0 {
		c.CallTimeout = DefaultCallTimeout
	}
	if c.SignatureChainID == 0 {
		c.SignatureChainID = ledger.KeystoreChainID
	}
	if c.Concurrency <= 0 {
		c.Concurrency = DefaultConcurrency
	}
	if c.Poll <= 0 {
		c.Poll = DefaultPoll
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Rand == nil {
		c.Rand = rand.Reader
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	return c
}

func (c Config) validate() error {
	switch {
	case c.Key == nil:
		return errors.New("operator: config has no key")
	case c.Chain == nil:
		return errors.New("operator: config has no chain")
	case c.Models == nil:
		return errors.New("operator: config has no models")
	case c.Store == nil:
		return errors.New("operator: config has no store")
	}
	return nil
}

// Operator runs the matches of one operator key. Create it with New and start it with
// Run; Address and Stats may be called from any goroutine.
type Operator struct {
	cfg  Config
	addr ledger.Address

	mu     sync.Mutex
	busy   map[match.MatchID]bool      // matches with an action in flight
	opened map[turnKey]time.Time       // when each turn was first seen open for commit; turn 0: waiting for the anchor
	missed map[match.MatchID]bool      // matches whose secret is not in the store, logged once
	failed map[match.MatchID]time.Time // when an action on the match last failed
	slots  chan struct{}
	wake   chan struct{}

	sendMu sync.Mutex // one submission in flight at a time, so nonces are read, not guessed
	stats  counters
}

// turnKey names one turn of one match.
type turnKey struct {
	match match.MatchID
	turn  int
}

// New returns an operator for cfg, filling in defaults. It starts nothing.
func New(cfg Config) *Operator {
	cfg = cfg.withDefaults()
	o := &Operator{
		cfg: cfg, busy: map[match.MatchID]bool{}, opened: map[turnKey]time.Time{}, missed: map[match.MatchID]bool{},
		failed: map[match.MatchID]time.Time{},
		slots:  make(chan struct{}, cfg.Concurrency), wake: make(chan struct{}, 1),
	}
	if cfg.Key != nil {
		o.addr = cfg.Key.Address()
	}
	return o
}

// Address returns the operator address the Operator acts as.
func (o *Operator) Address() ledger.Address { return o.addr }

// Run acts on the operator's matches at every committed block and poll tick until ctx
// ends, then waits for the actions in flight and returns nil. It returns an error only
// for an incomplete Config.
func (o *Operator) Run(ctx context.Context) error {
	if err := o.cfg.validate(); err != nil {
		return err
	}
	var wg sync.WaitGroup
	defer wg.Wait()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	blocks, unsubscribe := o.cfg.Chain.Subscribe(16)
	defer func() { unsubscribe() }()
	tick := time.NewTicker(o.cfg.Poll)
	defer tick.Stop()
	for {
		o.step(ctx, &wg)
		select {
		case <-ctx.Done():
			return nil
		case _, ok := <-blocks:
			if !ok {
				blocks = nil
			}
		case <-tick.C:
			if blocks == nil {
				unsubscribe()
				blocks, unsubscribe = o.cfg.Chain.Subscribe(16)
			}
		case <-o.wake:
		}
	}
}

// step reads the state once and starts the action each of the operator's matches calls
// for, one action per match at a time.
func (o *Operator) step(ctx context.Context, wg *sync.WaitGroup) {
	for _, a := range o.plan() {
		if !o.start(ctx, wg, a) {
			return // every slot is taken; a finished action wakes the loop
		}
	}
}

// start runs a in a goroutine if a slot is free and its match has no action in flight.
func (o *Operator) start(ctx context.Context, wg *sync.WaitGroup, a action) bool {
	select {
	case o.slots <- struct{}{}:
	default:
		return false
	}
	o.mu.Lock()
	if o.busy[a.m.ID] {
		o.mu.Unlock()
		<-o.slots
		return true
	}
	o.busy[a.m.ID] = true
	o.mu.Unlock()
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer o.release(a.m.ID)
		o.act(ctx, a)
	}()
	return true
}

// release frees a's slot and match and wakes the loop.
func (o *Operator) release(id match.MatchID) {
	o.mu.Lock()
	delete(o.busy, id)
	o.mu.Unlock()
	<-o.slots
	select {
	case o.wake <- struct{}{}:
	default:
	}
}

// Stats are an operator's counters since New.
type Stats struct {
	Turns     int64 `json:"turns"`     // turns revealed
	Fallbacks int64 `json:"fallbacks"` // decisions that fell back to defend
	Finished  int64 `json:"finished"`  // matches finished with the secret
	Refused   int64 `json:"refused"`   // transactions the ledger refused
	Errors    int64 `json:"errors"`    // transactions never ordered, and store failures
}

type counters struct{ turns, fallbacks, finished, refused, errors atomic.Int64 }

// Stats returns a snapshot of the operator's counters.
func (o *Operator) Stats() Stats {
	c := &o.stats
	return Stats{Turns: c.turns.Load(), Fallbacks: c.fallbacks.Load(), Finished: c.finished.Load(),
		Refused: c.refused.Load(), Errors: c.errors.Load()}
}
