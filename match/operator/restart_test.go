package operator_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/grading/prompt"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/match/operator"
	"github.com/arena/arena/reader/builtin"
)

// crashChain passes transactions to the engine until the first of the kind it crashes
// on for turn crashTurn, which it drops; from then on it drops everything, as a process
// that died would.
type crashChain struct {
	soloChain
	kind      string
	crashTurn int
	mu        sync.Mutex
	dead      bool
	crashed   chan struct{}
}

var errCrashed = errors.New("the operator's process died")

func (c *crashChain) Submit(ctx context.Context, tx *ledger.Tx) (ledger.Outcome, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.dead && string(tx.Body.Kind()) == c.kind && turnOf(tx.Body) == c.crashTurn {
		c.dead = true
		close(c.crashed)
	}
	if c.dead {
		return ledger.Outcome{}, errCrashed
	}
	return c.soloChain.Submit(ctx, tx)
}

func turnOf(b ledger.Body) int {
	switch b := b.(type) {
	case match.Commit:
		return b.Turn
	case match.Reveal:
		return b.Turn
	}
	return 0
}

// countingModels serves every agent with the builtin reader and counts the calls.
type countingModels struct{ calls atomic.Int64 }

func (c *countingModels) models(string) (grading.Model, error) { return c, nil }

func (c *countingModels) Complete(ctx context.Context, p prompt.Prompt) (string, ledger.Call, error) {
	c.calls.Add(1)
	return builtin.New().Complete(ctx, p)
}

// TestARestartBetweenCommitAndRevealLosesNothing: issue 15, "resumes after a restart
// from the ledger's state (it keeps salts in its store so a crash between commit and
// reveal loses nothing)". The operator dies right after committing turn 3; a new one,
// with nothing but the ledger and the store, reveals the hidden turn from the store
// (the ledger accepts it, so it opens the commitments) and plays the match to its
// finish, and no model is asked twice for one decision.
func TestARestartBetweenCommitAndRevealLosesNothing(t *testing.T) {
	crashAndResume(t, string(match.KindReveal))
}

// TestARestartBeforeTheCommitReusesTheKeptDecisions: the operator dies after keeping
// turn 3's decisions but before its commit is ordered; the new one commits those kept
// decisions rather than asking the models again, so the receipts the ledger reveals
// are the ones first signed.
func TestARestartBeforeTheCommitReusesTheKeptDecisions(t *testing.T) {
	crashAndResume(t, string(match.KindCommit))
}

func crashAndResume(t *testing.T, kind string) {
	a := newArena(t)
	id := a.create([2]string{"builtin", "builtin"})
	cm := &countingModels{}
	cc := &crashChain{soloChain: a.chain, kind: kind, crashTurn: 3, crashed: make(chan struct{})}
	_, stop := a.run(operator.Config{Chain: cc, Models: cm.models})
	a.join(id)
	<-cc.crashed
	stop()
	m := a.match(id)
	kept, ok, err := a.store.Turn(id, 3)
	if err != nil || !ok {
		t.Fatalf("store holds no turn 3 after the crash: %v", err)
	}
	if kind == string(match.KindReveal) && m.Hidden != 3 {
		t.Fatalf("after the crash, hidden turn = %d, want 3", m.Hidden)
	}
	if kind == string(match.KindCommit) && (m.NextTurn != 3 || m.Hidden != 0) {
		t.Fatalf("after the crash, next turn %d and hidden %d, want 3 and none", m.NextTurn, m.Hidden)
	}
	o, stop2 := a.run(operator.Config{Models: cm.models})
	m = a.waitFor(id, "settled", over)
	finishCounted(o)
	stop2()
	if m.State != match.StateFinished {
		t.Fatalf("match is %s (%s), want finished", m.State, m.VoidReason)
	}
	for i, d := range m.Turns[2].Decisions {
		if d.Receipt != kept.Agents[i].Receipt || d.Salt != kept.Agents[i].Salt {
			t.Errorf("turn 3 agent %d: revealed %+v, want the kept decision %+v", i, d.Receipt, kept.Agents[i].Receipt)
		}
	}
	if got, want := cm.calls.Load(), int64(2*len(m.Turns)); got != want {
		t.Errorf("models asked %d times over %d turns, want %d", got, len(m.Turns), want)
	}
	if st := o.Stats(); st.Finished != 1 || st.Refused != 0 {
		t.Errorf("resumed operator's stats %+v", st)
	}
}
