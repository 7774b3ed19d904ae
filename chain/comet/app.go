package comet

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync"

	abci "github.com/cometbft/cometbft/abci/types"
	cmtproto "github.com/cometbft/cometbft/proto/tendermint/types"

	"github.com/arena/arena/chain/blocks"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// DefaultCheckpointEvery is how many blocks pass between full checkpoints by default.
const DefaultCheckpointEvery = 100

// ErrNoGenesis is returned when a block arrives before the founding terms are known.
var ErrNoGenesis = errors.New("no founding terms: InitChain has not run")

// App is the ledger as an ABCI 2.0 application over one SQLite file. CometBFT calls
// its methods from its connections at once, each connection one call at a time
// (consensus: FinalizeBlock and Commit; mempool: CheckTx; query: Query and Info), so
// what two connections share is locked; View, Committed and the waiters may be used
// from any goroutine.
type App struct {
	abci.BaseApplication

	db  *store.DB
	log *slog.Logger

	mu        sync.RWMutex // guards committed, last and appHash
	committed *ledger.State
	last      store.BlockInfo
	appHash   [32]byte

	// Owned by the consensus connection, which CometBFT serialises.
	deliver *ledger.State
	pending *finalized
	ckpts   blocks.Checkpoints

	hashHeight uint64        // the height whose state hash is appHash; 0 for genesis
	snaps      *snapshots    // nil: none made or offered
	keep       uint64        // Pruning.KeepBlocks; 0 keeps every block
	restoring  *restoring    // the snapshot being applied, owned by the snapshot connection
	terms      *ledger.Terms // the genesis file's founding terms, when the engine knows them

	check    checkState
	verified verifiedTxs
	hub      hub

	home     string // the node's home, where a stop for an upgrade is recorded; "" for none
	haltOnce sync.Once
	halted   halter
}

// finalized is a block FinalizeBlock applied and Commit has yet to write.
type finalized struct {
	block   store.CommittedBlock
	appHash [32]byte
	dropped []decoded // transactions the block carried that failed admission
}

// NewApp returns the application over db. If db already holds founding terms, the
// state is rebuilt from it (checkpoint and replay); otherwise InitChain sets it up.
// checkpointEvery <= 0 means DefaultCheckpointEvery; logger nil discards.
func NewApp(db *store.DB, checkpointEvery int, logger *slog.Logger) (*App, error) {
	if checkpointEvery <= 0 {
		checkpointEvery = DefaultCheckpointEvery
	}
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	a := &App{db: db, log: logger, ckpts: blocks.Checkpoints{Every: checkpointEvery}, halted: halter{done: make(chan struct{})}}
	a.check.reset()
	terms, ok, err := db.Genesis()
	if err != nil || !ok {
		return a, err
	}
	if err := a.load(terms); err != nil {
		return nil, err
	}
	return a, nil
}

// load rebuilds both states from the file.
func (a *App) load(terms ledger.Terms) error {
	r, err := restore(a.db, terms)
	if err != nil {
		return fmt.Errorf("restore %s: %w", a.db.Path(), err)
	}
	deliver, err := clone(r.state)
	if err != nil {
		return err
	}
	if r.state != nil {
		r.state.Hash() // memoised before views see the state, so that they only read it
	}
	a.mu.Lock()
	a.committed, a.last, a.appHash = r.state, r.last, r.appHash
	a.mu.Unlock()
	a.deliver, a.hashHeight = deliver, r.hashHeight
	a.log.Info("arena open", "path", a.db.Path(), "height", r.last.Height, "app_hash", store.HexID(r.appHash))
	return nil
}

// clone returns an independent copy of s.
func clone(s *ledger.State) (*ledger.State, error) {
	b, err := s.Encode()
	if err != nil {
		return nil, err
	}
	c, err := ledger.Decode(b)
	if err != nil {
		return nil, fmt.Errorf("copy state: %w", err)
	}
	return c, nil
}

// View calls fn with the last committed state under a read lock. fn must not keep the
// state, modify it or call the app. Many views run at once: the state's hash is
// memoised before a state is published, so that no view writes.
func (a *App) View(fn func(*ledger.State)) {
	a.mu.RLock()
	defer a.mu.RUnlock()
	fn(a.committed)
}

// Committed returns the last committed block's row and the app hash after it.
func (a *App) Committed() (store.BlockInfo, [32]byte) {
	a.mu.RLock()
	defer a.mu.RUnlock()
	return a.last, a.appHash
}

// DB returns the app's store, for reads. Nothing but the app may write to it.
func (a *App) DB() *store.DB { return a.db }

// Info reports the last committed height and app hash, so CometBFT replays what the
// file lacks, and the protocol version the next block is applied under: CometBFT's state
// after a block records the app version of the block after it (an upgrade's update is
// returned one block ahead, versionUpdate), and state sync checks Info after restoring a
// snapshot at height h against the header of h+1, so a snapshot of the block before an
// upgrade's height must report the upgrade's version.
func (a *App) Info(context.Context, *abci.RequestInfo) (*abci.ResponseInfo, error) {
	last, h := a.Committed()
	version := ledger.FirstVersion
	a.View(func(s *ledger.State) {
		if s != nil {
			version = s.VersionAt(s.Height() + 1)
		}
	})
	res := &abci.ResponseInfo{Data: "arena", Version: strconv.FormatUint(ledger.KnownVersion(), 10), AppVersion: version, LastBlockHeight: int64(last.Height)}
	if last.Height > 0 {
		res.LastBlockAppHash = bytes.Clone(h[:])
	}
	return res, nil
}

// InitChain loads the founding terms from the genesis app_state (ledger.Terms as
// JSON), records them in a new file and refuses terms that differ from those of a file
// that has them. It returns the genesis state's hash as the initial app hash and, for
// a network founded by ceremony, the consensus validator set of the founding terms'
// join statements (every signature checked by ledger.New), equal power each.
func (a *App) InitChain(_ context.Context, req *abci.RequestInitChain) (*abci.ResponseInitChain, error) {
	terms, err := decodeTerms(req.AppStateBytes)
	if err != nil {
		return nil, err
	}
	if _, err := ledger.New(terms); err != nil {
		return nil, fmt.Errorf("founding terms: %w", err)
	}
	if terms.Chain != req.ChainId {
		return nil, fmt.Errorf("founding terms name chain %q, the genesis file %q", terms.Chain, req.ChainId)
	}
	var vals []abci.ValidatorUpdate
	if len(terms.Joins) > 0 {
		vals = joinValidators(terms.Joins)
		if len(req.Validators) > 0 && !sameValidators(req.Validators, vals) {
			return nil, errors.New("the genesis file's validators are not the founding terms' join statements")
		}
	}
	if err := a.db.SetGenesis(terms); err != nil {
		return nil, err
	}
	if err := a.load(terms); err != nil {
		return nil, err
	}
	_, h := a.Committed()
	var version uint64
	a.View(func(s *ledger.State) { version = s.Version() })
	params := &cmtproto.ConsensusParams{Version: &cmtproto.VersionParams{App: version}} // the founding version in every header
	return &abci.ResponseInitChain{AppHash: bytes.Clone(h[:]), Validators: vals, ConsensusParams: params}, nil
}

// decodeTerms reads founding terms, refusing unknown fields and trailing data.
func decodeTerms(b []byte) (ledger.Terms, error) {
	var t ledger.Terms
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(&t); err != nil {
		return t, fmt.Errorf("genesis app_state is not founding terms: %w", err)
	}
	if d.More() {
		return t, errors.New("genesis app_state has data after the founding terms")
	}
	return t, nil
}
