package comet

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	cfg "github.com/cometbft/cometbft/config"
	cmtlog "github.com/cometbft/cometbft/libs/log"
	nm "github.com/cometbft/cometbft/node"
	"github.com/cometbft/cometbft/p2p"
	"github.com/cometbft/cometbft/privval"
	"github.com/cometbft/cometbft/proxy"
	rpclocal "github.com/cometbft/cometbft/rpc/client/local"
	cmttypes "github.com/cometbft/cometbft/types"
	"github.com/spf13/viper"

	"github.com/arena/arena/chain"
	"github.com/arena/arena/chain/blocks"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// ErrClosed is returned by Submit once the engine is closed (chain.ErrClosed).
var ErrClosed = chain.ErrClosed

var _ chain.Engine = (*Engine)(nil)

// DBFile is the arena's SQLite file inside a node home.
const DBFile = "data/arena.db"

// Options configure Open. The zero value is usable.
type Options struct {
	CheckpointEvery int          // blocks between full checkpoints; 0 means DefaultCheckpointEvery
	Logger          *slog.Logger // the engine's own log; nil discards
	CometLog        io.Writer    // CometBFT's log, errors only; nil discards
	DB              string       // the arena's SQLite file; empty means home/DBFile
	// Snapshots sets up state-sync snapshots; an empty Dir means home/SnapshotsDir.
	Snapshots SnapshotConfig
	// Pruning is how much history the node keeps; the zero value keeps every block.
	// Open refuses one that keeps fewer blocks than MinKeepBlocks (ErrKeepBlocks) or
	// that comes without snapshots (ErrPruneWithoutSnapshots).
	Pruning Pruning
	// StateSync, if not nil, has a node with no state yet join from a snapshot its
	// peers offer instead of replaying every block: it overrides config.toml's
	// [statesync] table.
	StateSync *StateSync
}

// SnapshotsDir is where a node keeps its snapshots inside its home by default.
const SnapshotsDir = "data/snapshots"

// StateSync is how a new node finds and trusts a snapshot: two RPC servers of the
// network for the light client (the same one twice is accepted), and a trusted height
// and header hash of the chain, from an existing node's /commit, within TrustPeriod.
type StateSync struct {
	RPCServers    []string
	TrustHeight   int64
	TrustHash     string        // hex
	TrustPeriod   time.Duration // 0 keeps config.toml's (168h by default)
	DiscoveryTime time.Duration // how long to look for snapshots; 0 keeps config.toml's (15s)
}

// apply sets c's [statesync] from s.
func (s *StateSync) apply(c *cfg.Config) error {
	if s == nil {
		return nil
	}
	c.StateSync.Enable = true
	c.StateSync.RPCServers = slices.Clone(s.RPCServers)
	c.StateSync.TrustHeight = s.TrustHeight
	c.StateSync.TrustHash = s.TrustHash
	if s.TrustPeriod > 0 {
		c.StateSync.TrustPeriod = s.TrustPeriod
	}
	if s.DiscoveryTime > 0 {
		c.StateSync.DiscoveryTime = s.DiscoveryTime
	}
	if err := c.StateSync.ValidateBasic(); err != nil {
		return fmt.Errorf("state sync: %w", err)
	}
	return nil
}

// Engine is a CometBFT node running in this process around an App over the home's
// SQLite file. Its methods are safe for concurrent use.
type Engine struct {
	home   string
	app    *App
	node   *nm.Node
	client *rpclocal.Local
	log    *quietWriter

	closed    chan struct{}
	closeOnce sync.Once
	closeErr  error
}

// Open starts the node whose home Testnet (or an operator) wrote: config/config.toml,
// config/genesis.json, the node and validator keys. The arena file is o.DB; a
// file with founding terms other than the genesis app_state is refused
// (store.ErrGenesis).
func Open(home string, o Options) (*Engine, error) {
	c, err := LoadConfig(home)
	if err != nil {
		return nil, err
	}
	if err := o.StateSync.apply(c); err != nil {
		return nil, err
	}
	path := o.DB
	if path == "" {
		path = filepath.Join(home, DBFile)
	}
	db, err := store.Open(path)
	if err != nil {
		return nil, err
	}
	e, err := start(home, c, db, o)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("open node %s: %w", home, err)
	}
	return e, nil
}

