package node

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/chain/comet"
	"github.com/arena/arena/ledger"
)

// chosenTerms sets every founding term to something other than its default.
func chosenTerms() Terms {
	registry := ledger.MustAddress("0x00000000000000000000000000000000000000c0")
	treasury := ledger.MustAddress("0x00000000000000000000000000000000000000d0")
	return Terms{
		Name: "Chosen Terms", Symbol: "ARN", DevMode: true,
		EntryBond: ledger.Ether(7), AppealBond: ledger.Ether(9), AppealWindow: 3 * time.Hour, GradingWindow: 48 * time.Hour,
		Committee: 3, Quorum: 3, Attempts: 5, RoundTimeout: 90 * time.Second, Registry: &registry, Treasury: &treasury,
		Genesis: []ledger.Allocation{{Address: ledger.MustAddress("0x00000000000000000000000000000000000000a1"), Amount: ledger.Ether(100)}},
		Fees:    &Fees{PerTx: ledger.NewAmount(7), PerByte: ledger.NewAmount(3), Grading: ledger.NewAmount(11)}, ValidatorFund: ledger.Ether(2),
	}
}

// wantTerms is what the ledger holds for chosenTerms, validators aside.
func wantTerms() ledger.Terms {
	registry := ledger.MustAddress("0x00000000000000000000000000000000000000c0")
	treasury := ledger.MustAddress("0x00000000000000000000000000000000000000d0")
	return ledger.Terms{
		Chain: "arena-chosen-terms", Name: "Chosen Terms", Symbol: "ARN", DevMode: true,
		EntryBond: ledger.Ether(7), AppealBond: ledger.Ether(9), AppealWindowS: 3 * 3600, GradingWindowS: 48 * 3600,
		Committee: 3, Quorum: 3, Attempts: 5, RoundTimeoutS: 90, Registry: &registry, Treasury: &treasury,
		Genesis:  []ledger.Allocation{{Address: ledger.MustAddress("0x00000000000000000000000000000000000000a1"), Amount: ledger.Ether(100)}},
		FeePerTx: ledger.NewAmount(7), FeePerByte: ledger.NewAmount(3), GradingFee: ledger.NewAmount(11),
		Protocol: ledger.LatestVersion,
	}
}

// withValidators returns t naming vals, each funded at genesis with fund.
func withValidators(t ledger.Terms, vals []ledger.Address, fund ledger.Amount) ledger.Terms {
	t.Validators = vals
	t.Genesis = slices.Clone(t.Genesis)
	for _, v := range vals {
		t.Genesis = append(t.Genesis, ledger.Allocation{Address: v, Amount: fund})
	}
	return t
}

var amountEq = cmp.Comparer(ledger.Amount.Eq)

// TestEveryChosenTermLandsInEveryNodesGenesis: the founding terms of a localnet are the
// ones its operator chose, each of them, in every node's genesis.json and in the
// CometBFT genesis app_state, as Init writes them for a single arena.
func TestEveryChosenTermLandsInEveryNodesGenesis(t *testing.T) {
	net, err := Testnet(t.TempDir(), TestnetOptions{Nodes: 4, InitOptions: InitOptions{Terms: chosenTerms(), LightScrypt: true, Operators: -1}})
	if err != nil {
		t.Fatal(err)
	}
	var vals []ledger.Address
	for _, nd := range net.Nodes {
		vals = append(vals, nd.Validator)
	}
	want := withValidators(wantTerms(), vals, ledger.Ether(2))
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
	o := InitOptions{Terms: chosenTerms(), LightScrypt: true, Operators: -1}
	cfg, err := Init(dir, o)
	if err != nil {
		t.Fatal(err)
	}
	got, err := ReadGenesis(dir, cfg)
	if err != nil {
		t.Fatal(err)
	}
	want = withValidators(wantTerms(), got.Validators, ledger.Ether(2))
	if d := cmp.Diff(want, got, amountEq); d != "" {
		t.Errorf("Init's genesis.json on the same terms (-want +got):\n%s", d)
	}
}

