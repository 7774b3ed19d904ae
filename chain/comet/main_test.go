package comet_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/arena/arena/account"
	"github.com/arena/arena/api"
	"github.com/arena/arena/blobs"
	"github.com/arena/arena/chain/comet"
	"github.com/arena/arena/grading"
	"github.com/arena/arena/grading/bounty"
	gchallenge "github.com/arena/arena/grading/challenge"
	"github.com/arena/arena/grading/host"
	"github.com/arena/arena/grading/prompt"
	gtender "github.com/arena/arena/grading/tender"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/reader"
	"github.com/arena/arena/sandbox"
	"github.com/arena/arena/store"
	"github.com/arena/arena/validator"
)

// Environment of a node process: the test binary re-executed with nodeHomeEnv set runs
// one node, its API (blobs and work, on nodeAPIEnv) and its grading validator instead of
// the tests; nodePeersEnv names the other nodes' APIs, which the validator asks for the
// artifacts its node lacks; nodeDishonestEnv, if set, names how that validator lies
// (readsHigher or hidesDisqualification); nodeSnapshotsEnv, if set, is the snapshot
// interval in blocks, and nodeStateSyncEnv, if set, a comet.StateSync as JSON for a node
// that joins by state sync.
const (
	nodeHomeEnv      = "ARENA_COMET_TEST_NODE_HOME"
	nodeDishonestEnv = "ARENA_COMET_TEST_DISHONEST"
	nodeAPIEnv       = "ARENA_COMET_TEST_API"   // host:port the node's API listens on
	nodePeersEnv     = "ARENA_COMET_TEST_PEERS" // the other nodes' API base URLs, space-separated
	nodeSnapshotsEnv = "ARENA_COMET_TEST_SNAPSHOTS"
	nodeStateSyncEnv = "ARENA_COMET_TEST_STATESYNC"
	// nodeProfileEnv, if set in the test's own environment, names a directory where
	// every node process writes a CPU profile, <home name>.pprof, when it stops
	// (SIGTERM; a killed node writes nothing).
	nodeProfileEnv = "ARENA_COMET_TEST_NODE_CPUPROFILE"
)

// The ways a node's validator may be dishonest.
const (
	readsHigher           = "higher" // every reading one rung higher
	hidesDisqualification = "hide"   // an entry code disqualified attested as passed
)

