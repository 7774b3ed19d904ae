// Package node wires one arena together: an ordering engine over the arena's SQLite
// file (the solo sequencer, or with engine = "comet" a CometBFT node of a network whose
// home Testnet or an operator wrote), the founding terms, the keystore, a grading
// worker for each local validator with its own models and fetcher, which reads the work
// URL entries committed at filing from the node's store, then from the other nodes'
// ([artifacts] peers), before fetching (Works) and grades benchmark challenges on the
// node's one sandbox runtime from its blob store and its peers (challenge.go) and
// learning challenges likewise (learn.go), an agent-match operator
// (match/operator) for each [[operator]] key,
// which keeps its secrets under the arena directory (OperatorDir), and, when the
// [bridge] table names sinks, the relayer that carries each final award to them
// (bridge/evm, bridge/webhook). Everything it builds comes from the arena directory
// (arena.toml, genesis.json, keys/, arena.db or data/arena.db) and the environment.
package node

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/arena/arena/account"
	"github.com/arena/arena/blobs"
	"github.com/arena/arena/bridge"
	"github.com/arena/arena/chain"
	"github.com/arena/arena/chain/blocks"
	"github.com/arena/arena/chain/comet"
	"github.com/arena/arena/chain/solo"
	"github.com/arena/arena/fetch"
	"github.com/arena/arena/grading"
	"github.com/arena/arena/grading/bounty"
	gtender "github.com/arena/arena/grading/tender"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/match/operator"
	"github.com/arena/arena/reader"
	"github.com/arena/arena/sandbox"
	"github.com/arena/arena/store"
	"github.com/arena/arena/validator"
)

// OpenOptions are what a node takes from its caller rather than from the directory.
type OpenOptions struct {
	Now    func() time.Time    // the wall clock of blocks and workers; nil means time.Now
	Logger *slog.Logger        // nil means text on stderr at the configured level
	Env    func(string) string // the environment: API keys, the passphrase; nil means os.Getenv
	// ReaderOverride, if set, replaces every validator's reader and compiler spec, e.g.
	// "replay:answers.json" for tests and demos.
	ReaderOverride string
	// Engine, if set, replaces the configuration's engine (EngineSolo or EngineComet).
	Engine string
	// CometLog receives CometBFT's errors when the engine is comet; nil discards.
	CometLog io.Writer
}

// Node is an open arena: its engine and its local validators. Its methods are safe for
// concurrent use; Run may be called once.
type Node struct {
	dir       string
	cfg       Config
	terms     ledger.Terms
	log       *slog.Logger
	engine    engine
	solo      *solo.Engine  // set when the engine is solo
	comet     *comet.Engine // set when the engine is comet
	workers   []*validator.Worker
	operators []*operator.Operator
	relayer   *bridge.Relayer  // nil when no sink is configured
	blobs     *blobs.Store     // <dir>/blobs
	sandbox   *sandbox.Runtime // the validators' one runtime of challenge modules; nil until a validator needs it
	closers   []func() error   // what the sinks hold open, closed after the engine

	closeOnce sync.Once
	closeErr  error
}

// Open reads dir's configuration and founding terms, opens the engine on its SQLite
// file, unlocks each configured validator key (the passphrase comes from the
// environment variable the configuration names; unset means the empty passphrase) and
// builds its grading pipeline, unlocks each configured operator key (which must be in
// the founding operator set) and builds its operator over the readers its table names,
// and builds the bridge's sinks from the [bridge] table with a relayer over the
// engine's store.
func Open(dir string, o OpenOptions) (*Node, error) {
	cfg, err := LoadConfig(dir)
	if err != nil {
		return nil, err
	}
	terms, err := ReadGenesis(dir, cfg)
	if err != nil {
		return nil, err
	}
	if o.Engine != "" {
		cfg.Engine = o.Engine
		if err := cfg.Validate(); err != nil {
			return nil, fmt.Errorf("--engine: %w", err)
		}
	}
	o = o.withDefaults(cfg)
	n := &Node{dir: dir, cfg: cfg, terms: terms, log: o.Logger}
	if err := n.checkValidators(); err != nil {
		return nil, err
	}
	if err := n.checkOperators(); err != nil {
		return nil, err
	}
	keys, err := n.loadKeys(o.Env)
	if err != nil {
		return nil, err
	}
	if err := n.openBlobs(); err != nil {
		return nil, err
	}
	sinks, err := n.buildSinks(o)
	if err != nil {
		n.closeSinks()
		return nil, err
	}
	if err := n.openEngine(o); err != nil {
		n.closeSinks()
		return nil, err
	}
	if err := n.buildWorkers(keys, o); err != nil {
		n.Close()
		return nil, err
	}
	if err := n.buildOperators(o); err != nil {
		n.Close()
		return nil, err
	}
	if err := n.buildRelayer(sinks, o); err != nil {
		n.Close()
		return nil, err
	}
	return n, nil
}

