package node

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arena/arena/account"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/match/operator"
)

// TestADevArenaNamesOneOperator: issue 15, "`[[operator]]` in arena.toml, its key in
// the keystore". `arena init --dev` generates one operator key, names it in the
// founding terms' operators with the default operator bond, funds it to post bonds,
// keeps it in the keystore and configures it; a public arena names none by default.
func TestADevArenaNamesOneOperator(t *testing.T) {
	dir := t.TempDir()
	cfg, err := Init(dir, InitOptions{Terms: Terms{DevMode: true}, Validators: 1, LightScrypt: true})
	if err != nil {
		t.Fatal(err)
	}
	terms, err := ReadGenesis(dir, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Operators) != 1 || !slices.Equal(terms.Operators, []ledger.Address{cfg.Operators[0].Address}) {
		t.Fatalf("arena.toml operators %+v, founding operators %v; want the same one", cfg.Operators, terms.Operators)
	}
	op := cfg.Operators[0]
	if !terms.OperatorBond.Eq(DefaultTerms().OperatorBond) || op.Reader != DefaultReader || op.CallTimeout != DefaultCallTimeout {
		t.Errorf("operator bond %s, operator %+v; want the defaults", terms.OperatorBond.Units(), op)
	}
	funded := slices.ContainsFunc(terms.Genesis, func(a ledger.Allocation) bool {
		return a.Address == op.Address && a.Amount.Eq(DefaultTerms().OperatorFund)
	})
	if !funded {
		t.Errorf("genesis %v does not fund the operator with %s", terms.Genesis, DefaultTerms().OperatorFund.Units())
	}
	if _, err := (&account.Store{Dir: filepath.Join(dir, KeysDir)}).Load(op.Address, ""); err != nil {
		t.Errorf("operator key: %v", err)
	}
	pub := t.TempDir()
	cfg, err = Init(pub, InitOptions{Terms: Terms{Fees: &Fees{PerTx: ledger.NewAmount(1)}}, Validators: 1, LightScrypt: true})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(filepath.Join(pub, GenesisFile))
	if len(cfg.Operators) != 0 || strings.Contains(string(b), `"operators"`) {
		t.Errorf("a public arena names operators by default: %+v", cfg.Operators)
	}
}

// TestOpenRefusesAnOperatorOutsideTheFoundingSet: an [[operator]] whose address the
// founding terms do not name cannot run, and Open says which key.
func TestOpenRefusesAnOperatorOutsideTheFoundingSet(t *testing.T) {
	dir := t.TempDir()
	cfg, err := Init(dir, InitOptions{Terms: Terms{DevMode: true}, Validators: 1, LightScrypt: true})
	if err != nil {
		t.Fatal(err)
	}
	stranger := newKey(t).Address()
	cfg.Operators = append(cfg.Operators, OperatorConfig{Address: stranger}.withDefaults())
	if err := WriteConfig(dir, cfg); err != nil {
		t.Fatal(err)
	}
	_, err = Open(dir, OpenOptions{Logger: quiet(), Env: noEnv})
	want := `arena.toml: key "operator[1].address": ` + stranger.String() + " is not in the founding operator set of genesis.json"
	if err == nil || err.Error() != want {
		t.Fatalf("Open = %v, want %s", err, want)
	}
}