func TestMain(m *testing.M) {
	if home := os.Getenv(nodeHomeEnv); home != "" {
		if err := runNode(home, os.Getenv(nodeDishonestEnv)); err != nil {
			fmt.Fprintln(os.Stderr, "node:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// runNode runs the engine of home and a grading worker with the builtin reader until
// SIGTERM or SIGINT; lie is how the worker is dishonest, empty for not at all.
func runNode(home, lie string) error {
	if dir := os.Getenv(nodeProfileEnv); dir != "" {
		f, err := os.Create(filepath.Join(dir, filepath.Base(home)+".pprof"))
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	o := comet.Options{Logger: log, CometLog: os.Stderr}
	if v := os.Getenv(nodeSnapshotsEnv); v != "" {
		if err := json.Unmarshal([]byte(v), &o.Snapshots.Every); err != nil {
			return fmt.Errorf("$%s: %w", nodeSnapshotsEnv, err)
		}
	}
	if v := os.Getenv(nodeStateSyncEnv); v != "" {
		o.StateSync = new(comet.StateSync)
		if err := json.Unmarshal([]byte(v), o.StateSync); err != nil {
			return fmt.Errorf("$%s: %w", nodeStateSyncEnv, err)
		}
	}
	e, err := comet.Open(home, o)
	if err != nil {
		return err
	}
	defer e.Close()
	key, err := comet.LoadValidatorKey(home)
	if err != nil {
		return err
	}
	model, err := reader.Open("builtin", os.Getenv)
	if err != nil {
		return err
	}
	var chain validator.Chain = workerChain{e}
	switch lie {
	case "":
	case readsHigher:
		model = higher{model}
	case hidesDisqualification:
		chain = hiding{workerChain{e}, key}
	default:
		return fmt.Errorf("$%s: unknown dishonesty %q", nodeDishonestEnv, lie)
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	peers := blobs.Peers{Bases: strings.Fields(os.Getenv(nodePeersEnv)), Log: log}
	host, err := challengeHost(ctx, home, peers)
	if err != nil {
		return err
	}
	defer host.Runtime.Close(context.Background())
	stopAPI, err := serveAPI(e, host.Store, log)
	if err != nil {
		return err
	}
	defer stopAPI()
	w := validator.New(validator.Config{
		Key: key, Chain: chain,
		Graders: map[string]grading.Grader{
			bounty.Kind:          &bounty.Pipeline{Reader: model, Compiler: model, Works: peerWorks{e.DB(), peers}},
			gtender.Kind:         &gtender.Scorer{Model: model},
			gtender.CheckKind:    &gtender.Checker{Model: model},
			gchallenge.RunKind:   gchallenge.Runner{Host: host},
			gchallenge.CheckKind: gchallenge.Checker{Host: host},
		},
		RunTimeout: 10 * time.Second, Poll: 250 * time.Millisecond, RotateGrace: time.Second,
		Logger: log,
	})
	return w.Run(ctx)
}

// challengeHost is what a node's validator runs benchmark challenges with: a sandbox
// whose compilation cache is shared by every node of the network (the directory beside
// their homes), the node's own blob store, <home>/blobs, which holds the artifacts
// uploaded to it, keeps those fetched from a peer and receives the transcripts its
// validator publishes, and the other nodes, asked for what it lacks.
func challengeHost(ctx context.Context, home string, peers blobs.Peers) (*gchallenge.Host, error) {
	rt, err := sandbox.New(ctx, sandbox.Config{CacheDir: wasmCache(filepath.Dir(home))})
	if err != nil {
		return nil, err
	}
	st, err := blobs.Open(nodeBlobs(home))
	if err != nil {
		return nil, errors.Join(err, rt.Close(ctx))
	}
	return &gchallenge.Host{Host: host.Host{Runtime: rt, Store: st, Nodes: []blobs.Source{peers}}}, nil
}

// serveAPI serves the node's API on $nodeAPIEnv, as `arena node` does: the other nodes'
// validators and auditors fetch from it the artifacts uploaded here and the transcripts
// published here, and uploads are made to it.
func serveAPI(e *comet.Engine, st *blobs.Store, log *slog.Logger) (func(), error) {
	l, err := net.Listen("tcp", os.Getenv(nodeAPIEnv))
	if err != nil {
		return nil, err
	}
	srv := &http.Server{Handler: api.New(api.Config{Chain: e, Blobs: st, Works: e.DB(), Logger: log}), ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(l)
	return func() { srv.Close() }, nil
}

// peerWorks is the node's work store, then the other nodes' work routes: the bytes a URL
// entry committed, uploaded to any one node, reach every validator.
type peerWorks struct {
	db    *store.DB
	peers blobs.Peers
}

func (w peerWorks) Work(ctx context.Context, d string) ([]byte, bool) {
	if b, ok, err := w.db.Work(ctx, d); err == nil && ok {
		return b, true
	}
	p := w.peers
	p.Route = blobs.WorkRoute
	b, err := blobs.Fetch(ctx, d, p)
	return b, err == nil
}

// wasmCache is the compilation cache the nodes of a network in dir share.
func wasmCache(dir string) string { return filepath.Join(dir, "wasm-cache") }

// nodeBlobs is the blob store of the node in home.
func nodeBlobs(home string) string { return filepath.Join(home, "blobs") }

// hiding is a dishonest chain: an attestation of an entry that code disqualified for a
// failed mandatory check is re-signed as passed, on the reader's rung with its score,
// every check passed. The arithmetic stays consistent, so the ledger records it as a
// disagreement rather than refusing it.
type hiding struct {
	workerChain
	key *account.Key
}

func (c hiding) Submit(ctx context.Context, tx *ledger.Tx) (ledger.Outcome, error) {
	if at, ok := tx.Body.(ledger.Attest); ok && at.Result.Error == "" && at.Result.Disqualified && at.Result.DuplicateOf == 0 {
		r := &at.Result
		r.Disqualified, r.Tier = false, r.JudgedTier
		r.Passed, r.Score = r.Tier >= 1, ledger.ScoreOf(r.Tier, r.Violations, false)
		r.Checks = slices.Clone(r.Checks)
		for i := range r.Checks {
			r.Checks[i].Passed, r.Checks[i].Error = true, ""
		}
		r.Reason = "every required criterion met"
		tx.Body, tx.Sig = at, nil
		if err := c.key.SignTx(tx); err != nil {
			return ledger.Outcome{}, err
		}
	}
	return c.workerChain.Submit(ctx, tx)
}

// higher is a dishonest model: every reading lands one rung above its own.
type higher struct{ grading.Model }

func (m higher) Complete(ctx context.Context, p prompt.Prompt) (string, ledger.Call, error) {
	text, call, err := m.Model.Complete(ctx, p)
	if err != nil || p.Purpose != prompt.Read {
		return text, call, err
	}
	var a struct {
		Rung int `json:"rung"`
	}
	if json.Unmarshal([]byte(text), &a) == nil {
		text = fmt.Sprintf(`{"rung": %d, "rationale": "one higher"}`, min(a.Rung+1, ledger.Rungs-1))
		sum := sha256.Sum256([]byte(text))
		call.Response, call.ResponseSHA = text, hex.EncodeToString(sum[:])
	}
	return text, call, nil
}

// workerChain is the engine as a grading worker reads and writes through it.
type workerChain struct{ e *comet.Engine }

func (c workerChain) View(fn func(*ledger.State)) { c.e.View(fn) }

// CatchingUp makes the chain a validator.Syncer: the worker waits while the node block
// syncs.
func (c workerChain) CatchingUp() bool { return c.e.CatchingUp() }

func (c workerChain) Submit(ctx context.Context, tx *ledger.Tx) (ledger.Outcome, error) {
	r, err := c.e.Submit(ctx, tx)
	return r.Outcome, err
}

// Subscribe forwards the height of each committed block; a full buffer skips heights.
func (c workerChain) Subscribe(buf int) (<-chan uint64, func()) {
	in, stop := c.e.Subscribe(buf)
	out := make(chan uint64, max(buf, 1))
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
