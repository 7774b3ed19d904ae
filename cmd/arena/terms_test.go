package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spf13/cobra"

	"github.com/arena/arena/ledger"
)

// termFlagNames are the founding-term flags, each of which `arena init` and `arena
// testnet` both take.
var termFlagNames = []string{"name", "symbol", "dev", "entry-bond", "appeal-bond", "appeal-window", "appeal-growth", "grading-window", "committee",
	"quorum", "attempts", "round-timeout", "gas-rate", "registry", "treasury", "fund", "fee-per-tx", "fee-per-byte", "grading-fee", "validator-fund", "operator-bond",
	"protocol", "upgrade-notice"}

// TestInitAndTestnetTakeTheSameTermFlags: every founding term `arena init` can set,
// `arena testnet` can set too, by the same flag with the same type, default and help;
// only the default name differs (a localnet is "localnet").
func TestInitAndTestnetTakeTheSameTermFlags(t *testing.T) {
	var probe termsFlags
	pc := &cobra.Command{}
	probe.register(pc, "arena")
	if n := strings.Count(pc.Flags().FlagUsages(), "\n"); n != len(termFlagNames) {
		t.Fatalf("termsFlags registers %d flags, want the %d of termFlagNames", n, len(termFlagNames))
	}
	a := &app{getenv: func(string) string { return "" }}
	ic, tc := a.initCmd(), a.testnetCmd()
	for _, name := range termFlagNames {
		p, i, n := pc.Flags().Lookup(name), ic.Flags().Lookup(name), tc.Flags().Lookup(name)
		if p == nil || i == nil || n == nil {
			t.Errorf("--%s: termsFlags %v, init %v, testnet %v; want it in all three", name, p != nil, i != nil, n != nil)
			continue
		}
		if i.Usage != n.Usage || i.Value.Type() != n.Value.Type() || (name != "name" && i.DefValue != n.DefValue) {
			t.Errorf("--%s: init %s %q (default %q), testnet %s %q (default %q)", name,
				i.Value.Type(), i.Usage, i.DefValue, n.Value.Type(), n.Usage, n.DefValue)
		}
	}
	if i, n := ic.Flags().Lookup("name").DefValue, tc.Flags().Lookup("name").DefValue; i != "arena" || n != "localnet" {
		t.Errorf("default names: init %q, testnet %q; want arena and localnet", i, n)
	}
}

// TestInitAndTestnetFoundTheSameTerms: `arena init` and `arena testnet` given the same
// term flags, or none, write the same founding terms, validators and name aside, and a
// treasury each generates when none is named.
func TestInitAndTestnetFoundTheSameTerms(t *testing.T) {
	for _, tc := range []struct {
		name  string
		flags []string
	}{
		{"defaults", []string{"--name", "same"}},
		{"chosen", []string{"--name", "same", "--symbol", "ARN", "--dev", "--entry-bond", "7", "--appeal-bond", "atto:9",
			"--appeal-window", "90m", "--appeal-growth", "1", "--committee", "2", "--quorum", "2", "--attempts", "4", "--round-timeout", "45s",
			"--registry", "0x00000000000000000000000000000000000000c0", "--treasury", "0x00000000000000000000000000000000000000d0", "--fund", "0x00000000000000000000000000000000000000a1=3.5",
			"--fee-per-tx", "0.002", "--fee-per-byte", "atto:5", "--grading-fee", "0.25", "--validator-fund", "3"}},
		{"public, one fee chosen", []string{"--name", "same", "--fee-per-tx", "0.01"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			runArena(t, append([]string{"init", "--dir", filepath.Join(dir, "a"), "--validators", "3", "--light-scrypt"}, tc.flags...)...)
			runArena(t, append([]string{"testnet", "--dir", filepath.Join(dir, "net"), "--nodes", "3", "--base-port", "0", "--light-scrypt"}, tc.flags...)...)
			it, nt := genesisOf(t, filepath.Join(dir, "a")), genesisOf(t, filepath.Join(dir, "net", "node0"))
			if len(it.Validators) != 3 || len(nt.Validators) != 3 {
				t.Fatalf("validators: init %v, testnet %v; want 3 each", it.Validators, nt.Validators)
			}
			it.Validators, nt.Validators = nil, nil
			if it.Treasury == nil || nt.Treasury == nil {
				t.Fatalf("treasury: init %v, testnet %v; want one named by each", it.Treasury, nt.Treasury)
			}
			if !slices.Contains(tc.flags, "--treasury") {
				it.Treasury, nt.Treasury = nil, nil // each generated its own key
			}
			it.Genesis, nt.Genesis = withoutValidators(it.Genesis, 3), withoutValidators(nt.Genesis, 3)
			it.Genesis, nt.Genesis = withoutOperators(it.Genesis, it.Operators), withoutOperators(nt.Genesis, nt.Operators)
			if len(it.Operators) != len(nt.Operators) {
				t.Fatalf("operators: init %v, testnet %v; want as many", it.Operators, nt.Operators)
			}
			it.Operators, nt.Operators = nil, nil // each generated its own operator key
			if d := cmp.Diff(it, nt, cmp.Comparer(ledger.Amount.Eq)); d != "" {
				t.Errorf("founding terms (-init +testnet):\n%s", d)
			}
		})
	}
}

