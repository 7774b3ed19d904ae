package main

import (
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/ledger"
)

// TestAssembleFoundsTheTermsInitFounds: `arena genesis assemble` takes the founding
// terms by the same flags as `arena init`, with the same types, defaults and help, and
// given the same flags founds the same terms: the validators (the joins' grading
// addresses, funded with what each join asks) and the joins aside.
func TestAssembleFoundsTheTermsInitFounds(t *testing.T) {
	a := &app{getenv: func(string) string { return "" }}
	ic, gc := a.initCmd(), a.genesisAssembleCmd()
	for _, name := range termFlagNames {
		i, g := ic.Flags().Lookup(name), gc.Flags().Lookup(name)
		if g == nil {
			t.Errorf("--%s: genesis assemble lacks it", name)
			continue
		}
		if i.Usage != g.Usage || i.Value.Type() != g.Value.Type() || i.DefValue != g.DefValue {
			t.Errorf("--%s: init %s %q (default %q), assemble %s %q (default %q)", name,
				i.Value.Type(), i.Usage, i.DefValue, g.Value.Type(), g.Usage, g.DefValue)
		}
	}

	flags := []string{"--name", "same", "--symbol", "ARN", "--entry-bond", "7", "--appeal-bond", "atto:9",
		"--appeal-window", "90m", "--committee", "1", "--quorum", "1", "--attempts", "4", "--round-timeout", "45s",
		"--registry", "0x00000000000000000000000000000000000000c0", "--treasury", "0x00000000000000000000000000000000000000d0",
		"--fund", "0x00000000000000000000000000000000000000a1=3.5", "--fee-per-tx", "0.002", "--fee-per-byte", "atto:5", "--grading-fee", "0.25"}
	dir := t.TempDir()
	runArena(t, append([]string{"init", "--dir", filepath.Join(dir, "a"), "--validators", "1", "--light-scrypt"}, flags...)...)
	op := filepath.Join(dir, "op")
	runArena(t, "operator", "init", "--dir", op, "--arena", "same", "--name", "op", "--p2p", "127.0.0.1:41100",
		"--api", "http://127.0.0.1:41102", "--light-scrypt", "--fund", "10")
	runArena(t, append([]string{"genesis", "assemble", "--genesis-time", "2027-03-01T12:00:00Z", "--out", filepath.Join(dir, "genesis.json"), "--join", filepath.Join(op, "join.json")}, flags...)...)
	runArena(t, "genesis", "install", "--dir", op, filepath.Join(dir, "genesis.json"))
	it, gt := genesisOf(t, filepath.Join(dir, "a")), genesisOf(t, op)
	if len(gt.Joins) != 1 || len(gt.Validators) != 1 || gt.Validators[0] != gt.Joins[0].GradingAddress {
		t.Fatalf("assembled validators %v, joins %d; want the one join's grading address", gt.Validators, len(gt.Joins))
	}
	it.Validators, gt.Validators, gt.Joins = nil, nil, nil
	it.Genesis, gt.Genesis = withoutValidators(it.Genesis, 1), withoutValidators(gt.Genesis, 1)
	if d := cmp.Diff(it, gt, cmp.Comparer(ledger.Amount.Eq)); d != "" {
		t.Errorf("founding terms (-init +assemble):\n%s", d)
	}
}