func start(home string, c *cfg.Config, db *store.DB, o Options) (*Engine, error) {
	terms, evidence, err := checkGenesis(c, db)
	if err != nil {
		return nil, err
	}
	if err := checkPruning(o.Pruning, evidence, o.Snapshots); err != nil {
		return nil, err
	}
	app, err := NewApp(db, o.CheckpointEvery, o.Logger)
	if err != nil {
		return nil, err
	}
	app.terms = &terms
	app.home = home
	snaps := o.Snapshots
	if snaps.Dir == "" {
		snaps.Dir = filepath.Join(home, SnapshotsDir)
	}
	if err := app.SetSnapshots(snaps); err != nil {
		return nil, err
	}
	app.SetPruning(o.Pruning)
	if k := o.Pruning.KeepBlocks; k > 0 {
		app.log.Info("pruning: CometBFT keeps at least the last keep_blocks blocks, never above the oldest snapshot kept; the log begins at that snapshot",
			"keep_blocks", k, "least", MinKeepBlocks(evidence, snaps.Every), "evidence_blocks", evidence, "snapshot_interval", snaps.Every)
	}
	nodeKey, err := p2p.LoadNodeKey(c.NodeKeyFile())
	if err != nil {
		return nil, fmt.Errorf("node key: %w", err)
	}
	for _, f := range []string{c.PrivValidatorKeyFile(), c.PrivValidatorStateFile()} {
		if _, err := os.Stat(f); err != nil {
			return nil, fmt.Errorf("validator key: %w", err)
		}
	}
	pv := privval.LoadFilePV(c.PrivValidatorKeyFile(), c.PrivValidatorStateFile())
	w := &quietWriter{w: o.CometLog}
	if w.w == nil {
		w.w = io.Discard
	}
	logger := cmtlog.NewFilter(cmtlog.NewTMLogger(cmtlog.NewSyncWriter(w)), cmtlog.AllowError())
	// One lock per ABCI connection, not one around all four: CheckTx (signature checks
	// of the transactions peers gossip) and Query no longer wait for FinalizeBlock and
	// Commit, nor they for them. The app locks its own state (see App); CometBFT holds
	// the mempool during Commit, so no CheckTx runs between a commit and its rechecks.
	n, err := nm.NewNode(c, pv, nodeKey, proxy.NewConnSyncLocalClientCreator(app),
		nm.DefaultGenesisDocProviderFunc(c), storeDBProvider, nm.DefaultMetricsProvider(c.Instrumentation), logger)
	if err != nil {
		return nil, fmt.Errorf("new node: %w", err)
	}
	if err := n.Start(); err != nil {
		return nil, fmt.Errorf("start node: %w", err)
	}
	return &Engine{home: home, app: app, node: n, client: rpclocal.New(n), log: w, closed: make(chan struct{})}, nil
}

// ReadTerms returns the founding terms of the genesis in home/config/genesis.json: its
// app_state.
func ReadTerms(home string) (ledger.Terms, error) {
	doc, err := cmttypes.GenesisDocFromFile(filepath.Join(home, "config", "genesis.json"))
	if err != nil {
		return ledger.Terms{}, fmt.Errorf("genesis: %w", err)
	}
	return decodeTerms(doc.AppState)
}

// checkGenesis refuses a file whose founding terms differ from the genesis app_state,
// and returns those terms and the genesis's evidence.max_age_num_blocks.
func checkGenesis(c *cfg.Config, db *store.DB) (ledger.Terms, int64, error) {
	doc, err := cmttypes.GenesisDocFromFile(c.GenesisFile())
	if err != nil {
		return ledger.Terms{}, 0, fmt.Errorf("genesis: %w", err)
	}
	evidence := cmttypes.DefaultEvidenceParams().MaxAgeNumBlocks
	if doc.ConsensusParams != nil {
		evidence = doc.ConsensusParams.Evidence.MaxAgeNumBlocks
	}
	terms, err := decodeTerms(doc.AppState)
	if err != nil {
		return terms, 0, err
	}
	old, ok, err := db.Genesis()
	if err != nil || !ok {
		return terms, evidence, err
	}
	if !blocks.SameTerms(old, terms) {
		return terms, 0, fmt.Errorf("%s: %w", c.GenesisFile(), store.ErrGenesis)
	}
	return terms, evidence, nil
}

// LoadConfig reads home/config/config.toml over CometBFT's defaults.
func LoadConfig(home string) (*cfg.Config, error) {
	c := cfg.DefaultConfig()
	v := viper.New()
	v.SetConfigFile(filepath.Join(home, "config", "config.toml"))
	if err := v.ReadInConfig(); err != nil {
		return nil, fmt.Errorf("read config: %w", err)
	}
	if err := v.Unmarshal(c); err != nil {
		return nil, fmt.Errorf("read config: %w", err)
	}
	c.SetRoot(home) // Unmarshal blanks the root
	if err := c.ValidateBasic(); err != nil {
		return nil, fmt.Errorf("config %s: %w", home, err)
	}
	return c, nil
}

// App returns the engine's application.
func (e *Engine) App() *App { return e.app }

// Home returns the node's home directory.
func (e *Engine) Home() string { return e.home }

// DB returns the engine's store, for reads.
func (e *Engine) DB() *store.DB { return e.app.db }

// FirstBlock returns the lowest height Blocks serves: 1, or, for a log that begins at
// a snapshot (joined by state sync, or pruned), the height after it.
func (e *Engine) FirstBlock() (uint64, error) { return blocks.First(e.app.db) }

// Head returns the height of the last committed block, 0 before the first.
func (e *Engine) Head() (uint64, error) { return blocks.Head(e.app.db) }

// Blocks iterates over the committed blocks from height from to height to inclusive, in
// the shape Subscribe delivers them.
func (e *Engine) Blocks(from, to uint64) iter.Seq2[Block, error] {
	return blocks.Stored(e.app.db, from, to)
}

