package node

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/account"
	"github.com/arena/arena/chain/comet"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// TestTestnetLaysOutOneArenaPerNode: each node home of a localnet is an arena directory
// of its own: arena.toml runs the comet engine with that node's one validator and
// reader and its own API port, asks the other node's API for the artifacts it lacks,
// genesis.json holds the founding terms the CometBFT
// genesis carries, and the grading key sits in the keystore only, encrypted.
func TestTestnetLaysOutOneArenaPerNode(t *testing.T) {
	dir := t.TempDir()
	net, err := Testnet(dir, TestnetOptions{Nodes: 2, InitOptions: InitOptions{
		Terms: Terms{Name: "Local Net", DevMode: true}, LightScrypt: true, Passphrase: "pw", Readers: []string{"builtin", "replay:r.json"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	apis := map[string]bool{}
	for i, nd := range net.Nodes {
		cfg, err := LoadConfig(nd.Home)
		if err != nil {
			t.Fatal(err)
		}
		want := ValidatorConfig{Address: nd.Validator, Reader: []string{"builtin", "replay:r.json"}[i]}.withDefaults()
		if d := cmp.Diff([]ValidatorConfig{want}, cfg.Validators); cfg.Engine != EngineComet || cfg.DB != comet.DBFile || d != "" {
			t.Errorf("node%d: engine %q db %q validators (-want +got):\n%s", i, cfg.Engine, cfg.DB, d)
		}
		if cfg.Listen != APIAddr(nd) || apis[cfg.Listen] {
			t.Errorf("node%d: API %s, want its own %s", i, cfg.Listen, APIAddr(nd))
		}
		apis[cfg.Listen] = true
		other := net.Nodes[1-i]
		if want := []string{"http://" + APIAddr(other)}; !slices.Equal(cfg.Artifacts.Peers, want) || !slices.Equal(PeerBases(cfg), want) {
			t.Errorf("node%d: artifact peers %q, want the other node's API %q", i, cfg.Artifacts.Peers, want)
		}
		terms, err := ReadGenesis(nd.Home, cfg)
		if err != nil {
			t.Fatal(err)
		}
		ct, err := comet.ReadTerms(nd.Home)
		if err != nil || cmp.Diff(ct, terms, cmp.Comparer(ledger.Amount.Eq)) != "" || !terms.DevMode || terms.Chain != "arena-local-net" {
			t.Errorf("node%d: genesis.json %+v, CometBFT app_state %+v (%v)", i, terms, ct, err)
		}
		st := &account.Store{Dir: filepath.Join(nd.Home, KeysDir)}
		if k, err := st.Load(nd.Validator, "pw"); err != nil || k.Address() != nd.Validator {
			t.Errorf("node%d: validator key from the keystore: %v", i, err)
		}
		if _, err := os.Stat(filepath.Join(nd.Home, comet.ValidatorKeyFile)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("node%d: the unencrypted key is still there: %v", i, err)
		}
	}
	if _, err := Testnet(dir, TestnetOptions{Nodes: 2}); !errors.Is(err, ErrInitialised) {
		t.Fatalf("a second Testnet in %s: %v, want ErrInitialised", dir, err)
	}
}

// TestANodeRunsTheCometEngine: Open on a localnet node home starts CometBFT in the
// process; a one-node network commits a transaction submitted through it, and the
// node's validator worker runs against it.
func TestANodeRunsTheCometEngine(t *testing.T) {
	net, err := Testnet(t.TempDir(), TestnetOptions{Nodes: 1, InitOptions: InitOptions{Terms: Terms{DevMode: true}, LightScrypt: true}})
	if err != nil {
		t.Fatal(err)
	}
	n, err := Open(net.Nodes[0].Home, OpenOptions{Logger: quiet(), Env: noEnv})
	if err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	if n.Comet() == nil || n.Engine() != nil {
		t.Fatalf("Comet() = %v, Engine() = %v; want only the comet engine", n.Comet(), n.Engine())
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	run := make(chan error, 1)
	go func() { run <- n.Run(ctx) }()
	k := newKey(t)
	tx := ledgertest.Stamped(n.Terms(), &ledger.Tx{Nonce: 1, Body: ledger.Faucet{To: k.Address(), Amount: ledger.Ether(3)}})
	if err := k.SignTx(tx); err != nil {
		t.Fatal(err)
	}
	r, err := n.Comet().Submit(ctx, tx)
	if err != nil || !r.Outcome.OK() {
		t.Fatalf("faucet through the comet engine: %+v, %v", r, err)
	}
	var bal ledger.Amount
	n.View(func(s *ledger.State) { bal = s.Balance(k.Address()) })
	if st := n.Stats(); !bal.Eq(ledger.Ether(3)) || st.Height < r.Height || len(st.Validators) != 1 {
		t.Fatalf("after the faucet: balance %s, stats %+v", bal, st)
	}
	cancel()
	if err := <-run; err != nil {
		t.Fatalf("Run: %v", err)
	}
}