// withoutValidators drops the validators' funding, the last n allocations, whose
// addresses differ between the two commands, keeping the amounts.
func withoutValidators(g []ledger.Allocation, n int) []ledger.Allocation {
	if len(g) < n {
		return g
	}
	for i := len(g) - n; i < len(g); i++ {
		g[i].Address = ledger.Address{}
	}
	return g
}

// withoutOperators zeroes the addresses of the operators' funding, which differ between
// two arenas that each generated their own operator, keeping the amounts.
func withoutOperators(g []ledger.Allocation, ops []ledger.Address) []ledger.Allocation {
	for i := range g {
		if slices.Contains(ops, g[i].Address) {
			g[i].Address = ledger.Address{}
		}
	}
	return g
}

// TestFeeFlagsFoundTheFeeSchedule: issue 16, "arena init and arena testnet take the fee
// terms": each fee flag lands in the founding terms; a public arena takes the public
// defaults for the fees not set, a dev arena zero; and a public arena founded with no fee
// per transaction is refused with its message, writing nothing.
func TestFeeFlagsFoundTheFeeSchedule(t *testing.T) {
	for _, tc := range []struct {
		name                 string
		flags                []string
		perTx, perByte, gfee string
		validators           int // funded validators
	}{
		{"public defaults", nil, "1000000000000000", "1000000000000", "100000000000000000", 2},
		{"dev defaults", []string{"--dev"}, "0", "0", "0", 0},
		{"public, per byte set", []string{"--fee-per-byte", "atto:2"}, "1000000000000000", "2", "100000000000000000", 2},
		{"dev, per tx set", []string{"--dev", "--fee-per-tx", "0.5"}, "500000000000000000", "0", "0", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "a")
			runArena(t, append([]string{"init", "--dir", dir, "--validators", "2", "--light-scrypt"}, tc.flags...)...)
			g := genesisOf(t, dir)
			g.Genesis = slices.DeleteFunc(g.Genesis, func(a ledger.Allocation) bool { return slices.Contains(g.Operators, a.Address) })
			got := []string{g.FeePerTx.String(), g.FeePerByte.String(), g.GradingFee.String()}
			if d := cmp.Diff([]string{tc.perTx, tc.perByte, tc.gfee}, got); d != "" || len(g.Genesis) != tc.validators {
				t.Errorf("fees (-want +got):\n%s\ngenesis %v, want %d validators funded", d, g.Genesis, tc.validators)
			}
		})
	}
	for _, cmd := range [][]string{{"init"}, {"testnet", "--base-port", "0"}} {
		dir := filepath.Join(t.TempDir(), "free")
		var out, errb bytes.Buffer
		code := run(context.Background(), append(cmd, "--dir", dir, "--fee-per-tx", "0"), nil, &out, &errb)
		want := "a public arena charges a fee per transaction: set --fee-per-tx or found it with --dev"
		if code != 1 || !strings.HasSuffix(strings.TrimSpace(errb.String()), want) {
			t.Errorf("arena %s --fee-per-tx 0: exit %d, stderr %q; want 1 and %q", cmd[0], code, errb.String(), want)
		}
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Errorf("a refused %s left %s behind", cmd[0], dir)
		}
	}
}

// runArena runs the command line args in process and fails the test unless it succeeds.
func runArena(t *testing.T, args ...string) {
	t.Helper()
	var out, errb bytes.Buffer
	if code := run(context.Background(), args, nil, &out, &errb); code != 0 {
		t.Fatalf("arena %s: exit %d: %s", strings.Join(args, " "), code, errb.String())
	}
}

func genesisOf(t *testing.T, dir string) ledger.Terms {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "genesis.json"))
	if err != nil {
		t.Fatal(err)
	}
	var terms ledger.Terms
	if err := json.Unmarshal(b, &terms); err != nil {
		t.Fatalf("%s/genesis.json: %v", dir, err)
	}
	return terms
}
