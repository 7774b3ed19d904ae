package operator_test

import (
	"context"
	"crypto/rand"
	"errors"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/arena/arena/account"
	"github.com/arena/arena/chain/solo"
	"github.com/arena/arena/grading"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/match/operator"
	"github.com/arena/arena/reader/builtin"
)

// soloChain adapts the solo engine to operator.Chain, as package node does.
type soloChain struct{ e *solo.Engine }

func (c soloChain) View(fn func(*ledger.State)) { c.e.View(fn) }

func (c soloChain) Submit(ctx context.Context, tx *ledger.Tx) (ledger.Outcome, error) {
	r, err := c.e.Submit(ctx, tx)
	return r.Outcome, err
}

func (c soloChain) Subscribe(buf int) (<-chan uint64, func()) {
	in, stop := c.e.Subscribe(buf)
	out := make(chan uint64, buf)
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

// arena is a real solo engine on a SQLite file whose founding terms name one operator,
// "op", with a treasury, and fund the entrants and a bettor.
type arena struct {
	t      *testing.T
	engine *solo.Engine
	chain  soloChain
	op     *account.Key
	store  operator.Dir
	terms  ledger.Terms
	nonces sync.Mutex
}

func newArena(t *testing.T) *arena {
	t.Helper()
	a := &arena{t: t, op: ledgertest.Key("op"), store: operator.Dir(filepath.Join(t.TempDir(), operator.DirName))}
	treasury := ledgertest.Addr("treasury")
	a.terms = ledger.Terms{
		Chain: "arena-test", Name: "test", Symbol: "GEN",
		EntryBond: ledger.Ether(5), AppealBond: ledger.Ether(20), AppealWindowS: 3600, GradingWindowS: 86400,
		Attempts: 3, RoundTimeoutS: 60, Validators: []ledger.Address{ledgertest.Addr("v1")},
		Treasury: &treasury, Operators: []ledger.Address{a.op.Address()}, OperatorBond: ledger.Ether(10),
	}
	for _, who := range []string{"op", "alice", "bob", "carol"} {
		a.terms.Genesis = append(a.terms.Genesis, ledger.Allocation{Address: ledgertest.Addr(who), Amount: ledger.Ether(1000)})
	}
	e, err := solo.Open(solo.Config{Path: filepath.Join(t.TempDir(), "arena.db")}, &a.terms)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	a.engine, a.chain = e, soloChain{e}
	return a
}

// send sends body as who with value and fails the test on any refusal.
func (a *arena) send(who string, value ledger.Amount, body ledger.Body) ledger.Outcome {
	a.t.Helper()
	out, err := a.try(who, value, body)
	if err != nil {
		a.t.Fatalf("%s's %s: %v", who, body.Kind(), err)
	}
	return out
}

// try sends body as who with value and returns a refusal as an error.
func (a *arena) try(who string, value ledger.Amount, body ledger.Body) (ledger.Outcome, error) {
	a.nonces.Lock()
	defer a.nonces.Unlock()
	k := ledgertest.Key(who)
	tx := &ledger.Tx{From: k.Address(), Value: value, Body: body}
	a.engine.View(func(s *ledger.State) {
		tx.Nonce = s.NextNonce(k.Address())
		terms := s.Terms()
		terms.Stamp(tx, ledger.NoExpiry)
	})
	if err := k.SignTx(tx); err != nil {
		return ledger.Outcome{}, err
	}
	r, err := a.engine.Submit(context.Background(), tx)
	if err == nil && !r.Outcome.OK() {
		err = errors.New(r.Outcome.Err)
	}
	return r.Outcome, err
}

// create keeps a fresh secret in the store and creates a match between alice and bob
// whose agents are served by the models named.
func (a *arena) create(models [2]string) match.MatchID {
	a.t.Helper()
	secret, commitment, err := operator.NewSecret(rand.Reader)
	if err != nil {
		a.t.Fatal(err)
	}
	if err := a.store.PutSecret(secret); err != nil {
		a.t.Fatal(err)
	}
	out := a.send("op", a.terms.OperatorBond, match.Create{
		Entrants: [2]ledger.Address{ledgertest.Addr("alice"), ledgertest.Addr("bob")},
		Agents: [2]match.Agent{
			{Model: models[0], SystemPrompt: "You are Alice's agent. Win."},
			{Model: models[1], SystemPrompt: "You are Bob's agent. Be bold."},
		},
		EntryFee: ledger.Ether(5), FeeBps: 100, SeedCommitment: commitment,
	})
	return match.MatchID(out.Created)
}

// join has both entrants join match id.
func (a *arena) join(id match.MatchID) {
	a.t.Helper()
	a.send("alice", ledger.Ether(5), match.Join{Match: id})
	a.send("bob", ledger.Ether(5), match.Join{Match: id})
}

// match returns match id's view.
func (a *arena) match(id match.MatchID) match.MatchView {
	var m match.MatchView
	a.engine.View(func(s *ledger.State) { m, _ = s.Match(id) })
	return m
}

// waitFor waits up to 30 s for cond to hold of match id's view.
func (a *arena) waitFor(id match.MatchID, what string, cond func(match.MatchView) bool) match.MatchView {
	a.t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if m := a.match(id); cond(m) {
			return m
		}
	}
	m := a.match(id)
	a.t.Fatalf("match %d: not %s after 30s: state %s, next turn %d, hidden %d", id, what, m.State, m.NextTurn, m.Hidden)
	return m
}

// finishCounted waits up to 10 s for o to count the finish it submitted. A block is
// visible a moment before its submission returns, and the stats are counted once each
// submission returns, so a test that stops the operator the moment the match is settled
// could stop it before the count.
func finishCounted(o *operator.Operator) {
	for deadline := time.Now().Add(10 * time.Second); o.Stats().Finished == 0 && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
}

// run runs an operator over cfg (filled with the arena's key, chain and store where
// zero) until the test ends or the returned stop is called.
func (a *arena) run(cfg operator.Config) (*operator.Operator, func()) {
	a.t.Helper()
	if cfg.Key == nil {
		cfg.Key = a.op
	}
	if cfg.Chain == nil {
		cfg.Chain = a.chain
	}
	if cfg.Store == nil {
		cfg.Store = a.store
	}
	if cfg.Models == nil {
		cfg.Models = builtinModels
	}
	cfg.Poll = 20 * time.Millisecond
	o := operator.New(cfg)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- o.Run(ctx) }()
	var once sync.Once
	stop := func() {
		once.Do(func() {
			cancel()
			if err := <-done; err != nil {
				a.t.Errorf("operator Run: %v", err)
			}
		})
	}
	a.t.Cleanup(stop)
	return o, stop
}

// builtinModels serves every agent with the builtin reader.
func builtinModels(string) (grading.Model, error) { return builtin.New(), nil }

func over(m match.MatchView) bool {
	return m.State == match.StateFinished || m.State == match.StateVoid
}

// parseSig decodes a 0x-hex signature.
func parseSig(s string) ([]byte, error) {
	return hexutil.Decode(s)
}
