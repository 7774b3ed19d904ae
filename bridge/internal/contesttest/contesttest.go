// Package contesttest drives real contests on a solo engine for the bridge's tests: a
// dev arena with one validator, every transaction signed with a real secp256k1 key,
// committed to a real SQLite file, so that the award events the relayer reads are the
// ones the ledger wrote. Only test files import it: it links testing and the solo
// engine, neither of which the bridge itself may depend on.
package contesttest

import (
	"context"
	"crypto/ecdsa"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/arena/arena/chain/solo"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// Chain is the chain id of every test arena.
const Chain = "arena-bridge-test"

// Prize is the prize of every task.
var Prize = ledger.Ether(100)

const (
	closeS  = 3600
	windowS = 600
)

// Arena is a dev arena on a solo engine.
type Arena struct {
	t         testing.TB
	Path      string
	Engine    *solo.Engine
	sponsor   *ecdsa.PrivateKey
	validator *ecdsa.PrivateKey
	solvers   []*ecdsa.PrivateKey
}

// Open founds an arena in a temporary file, with three funded solvers and, if registry
// is not nil, that registry in its terms. The engine is closed when the test ends.
func Open(t testing.TB, registry *ledger.Address) *Arena {
	t.Helper()
	a := &Arena{t: t, Path: filepath.Join(t.TempDir(), "arena.db"), sponsor: key(t), validator: key(t)}
	terms := ledger.Terms{
		Chain: Chain, Name: "Bridge test arena", Symbol: "GEN", EntryBond: ledger.Ether(1), AppealBond: ledger.Ether(2),
		AppealWindowS: windowS, GradingWindowS: 86400, Validators: []ledger.Address{addr(a.validator)}, Attempts: 3, RoundTimeoutS: 600,
		Registry: registry, DevMode: true,
		Genesis: []ledger.Allocation{{Address: addr(a.sponsor), Amount: ledger.Ether(10_000)}},
	}
	for range 3 {
		k := key(t)
		a.solvers = append(a.solvers, k)
		terms.Genesis = append(terms.Genesis, ledger.Allocation{Address: addr(k), Amount: ledger.Ether(10)})
	}
	e, err := solo.Open(solo.Config{Path: a.Path}, &terms)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	a.Engine = e
	return a
}

// DB is the engine's store.
func (a *Arena) DB() *store.DB { return a.Engine.DB() }

// Solver is the address of solver i (0, 1 or 2).
func (a *Arena) Solver(i int) ledger.Address { return addr(a.solvers[i]) }

// Won runs a contest that solver i wins with a reading on rung tier (1 to 5): post,
// enter, grade, attest, wait out the close and the appeal window, award. It returns the
// task and the winning entry.
func (a *Arena) Won(i, tier int) (ledger.TaskID, ledger.EntryID) {
	a.t.Helper()
	task := a.post()
	entry := ledger.EntryID(a.send(a.solvers[i], ledger.Ether(1), ledger.Submit{Task: task, Work: "A launch note."}).Created)
	round := ledger.RoundID(a.send(a.sponsor, ledger.Amount{}, ledger.Grade{Entry: entry}).Created)
	res := ledger.Result{
		Tier: tier, Passed: true, Score: ledger.ScoreOf(tier, 0, false), JudgedTier: tier,
		JudgedScore: tier * ledger.PointsPerRung, Rationale: "delivers the brief", WorkDigest: "00",
	}
	a.send(a.validator, ledger.Amount{}, ledger.Attest{Round: round, Attempt: 1, Result: res})
	a.award(task)
	return task, entry
}

// Voided runs a contest nobody enters, so that its award voids it.
func (a *Arena) Voided() ledger.TaskID {
	a.t.Helper()
	task := a.post()
	a.award(task)
	return task
}

func (a *Arena) post() ledger.TaskID {
	a.t.Helper()
	out := a.send(a.sponsor, Prize, ledger.PostTask{Title: "Launch note", Spec: "Write a launch note.",
		Rubric: "The note must be at most 600 characters.", ClosesInS: closeS})
	return ledger.TaskID(out.Created)
}

func (a *Arena) award(task ledger.TaskID) {
	a.t.Helper()
	a.send(a.sponsor, ledger.Amount{}, ledger.Advance{Seconds: closeS + windowS + 1})
	out := a.send(a.sponsor, ledger.Amount{}, ledger.Award{Task: task})
	if len(out.Events) != 1 || out.Events[0].Type != "award" {
		a.t.Fatalf("award(%d) emitted %+v", task, out.Events)
	}
}

// send signs body from k with k's next nonce, submits it and fails the test unless it
// is applied.
func (a *Arena) send(k *ecdsa.PrivateKey, value ledger.Amount, body ledger.Body) ledger.Outcome {
	a.t.Helper()
	from := addr(k)
	var nonce uint64
	a.Engine.View(func(s *ledger.State) { nonce = s.NextNonce(from) })
	tx := &ledger.Tx{Chain: Chain, From: from, Nonce: nonce, Value: value, Body: body}
	h, err := tx.SigningHash()
	if err != nil {
		a.t.Fatal(err)
	}
	if tx.Sig, err = crypto.Sign(h[:], k); err != nil {
		a.t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	r, err := a.Engine.Submit(ctx, tx)
	if err != nil {
		a.t.Fatalf("%s: %v", body.Kind(), err)
	}
	if !r.Outcome.OK() {
		a.t.Fatalf("%s refused: %s", body.Kind(), r.Outcome.Err)
	}
	return r.Outcome
}

// Task returns the ledger's view of task.
func (a *Arena) Task(id ledger.TaskID) ledger.TaskView {
	a.t.Helper()
	var v ledger.TaskView
	var ok bool
	a.Engine.View(func(s *ledger.State) { v, ok = s.Task(id) })
	if !ok {
		a.t.Fatalf("no task %d", id)
	}
	return v
}

// Snapshot returns every view of the arena.
func (a *Arena) Snapshot() ledger.Snapshot {
	var snap ledger.Snapshot
	a.Engine.View(func(s *ledger.State) { snap = s.Snapshot() })
	return snap
}

// Blocks adapts the engine's subscription to bridge.Subscriber: it forwards heights.
func (a *Arena) Blocks() Subscriber { return Subscriber{a.Engine} }

// Subscriber forwards the heights of an engine's committed blocks.
type Subscriber struct{ e *solo.Engine }

// Subscribe returns the heights of the blocks committed from now on.
func (s Subscriber) Subscribe(buf int) (<-chan uint64, func()) {
	in, stop := s.e.Subscribe(buf)
	out := make(chan uint64, buf)
	go func() {
		defer close(out)
		for b := range in {
			select {
			case out <- b.Height:
			default:
				return // a full buffer: drop, as the engine does
			}
		}
	}()
	return out, stop
}

func key(t testing.TB) *ecdsa.PrivateKey {
	t.Helper()
	k, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(fmt.Errorf("generate key: %w", err))
	}
	return k
}

func addr(k *ecdsa.PrivateKey) ledger.Address {
	return ledger.Address(crypto.PubkeyToAddress(k.PublicKey))
}
