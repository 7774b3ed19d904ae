package node

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/chain/comet"
	"github.com/arena/arena/ledger"
)

// chosenTerms sets every founding term to something other than its default.
func chosenTerms() Terms {
	registry := ledger.MustAddress("0x00000000000000000000000000000000000000c0")
	return Terms{
		Name: "Chosen Terms", Symbol: "ARN", DevMode: true,
		EntryBond: ledger.Ether(7), AppealBond: ledger.Ether(9), AppealWindow: 3 * time.Hour, GradingWindow: 48 * time.Hour,
		Committee: 3, Quorum: 3, Attempts: 5, RoundTimeout: 90 * time.Second, Registry: &registry,
		Genesis: []ledger.Allocation{{Address: ledger.MustAddress("0x00000000000000000000000000000000000000a1"), Amount: ledger.Ether(100)}},
	}
}

// wantTerms is what the ledger holds for chosenTerms, validators aside.
func wantTerms() ledger.Terms {
	registry := ledger.MustAddress("0x00000000000000000000000000000000000000c0")
	return ledger.Terms{
		Chain: "arena-chosen-terms", Name: "Chosen Terms", Symbol: "ARN", DevMode: true,
		EntryBond: ledger.Ether(7), AppealBond: ledger.Ether(9), AppealWindowS: 3 * 3600, GradingWindowS: 48 * 3600,
		Committee: 3, Quorum: 3, Attempts: 5, RoundTimeoutS: 90, Registry: &registry,
		Genesis: []ledger.Allocation{{Address: ledger.MustAddress("0x00000000000000000000000000000000000000a1"), Amount: ledger.Ether(100)}},
	}
}

var amountEq = cmp.Comparer(ledger.Amount.Eq)

// TestEveryChosenTermLandsInEveryNodesGenesis: the founding terms of a localnet are the
// ones its operator chose, each of them, in every node's genesis.json and in the
// CometBFT genesis app_state, as Init writes them for a single arena.
func TestEveryChosenTermLandsInEveryNodesGenesis(t *testing.T) {
	net, err := Testnet(t.TempDir(), TestnetOptions{Nodes: 4, InitOptions: InitOptions{Terms: chosenTerms(), LightScrypt: true}})
	if err != nil {
		t.Fatal(err)
	}
	want := wantTerms()
	for _, nd := range net.Nodes {
		want.Validators = append(want.Validators, nd.Validator)
	}
	for i, nd := range net.Nodes {
		cfg, err := LoadConfig(nd.Home)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ReadGenesis(nd.Home, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(want, got, amountEq); d != "" {
			t.Errorf("node%d genesis.json (-want +got):\n%s", i, d)
		}
		app, err := comet.ReadTerms(nd.Home)
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(want, app, amountEq); d != "" {
			t.Errorf("node%d CometBFT app_state (-want +got):\n%s", i, d)
		}
	}

	dir := filepath.Join(t.TempDir(), "a")
	o := InitOptions{Terms: chosenTerms(), LightScrypt: true}
	cfg, err := Init(dir, o)
	if err != nil {
		t.Fatal(err)
	}
	got, err := ReadGenesis(dir, cfg)
	if err != nil {
		t.Fatal(err)
	}
	want.Validators = got.Validators
	if d := cmp.Diff(want, got, amountEq); d != "" {
		t.Errorf("Init's genesis.json on the same terms (-want +got):\n%s", d)
	}
}

// TestUnchosenTermsAreTheDefaults: Init and Testnet fill every term nobody chose from
// DefaultTerms, the same for both; only a localnet's name differs (DefaultTestnetName).
func TestUnchosenTermsAreTheDefaults(t *testing.T) {
	d := DefaultTerms()
	want := ledger.Terms{Chain: ChainID(d.Name), Name: d.Name, Symbol: "GEN", EntryBond: ledger.Ether(5),
		AppealBond: ledger.Ether(20), AppealWindowS: 6 * 3600, GradingWindowS: 86400, Attempts: 3, RoundTimeoutS: 120}
	dir := t.TempDir()
	cfg, err := Init(dir, InitOptions{LightScrypt: true})
	if err != nil {
		t.Fatal(err)
	}
	got, err := ReadGenesis(dir, cfg)
	if err != nil {
		t.Fatal(err)
	}
	want.Validators = got.Validators
	if d := cmp.Diff(want, got, amountEq); d != "" || len(got.Validators) != DefaultValidators {
		t.Errorf("Init with no terms chosen (-want +got):\n%s", d)
	}
	net, err := Testnet(t.TempDir(), TestnetOptions{Nodes: 1, InitOptions: InitOptions{LightScrypt: true}})
	if err != nil {
		t.Fatal(err)
	}
	want.Chain, want.Name, want.Validators = ChainID(DefaultTestnetName), DefaultTestnetName, []ledger.Address{net.Nodes[0].Validator}
	if d := cmp.Diff(want, net.Terms, amountEq); d != "" {
		t.Errorf("Testnet with no terms chosen (-want +got):\n%s", d)
	}
}

// TestTestnetRefusesWhatInitRefuses: founding terms the ledger would refuse are refused
// by Testnet as by Init, with the ledger's own message, before anything is written.
func TestTestnetRefusesWhatInitRefuses(t *testing.T) {
	for _, tc := range []struct {
		name  string
		terms Terms
		want  string
	}{
		{"minority quorum", Terms{Quorum: 1}, "[EXPECTED] Quorum must be a majority of the committee"},
		{"quorum over the committee", Terms{Committee: 2, Quorum: 3}, "[EXPECTED] Quorum cannot exceed the committee"},
		{"long symbol", Terms{Symbol: "THIRTEENCHARS"}, "[EXPECTED] Currency symbol must be 1 to 12 bytes"},
		{"negative committee", Terms{Committee: -1}, "[EXPECTED] Committee and quorum cannot be negative"},
		{"too many attempts", Terms{Attempts: 65}, "[EXPECTED] Attempts per round must be 1 to 64"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			initDir := filepath.Join(t.TempDir(), "a")
			_, ierr := Init(initDir, InitOptions{Terms: tc.terms, LightScrypt: true})
			netDir := filepath.Join(t.TempDir(), "net")
			_, terr := Testnet(netDir, TestnetOptions{Nodes: 4, InitOptions: InitOptions{Terms: tc.terms, LightScrypt: true}})
			if ierr == nil || ierr.Error() != "init "+initDir+": founding terms: "+tc.want {
				t.Errorf("Init: %v, want %q", ierr, tc.want)
			}
			if terr == nil || terr.Error() != "testnet "+netDir+": founding terms: "+tc.want {
				t.Errorf("Testnet: %v, want %q", terr, tc.want)
			}
			for _, d := range []string{initDir, netDir} {
				if _, err := os.Stat(d); !os.IsNotExist(err) {
					t.Errorf("a refusal left %s behind", d)
				}
			}
		})
	}
}