// openEngine opens the configured engine over the arena's SQLite file.
func (n *Node) openEngine(o OpenOptions) error {
	if n.cfg.Engine == EngineComet {
		home := path(n.dir, n.cfg.Comet.Home)
		gt, err := comet.ReadTerms(home)
		if err != nil {
			return err
		}
		if !blocks.SameTerms(gt, n.terms) {
			return fmt.Errorf("%s and %s found different arenas: %w", path(n.dir, n.cfg.Genesis),
				filepath.Join(home, "config", "genesis.json"), store.ErrGenesis)
		}
		snaps, sync := n.cfg.cometSync(n.dir, home)
		e, err := comet.Open(home, comet.Options{
			DB: path(n.dir, n.cfg.DB), CheckpointEvery: n.cfg.Comet.CheckpointEvery,
			Logger: o.Logger.With("component", "comet"), CometLog: o.CometLog,
			Snapshots: snaps, StateSync: sync, Pruning: n.cfg.cometPruning(),
		})
		if errors.Is(err, comet.ErrKeepBlocks) {
			return fmt.Errorf(`%s: key "pruning.keep_blocks": %w`, ConfigFile, err)
		}
		if err != nil {
			return err
		}
		n.comet, n.engine = e, e
		return nil
	}
	e, err := solo.Open(solo.Config{
		Path: path(n.dir, n.cfg.DB), Now: o.Now, MaxBatch: n.cfg.Solo.MaxBatch, MaxWait: n.cfg.Solo.MaxWait,
		CheckpointEvery: n.cfg.Solo.CheckpointEvery, Logger: o.Logger.With("component", "solo"),
	}, &n.terms)
	if err != nil {
		return err
	}
	n.solo, n.engine = e, e
	return nil
}

func (o OpenOptions) withDefaults(c Config) OpenOptions {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Env == nil {
		o.Env = os.Getenv
	}
	if o.Logger == nil {
		var lv slog.Level
		_ = lv.UnmarshalText([]byte(c.LogLevel)) // validated by LoadConfig
		o.Logger = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: lv}))
	}
	return o
}

// checkValidators refuses a configured validator outside the founding validator set.
func (n *Node) checkValidators() error {
	for i, v := range n.cfg.Validators {
		if !slices.Contains(n.terms.Validators, v.Address) {
			return fmt.Errorf("%s: key \"validator[%d].address\": %s is not in the founding validator set of %s",
				ConfigFile, i, v.Address, n.cfg.Genesis)
		}
	}
	return nil
}

func (n *Node) loadKeys(env func(string) string) ([]*account.Key, error) {
	st := n.Keystore()
	pass := env(n.cfg.PassphraseEnv)
	keys := make([]*account.Key, len(n.cfg.Validators))
	for i, v := range n.cfg.Validators {
		k, err := st.Load(v.Address, pass)
		if errors.Is(err, account.ErrWrongPassphrase) {
			return nil, fmt.Errorf("validator key: %w (the passphrase is read from $%s)", err, n.cfg.PassphraseEnv)
		}
		if err != nil {
			return nil, fmt.Errorf("validator key: %w", err)
		}
		keys[i] = k
	}
	return keys, nil
}