// TestUnchosenTermsAreTheDefaults: Init and Testnet fill every term nobody chose from
// DefaultTerms, the same for both; only a localnet's name differs (DefaultTestnetName).
// A public arena charges DefaultFees and funds each validator to pay its own.
func TestUnchosenTermsAreTheDefaults(t *testing.T) {
	d := DefaultTerms()
	base := ledger.Terms{Chain: ChainID(d.Name), Name: d.Name, Symbol: "GEN", EntryBond: ledger.Ether(5),
		AppealBond: ledger.Ether(20), AppealWindowS: 6 * 3600, GradingWindowS: 86400, Attempts: 3, RoundTimeoutS: 120,
		FeePerTx: ledger.MustAmount("1000000000000000"), FeePerByte: ledger.MustAmount("1000000000000"), GradingFee: ledger.MustAmount("100000000000000000"),
		Protocol: ledger.LatestVersion}
	want := base
	dir := t.TempDir()
	cfg, err := Init(dir, InitOptions{LightScrypt: true})
	if err != nil {
		t.Fatal(err)
	}
	got, err := ReadGenesis(dir, cfg)
	if err != nil {
		t.Fatal(err)
	}
	want = withValidators(base, got.Validators, ledger.Ether(10))
	want.Treasury = got.Treasury // generated: TestAnArenaHoldsTheKeyOfTheTreasuryItNames
	if d := cmp.Diff(want, got, amountEq); d != "" || len(got.Validators) != DefaultValidators || got.Treasury == nil {
		t.Errorf("Init with no terms chosen (-want +got):\n%s", d)
	}
	net, err := Testnet(t.TempDir(), TestnetOptions{Nodes: 1, InitOptions: InitOptions{LightScrypt: true}})
	if err != nil {
		t.Fatal(err)
	}
	want = withValidators(base, []ledger.Address{net.Nodes[0].Validator}, ledger.Ether(10))
	want.Chain, want.Name, want.Treasury = ChainID(DefaultTestnetName), DefaultTestnetName, net.Terms.Treasury
	if d := cmp.Diff(want, net.Terms, amountEq); d != "" || net.Terms.Treasury == nil {
		t.Errorf("Testnet with no terms chosen (-want +got):\n%s", d)
	}
}

// TestADevArenaChargesNothingByDefault: issue 16, "dev mode may set it to zero": a dev
// arena's fees default to zero and its validators are funded with nothing, so its
// genesis is what it was before fees; fees set on a dev arena are charged as set.
func TestADevArenaChargesNothingByDefault(t *testing.T) {
	dir := t.TempDir()
	cfg, err := Init(dir, InitOptions{Terms: Terms{DevMode: true}, Validators: 1, Operators: -1, LightScrypt: true})
	if err != nil {
		t.Fatal(err)
	}
	got, err := ReadGenesis(dir, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !got.FeePerTx.IsZero() || !got.FeePerByte.IsZero() || !got.GradingFee.IsZero() || len(got.Genesis) != 0 {
		t.Errorf("dev arena's fees %s/%s/%s and genesis %v, want zero and none", got.FeePerTx, got.FeePerByte, got.GradingFee, got.Genesis)
	}
	dir = t.TempDir()
	cfg, err = Init(dir, InitOptions{Terms: Terms{DevMode: true, Fees: &Fees{PerTx: ledger.NewAmount(5)}}, Validators: 1, Operators: -1, LightScrypt: true})
	if err != nil {
		t.Fatal(err)
	}
	if got, err = ReadGenesis(dir, cfg); err != nil {
		t.Fatal(err)
	}
	if !got.FeePerTx.Eq(ledger.NewAmount(5)) || len(got.Genesis) != 1 || !got.Genesis[0].Amount.Eq(ledger.Ether(10)) {
		t.Errorf("dev arena with a fee: fee %s, genesis %v; want 5 atto and its validator funded with 10", got.FeePerTx, got.Genesis)
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
		{"public and free", Terms{Fees: &Fees{PerByte: ledger.NewAmount(1)}},
			"a public arena charges a fee per transaction: set --fee-per-tx or found it with --dev"},
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