// TestAMatchIsPlayedThroughTheNode: issue 15's operator role on the embedded node. In a
// dev arena, the operator key Init made creates a match with its secret kept in the
// arena directory's operator folder; once both entrants join, the node's operator plays
// every turn with the builtin reader and finishes it, and the winner is paid.
func TestAMatchIsPlayedThroughTheNode(t *testing.T) {
	dir := t.TempDir()
	alice, bob := newKey(t), newKey(t)
	cfg, err := Init(dir, InitOptions{Terms: Terms{Name: "match test", DevMode: true, Genesis: []ledger.Allocation{
		{Address: alice.Address(), Amount: ledger.Ether(100)}, {Address: bob.Address(), Amount: ledger.Ether(100)},
	}}, Validators: 1, LightScrypt: true})
	if err != nil {
		t.Fatal(err)
	}
	n, err := Open(dir, OpenOptions{Logger: quiet(), Env: noEnv})
	if err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- n.Run(ctx) }()
	op, err := n.Keystore().Load(cfg.Operators[0].Address, "")
	if err != nil {
		t.Fatal(err)
	}
	send := func(k *account.Key, value ledger.Amount, body ledger.Body) ledger.Outcome {
		t.Helper()
		tx := ledgertest.Stamped(n.Terms(), &ledger.Tx{Value: value, Body: body})
		n.View(func(s *ledger.State) { tx.Nonce = s.NextNonce(k.Address()) })
		if err := k.SignTx(tx); err != nil {
			t.Fatal(err)
		}
		r, err := n.Chain().Submit(ctx, tx)
		if err != nil || !r.Outcome.OK() {
			t.Fatalf("%s: %v %s", body.Kind(), err, r.Outcome.Err)
		}
		return r.Outcome
	}
	secret, commitment, err := operator.NewSecret(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	if err := operator.Dir(OperatorDir(dir)).PutSecret(secret); err != nil {
		t.Fatal(err)
	}
	id := match.MatchID(send(op, n.Terms().OperatorBond, match.Create{
		Entrants: [2]ledger.Address{alice.Address(), bob.Address()},
		Agents:   [2]match.Agent{{Model: "builtin", SystemPrompt: "Win."}, {Model: "builtin", SystemPrompt: "Win boldly."}},
		EntryFee: ledger.Ether(5), FeeBps: 200, SeedCommitment: commitment,
	}).Created)
	send(alice, ledger.Ether(5), match.Join{Match: id})
	send(bob, ledger.Ether(5), match.Join{Match: id})
	var m match.MatchView
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		n.View(func(s *ledger.State) { m, _ = s.Match(id) })
		if m.State == match.StateFinished || m.State == match.StateVoid {
			break
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Run: %v", err)
	}
	if m.State != match.StateFinished || m.Winner == nil || len(m.Turns) == 0 {
		b, _ := json.Marshal(m)
		t.Fatalf("match after the node ran: %s", b)
	}
	if st := n.Stats(); len(st.Operators) != 1 || st.Operators[0].Finished != 1 || st.Operators[0].Turns != int64(len(m.Turns)) {
		t.Errorf("operator stats %+v over %d turns", st.Operators, len(m.Turns))
	}
}

// TestADevLocalnetRunsItsOperatorOnNode0: a dev localnet names one operator as a dev
// arena does; its key is in node0's keystore and node0 configures it.
func TestADevLocalnetRunsItsOperatorOnNode0(t *testing.T) {
	net, err := Testnet(t.TempDir(), TestnetOptions{Nodes: 2, InitOptions: InitOptions{Terms: Terms{DevMode: true}, LightScrypt: true}})
	if err != nil {
		t.Fatal(err)
	}
	if len(net.Terms.Operators) != 1 {
		t.Fatalf("founding operators %v, want one", net.Terms.Operators)
	}
	for i, nd := range net.Nodes {
		cfg, err := LoadConfig(nd.Home)
		if err != nil {
			t.Fatal(err)
		}
		want := 0
		if i == 0 {
			want = 1
		}
		if len(cfg.Operators) != want || (want == 1 && cfg.Operators[0].Address != net.Terms.Operators[0]) {
			t.Errorf("node%d configures operators %+v, want %d", i, cfg.Operators, want)
		}
	}
	if _, err := (&account.Store{Dir: filepath.Join(net.Nodes[0].Home, KeysDir)}).Load(net.Terms.Operators[0], ""); err != nil {
		t.Errorf("node0's keystore: %v", err)
	}
}