func (n *Node) buildWorkers(keys []*account.Key, o OpenOptions) error {
	fc, err := n.cfg.Fetch.Client(n.dir)
	if err != nil {
		return err
	}
	for i, v := range n.cfg.Validators {
		p, err := n.pipeline(v, fc, o)
		if err != nil {
			return fmt.Errorf("%s: validator[%d] %s: %w", ConfigFile, i, v.Address, err)
		}
		g := graders(p, o)
		spec := v.Reader
		if o.ReaderOverride != "" {
			spec = o.ReaderOverride
		}
		if err := n.addChallengeGraders(g, &pipelineModels{reader: p.Reader, model: specModel(spec)}, fc, o); err != nil {
			return fmt.Errorf("%s: validator[%d] %s: %w", ConfigFile, i, v.Address, err)
		}
		if err := n.addLearnGraders(g, fc); err != nil {
			return fmt.Errorf("%s: validator[%d] %s: %w", ConfigFile, i, v.Address, err)
		}
		rate, err := n.gasRate()
		if err != nil {
			return fmt.Errorf("%s: validator[%d] %s: %w", ConfigFile, i, v.Address, err)
		}
		n.workers = append(n.workers, validator.New(validator.Config{
			Key: keys[i], Graders: g, Chain: engineChain{n.engine},
			Concurrency: v.Concurrency, RunTimeout: v.RunTimeout, Now: o.Now, GasRate: rate,
			Logger: o.Logger.With("validator", v.Address.String()),
		}))
	}
	return nil
}

// Client returns the fetcher's configuration from the [fetch] table of the arena in dir:
// its limits (FetchLimits), and ca_file (relative to dir) read into roots that trust it
// besides the system's. Validators and `arena submit --work-url` fetch under it.
func (f FetchConfig) Client(dir string) (fetch.Config, error) {
	fc := f.FetchLimits()
	if f.CAFile == "" {
		return fc, nil
	}
	b, err := os.ReadFile(path(dir, f.CAFile))
	if err != nil {
		return fc, fmt.Errorf("%s: key \"fetch.ca_file\": %w", ConfigFile, err)
	}
	if fc.RootCAs, err = fetch.SystemRootsPlus(b); err != nil {
		return fc, fmt.Errorf("%s: key \"fetch.ca_file\": %s: %w", ConfigFile, f.CAFile, err)
	}
	return fc, nil
}

// pipeline builds one validator's pipeline: its reader, its compiler (the reader's
// model unless the configuration names another), its own fetcher, and the node's store
// of committed work, read before any fetch.
func (n *Node) pipeline(v ValidatorConfig, fc fetch.Config, o OpenOptions) (*bounty.Pipeline, error) {
	readSpec, compileSpec := v.Reader, v.Compiler
	if o.ReaderOverride != "" {
		readSpec, compileSpec = o.ReaderOverride, ""
	}
	r, err := reader.Open(resolveSpec(n.dir, readSpec), o.Env)
	if err != nil {
		return nil, fmt.Errorf("reader %q: %w", readSpec, err)
	}
	c := r
	if compileSpec != "" {
		if c, err = reader.Open(resolveSpec(n.dir, compileSpec), o.Env); err != nil {
			return nil, fmt.Errorf("compiler %q: %w", compileSpec, err)
		}
	}
	log := o.Logger.With("validator", v.Address.String())
	peers := n.Peers(blobs.WorkRoute, fc.MaxBytes)
	peers.Log = log
	works := storeWorks{n.engine.DB(), peers, log}
	return &bounty.Pipeline{Reader: r, Compiler: c, Fetcher: fetch.New(fc), Works: works, Now: o.Now}, nil
}

// graders returns a validator's grader of each contest kind: the bounty's pipeline p,
// and the tender's scorer and scorability checker, which read with p's reader.
func graders(p *bounty.Pipeline, o OpenOptions) map[string]grading.Grader {
	return map[string]grading.Grader{
		bounty.Kind:       p,
		gtender.Kind:      &gtender.Scorer{Model: p.Reader, Now: o.Now},
		gtender.CheckKind: &gtender.Checker{Model: p.Reader, Now: o.Now},
	}
}

// resolveSpec makes a replay file relative to the arena directory.
func resolveSpec(dir, spec string) string {
	if f, ok := strings.CutPrefix(spec, "replay:"); ok && !filepath.IsAbs(f) {
		if _, err := os.Stat(f); err != nil {
			return "replay:" + filepath.Join(dir, f)
		}
	}
	return spec
}

