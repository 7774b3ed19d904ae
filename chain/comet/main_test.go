package comet_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"testing"
	"time"

	"github.com/arena/arena/chain/comet"
	"github.com/arena/arena/grading"
	"github.com/arena/arena/grading/prompt"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/reader"
	"github.com/arena/arena/validator"
)

// Environment of a node process: the test binary re-executed with nodeHomeEnv set runs
// one node and its grading validator instead of the tests.
const (
	nodeHomeEnv      = "ARENA_COMET_TEST_NODE_HOME"
	nodeDishonestEnv = "ARENA_COMET_TEST_DISHONEST"
)

func TestMain(m *testing.M) {
	if home := os.Getenv(nodeHomeEnv); home != "" {
		if err := runNode(home, os.Getenv(nodeDishonestEnv) != ""); err != nil {
			fmt.Fprintln(os.Stderr, "node:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// runNode runs the engine of home and a grading worker with the builtin reader until
// SIGTERM or SIGINT. A dishonest worker always reads one rung higher.
func runNode(home string, dishonest bool) error {
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	e, err := comet.Open(home, comet.Options{Logger: log, CometLog: os.Stderr})
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
	if dishonest {
		model = higher{model}
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	w := validator.New(validator.Config{
		Key: key, Chain: workerChain{e},
		Pipeline:   &grading.Pipeline{Reader: model, Compiler: model},
		RunTimeout: 10 * time.Second, Poll: 250 * time.Millisecond, RotateGrace: time.Second,
		Logger: log,
	})
	return w.Run(ctx)
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