// Tx looks up a committed transaction by its id, reporting false when no block holds it.
func (e *Engine) Tx(id [32]byte) (TxAt, bool, error) { return blocks.TxAt(e.app.db, id) }

// View calls fn with the last committed state; see App.View.
func (e *Engine) View(fn func(*ledger.State)) { e.app.View(fn) }

// Subscribe returns every block committed from now on; see App.Subscribe.
func (e *Engine) Subscribe(buf int) (<-chan Block, func()) { return e.app.Subscribe(buf) }

// CatchingUp reports whether the node is still block syncing: restarted behind the
// network, or joining it, it applies blocks its peers already committed, so its state is
// behind theirs. It turns false once the node has caught up with its peers and
// switched to consensus, and never turns true again.
func (e *Engine) CatchingUp() bool { return e.node.ConsensusReactor().WaitSync() }

// Submit verifies tx's signature (once: CheckTx finds it verified), hands it to the
// mempool with BroadcastTxSync and waits until it is committed. A transaction refused
// at admission is answered with the ledger's error (a *ledger.Error, or one wrapping
// ledger.ErrMalformed, ErrUnknownKind, ErrBadSignature or ErrTooLarge) and never
// enters a block; one the ledger refuses by its rules is a receipt with Outcome.Err
// set. If ctx ends first, Submit returns ctx.Err() and the transaction may still be
// committed.
func (e *Engine) Submit(ctx context.Context, tx *ledger.Tx) (Receipt, error) {
	p, err := e.send(ctx, tx)
	if err != nil {
		return Receipt{}, err
	}
	defer p.forget()
	return e.await(ctx, p)
}

// SubmitAll hands each of txs to the mempool as Submit does, one after another in
// txs's order, so that CheckTx admits a sender's consecutive nonces in turn, then waits
// until each admitted one is committed.
func (e *Engine) SubmitAll(ctx context.Context, txs []*ledger.Tx) []chain.Result {
	out := make([]chain.Result, len(txs))
	sent := make([]*pending, len(txs))
	for i, tx := range txs {
		if sent[i], out[i].Err = e.send(ctx, tx); out[i].Err == nil {
			defer sent[i].forget()
		}
	}
	for i, p := range sent {
		if p != nil {
			out[i].Receipt, out[i].Err = e.await(ctx, p)
		}
	}
	return out
}

// pending is a transaction in the mempool whose commit its submitter waits for, or
// one already committed (done is then nil and r its receipt).
type pending struct {
	done   <-chan answer
	forget func()
	r      Receipt
}

// send verifies tx's signature, remembers it verified for CheckTx and broadcasts it,
// returning what to wait on for its commit; an error is its refusal at admission.
func (e *Engine) send(ctx context.Context, tx *ledger.Tx) (*pending, error) {
	select {
	case <-e.closed:
		return nil, ErrClosed
	default:
	}
	id, err := tx.VerifyID()
	if err != nil {
		return nil, err
	}
	raw, err := tx.MarshalJSON()
	if err != nil {
		return nil, err
	}
	e.app.remember(raw, tx, id)
	done, forget := e.app.hub.wait(id)
	res, err := e.client.BroadcastTxSync(ctx, raw)
	switch {
	case err != nil && strings.Contains(err.Error(), "tx already exists in cache"):
		if r, ok := e.committedReceipt(id); ok {
			forget()
			return &pending{forget: func() {}, r: r}, nil
		}
	case err != nil:
		forget()
		return nil, fmt.Errorf("broadcast: %w", err)
	case res.Code != CodeOK:
		forget()
		return nil, errorOf(res.Code, res.Log)
	}
	return &pending{done: done, forget: forget}, nil
}

// await waits until p's transaction is committed.
func (e *Engine) await(ctx context.Context, p *pending) (Receipt, error) {
	if p.done == nil {
		return p.r, nil
	}
	select {
	case a := <-p.done:
		return a.r, a.err
	case <-ctx.Done():
		return Receipt{}, ctx.Err()
	case <-e.closed:
		return Receipt{}, ErrClosed
	}
}

// committedReceipt returns the receipt of a transaction the file already holds.
func (e *Engine) committedReceipt(id [32]byte) (Receipt, bool) {
	t, ok, err := e.Tx(id)
	if err != nil || !ok {
		return Receipt{}, false
	}
	return t.Receipt, true
}

// Halted is closed once the app has stopped applying blocks (App.Halted).
func (e *Engine) Halted() <-chan struct{} { return e.app.Halted() }

// HaltErr returns why the app stopped, or nil while it runs.
func (e *Engine) HaltErr() error { return e.app.HaltErr() }

// Close stops the node, ends every subscription and closes the file.
func (e *Engine) Close() error {
	e.closeOnce.Do(func() {
		close(e.closed)
		e.log.closing.Store(true)
		var errs []error
		if err := e.node.Stop(); err != nil {
			errs = append(errs, fmt.Errorf("stop node: %w", err))
		}
		e.node.Wait()
		e.app.WaitSnapshots()
		e.app.hub.close()
		errs = append(errs, e.app.db.Close())
		e.closeErr = errors.Join(errs...)
	})
	return e.closeErr
}
