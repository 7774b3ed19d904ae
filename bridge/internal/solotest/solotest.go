// Package solotest runs contests on a real solo engine for the bridge's tests: a dev
// arena with one validator, driven by ledgertest's Contest, every transaction signed
// with a named key and committed to a real SQLite file, so that the award events the
// relayer reads are the ones the ledger wrote. Only test files import it: it links
// testing and the solo engine, neither of which the bridge itself may depend on.
package solotest

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/arena/arena/chain/solo"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/store"
)

// Chain is the chain id of every test arena.
const Chain = "arena-bridge-test"

// Prize is the prize of every task.
var Prize = ledger.Ether(100)

// Solvers are the funded solvers of every test arena.
var Solvers = []string{"alice", "bob", "carol"}

// Arena is a dev arena on a solo engine, driven by a ledgertest.Contest.
type Arena struct {
	*ledgertest.Contest
	t      testing.TB
	Engine *solo.Engine
}

// Open founds an arena in a temporary file with one validator (v1), a funded sponsor
// and Solvers, and, if registry is not nil, that registry in its terms. The engine is
// closed when the test ends.
func Open(t testing.TB, registry *ledger.Address) *Arena {
	t.Helper()
	terms := ledger.Terms{
		Chain: Chain, Name: "Bridge test arena", Symbol: "GEN", EntryBond: ledger.Ether(1), AppealBond: ledger.Ether(2),
		AppealWindowS: 600, GradingWindowS: 86400, Validators: []ledger.Address{ledgertest.Addr("v1")}, Attempts: 3,
		RoundTimeoutS: 600, Registry: registry, DevMode: true,
		Genesis: []ledger.Allocation{{Address: ledgertest.Addr("sponsor"), Amount: ledger.Ether(10_000)}},
	}
	for _, s := range Solvers {
		terms.Genesis = append(terms.Genesis, ledger.Allocation{Address: ledgertest.Addr(s), Amount: ledger.Ether(10)})
	}
	e, err := solo.Open(solo.Config{Path: filepath.Join(t.TempDir(), "arena.db")}, &terms)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	return &Arena{Contest: ledgertest.Drive(t, applier{e}), t: t, Engine: e}
}

// Won runs a contest that solver wins with an honest reading on rung tier (1 to 5):
// post, enter, grade, wait out the close and the appeal window, award. It returns the
// task and the winning entry.
func (a *Arena) Won(solver string, tier int) (ledger.TaskID, ledger.EntryID) {
	a.t.Helper()
	task := a.Post(Prize)
	entry := a.Enter(task, solver, "A launch note.")
	a.GradeAs(entry, ledgertest.Reading(tier, 0, false))
	if tv := a.Settle(task); tv.State != ledger.TaskAwarded || tv.Winner != entry {
		a.t.Fatalf("task %d: %s, won by entry %d; want awarded to entry %d", task, tv.State, tv.Winner, entry)
	}
	return task, entry
}

// Voided runs a contest nobody enters, so that its award voids it.
func (a *Arena) Voided() ledger.TaskID {
	a.t.Helper()
	task := a.Post(Prize)
	if tv := a.Settle(task); tv.State != ledger.TaskVoided {
		a.t.Fatalf("task %d: %s, want voided", task, tv.State)
	}
	return task
}

// DB is the engine's store.
func (a *Arena) DB() *store.DB { return a.Engine.DB() }

// Task returns the ledger's view of task.
func (a *Arena) Task(id ledger.TaskID) ledger.TaskView {
	a.t.Helper()
	var v ledger.TaskView
	var ok bool
	a.View(func(s *ledger.State) { v, ok = s.Task(id) })
	if !ok {
		a.t.Fatalf("no task %d", id)
	}
	return v
}

// Snapshot returns every view of the arena.
func (a *Arena) Snapshot() ledger.Snapshot {
	var snap ledger.Snapshot
	a.View(func(s *ledger.State) { snap = s.Snapshot() })
	return snap
}

// Blocks adapts the engine's subscription to bridge.Subscriber: it forwards heights.
func (a *Arena) Blocks() Subscriber { return Subscriber{a.Engine} }

// applier applies transactions through the engine, as ledgertest's driver needs.
type applier struct{ e *solo.Engine }

var _ ledgertest.Applier = applier{}

// Apply submits tx and returns its outcome once its block is durably committed.
func (a applier) Apply(tx *ledger.Tx) (ledger.Outcome, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	r, err := a.e.Submit(ctx, tx)
	return r.Outcome, err
}

// View calls fn with the committed state.
func (a applier) View(fn func(*ledger.State)) { a.e.View(fn) }

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