// Run runs every local validator and operator and the bridge's relayer until ctx ends, waits for
// them all, then returns nil. If one fails, Run stops the others and returns its error.
func (n *Node) Run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var runs []func(context.Context) error
	for _, w := range n.workers {
		runs = append(runs, w.Run)
	}
	for _, op := range n.operators {
		runs = append(runs, op.Run)
	}
	if n.relayer != nil {
		runs = append(runs, n.relayer.Run)
	}
	runs = append(runs, n.sweep)
	if h, ok := n.engine.(chain.Halter); ok {
		runs = append(runs, func(ctx context.Context) error { return untilHalted(ctx, h) })
	}
	errs := make(chan error, len(runs))
	for _, run := range runs {
		go func() {
			err := run(ctx)
			if err != nil {
				cancel()
			}
			errs <- err
		}()
	}
	n.log.Info("node running", "chain", n.terms.Chain, "validators", len(n.workers), "operators", len(n.operators), "bridge", n.relayer != nil)
	var first error
	for range runs {
		if err := <-errs; err != nil && first == nil {
			first = err
		}
	}
	<-ctx.Done()
	return first
}

// untilHalted waits until ctx ends, returning nil, or the engine stops on its own,
// returning why: a node whose engine stopped for an upgrade stops with the message
// that names the version and the release it needs.
func untilHalted(ctx context.Context, h chain.Halter) error {
	select {
	case <-ctx.Done():
		return nil
	case <-h.Halted():
		return h.HaltErr()
	}
}

// Chain returns the node's ordering engine, whichever it runs: what the API serves
// (api.Config.Chain).
func (n *Node) Chain() chain.Engine { return n.engine }

// Engine returns the node's solo engine, or nil when the node runs another.
func (n *Node) Engine() *solo.Engine { return n.solo }

// Comet returns the node's CometBFT engine, or nil when the node runs another.
func (n *Node) Comet() *comet.Engine { return n.comet }

// View calls fn with the engine's committed state; fn must not keep or modify it.
func (n *Node) View(fn func(*ledger.State)) { n.engine.View(fn) }

// Config returns the configuration the node was opened with.
func (n *Node) Config() Config { return n.cfg }

// Terms returns the arena's founding terms.
func (n *Node) Terms() ledger.Terms { return n.terms }

// Dir returns the arena directory.
func (n *Node) Dir() string { return n.dir }

// Keystore returns the arena's keystore, at the light scrypt cost in dev mode.
func (n *Node) Keystore() *account.Store {
	st := &account.Store{Dir: path(n.dir, n.cfg.Keys)}
	if n.terms.DevMode {
		st.Scrypt = account.Light
	}
	return st
}

// Close closes the engine, then what the bridge's sinks hold open. Run should have
// returned first.
func (n *Node) Close() error {
	n.closeOnce.Do(func() { n.closeErr = errors.Join(n.engine.Close(), n.closeSinks(), n.closeRuntime()) })
	return n.closeErr
}

// closeSinks closes what the sinks hold open.
func (n *Node) closeSinks() error {
	var errs []error
	for _, c := range n.closers {
		errs = append(errs, c())
	}
	n.closers = nil
	return errors.Join(errs...)
}

// Stats is a node's progress: its height and each local validator's and operator's
// counters.
type Stats struct {
	Height     uint64           `json:"height"`
	Validators []ValidatorStats `json:"validators"`
	Operators  []OperatorStats  `json:"operators,omitempty"`
}

// OperatorStats are one local operator's counters.
type OperatorStats struct {
	Address ledger.Address `json:"address"`
	operator.Stats
}

// ValidatorStats are one local validator's counters.
type ValidatorStats struct {
	Address ledger.Address `json:"address"`
	validator.Stats
}

// Stats returns the node's progress.
func (n *Node) Stats() Stats {
	var s Stats
	n.engine.View(func(st *ledger.State) { s.Height = st.Height() })
	for _, w := range n.workers {
		s.Validators = append(s.Validators, ValidatorStats{Address: w.Address(), Stats: w.Stats()})
	}
	for _, op := range n.operators {
		s.Operators = append(s.Operators, OperatorStats{Address: op.Address(), Stats: op.Stats()})
	}
	return s
}
