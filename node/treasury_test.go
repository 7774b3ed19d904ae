package node

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/arena/arena/account"
	"github.com/arena/arena/ledger"
)

// TestAnArenaHoldsTheKeyOfTheTreasuryItNames: issue 12, "Founding terms: every arena
// names a treasury". An arena founded without one names a key Init generates into its
// keystore (a localnet: into node0's), so that the treasury can withdraw what tenders
// pay it; a treasury the operator names is kept as named, and no key is generated.
func TestAnArenaHoldsTheKeyOfTheTreasuryItNames(t *testing.T) {
	dir := t.TempDir()
	cfg, err := Init(dir, InitOptions{Terms: Terms{DevMode: true}, Validators: 2, Operators: -1, LightScrypt: true, Passphrase: "pw"})
	if err != nil {
		t.Fatal(err)
	}
	g, err := ReadGenesis(dir, cfg)
	if err != nil {
		t.Fatal(err)
	}
	holds(t, filepath.Join(dir, cfg.Keys), g.Treasury, 3)
	if slices.Contains(g.Validators, *g.Treasury) {
		t.Errorf("the treasury %s is one of the validators", g.Treasury)
	}

	net, err := Testnet(t.TempDir(), TestnetOptions{Nodes: 2, InitOptions: InitOptions{Terms: Terms{DevMode: true}, Operators: -1, LightScrypt: true, Passphrase: "pw"}})
	if err != nil {
		t.Fatal(err)
	}
	holds(t, filepath.Join(net.Nodes[0].Home, KeysDir), net.Terms.Treasury, 2)
	if list, _ := (&account.Store{Dir: filepath.Join(net.Nodes[1].Home, KeysDir)}).List(); len(list) != 1 {
		t.Errorf("node1's keystore holds %v, want only its validator", list)
	}

	named := ledger.MustAddress("0x00000000000000000000000000000000000000d0")
	dir = t.TempDir()
	if cfg, err = Init(dir, InitOptions{Terms: Terms{DevMode: true, Treasury: &named}, Validators: 2, Operators: -1, LightScrypt: true}); err != nil {
		t.Fatal(err)
	}
	if g, err = ReadGenesis(dir, cfg); err != nil {
		t.Fatal(err)
	}
	if g.Treasury == nil || *g.Treasury != named {
		t.Errorf("treasury %v, want the one named, %s", g.Treasury, named)
	}
	if list, _ := (&account.Store{Dir: filepath.Join(dir, cfg.Keys)}).List(); len(list) != 2 {
		t.Errorf("keystore holds %v, want the 2 validators only", list)
	}
}

// holds checks that the keystore in dir holds n keys, one of them treasury's, which
// the passphrase "pw" opens.
func holds(t *testing.T, dir string, treasury *ledger.Address, n int) {
	t.Helper()
	if treasury == nil {
		t.Fatal("the founding terms name no treasury")
	}
	st := &account.Store{Dir: dir}
	if k, err := st.Load(*treasury, "pw"); err != nil || k.Address() != *treasury {
		t.Errorf("treasury key from %s: %v", dir, err)
	}
	if list, err := st.List(); err != nil || len(list) != n {
		t.Errorf("keystore %s holds %v (%v), want %d keys", dir, list, err, n)
	}
}
