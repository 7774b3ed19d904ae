package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/govern"
	"github.com/arena/arena/node"
)

// termsFlags are the founding-term flags that `arena init` and `arena testnet` both
// register: the same names, the same defaults (node.DefaultTerms) and the same parsing,
// so that a localnet can be founded on any terms a single arena can.
type termsFlags struct {
	t             node.Terms
	entryBond     string
	appealBond    string
	registry      string
	treasury      string
	fund          []string
	fees          [3]string // --fee-per-tx, --fee-per-byte, --grading-fee
	validatorFund string
	operatorBond  string
	cmd           *cobra.Command // the command registered on, to tell which flags were set
}

// feeFlags name the fee schedule's flags, in the order of termsFlags.fees.
var feeFlags = [3]string{"fee-per-tx", "fee-per-byte", "grading-fee"}

// register adds the founding-term flags to c. name is the default arena name, the one
// default that differs: a localnet is called node.DefaultTestnetName.
func (tf *termsFlags) register(c *cobra.Command, name string) {
	d, f := node.DefaultTerms(), c.Flags()
	f.StringVar(&tf.t.Name, "name", name, "arena name; the chain id is arena-NAME")
	f.StringVar(&tf.t.Symbol, "symbol", d.Symbol, "currency symbol")
	f.BoolVar(&tf.t.DevMode, "dev", d.DevMode, "dev mode: enables faucet and dev advance")
	f.StringVar(&tf.entryBond, "entry-bond", d.EntryBond.Units(), "entry bond: the exact value of every entry")
	f.StringVar(&tf.appealBond, "appeal-bond", d.AppealBond.Units(), "appeal bond: the exact value of every appeal")
	f.DurationVar(&tf.t.AppealWindow, "appeal-window", d.AppealWindow, "appeal window after a grade settles")
	f.DurationVar(&tf.t.GradingWindow, "grading-window", d.GradingWindow, "grading window after a task closes (a sealed task's reveal window first); an entry left ungraded after it is stalled: ineligible, bond returned")
	f.IntVar(&tf.t.Committee, "committee", d.Committee, "validators on each round's committee (default: every validator)")
	f.IntVar(&tf.t.Quorum, "quorum", d.Quorum, "agreeing results that settle a round, leader included (default: a majority of the committee)")
	f.IntVar(&tf.t.AppealGrowth, "appeal-growth", d.AppealGrowth, "members a bounty regrade's panel has beyond the committee, drawn first from validators who did not sit on the grade appealed; its quorum grows as much (default: 0, a regrade drawn as any round)")
	f.IntVar(&tf.t.Attempts, "attempts", d.Attempts, "attempts per grading round")
	f.DurationVar(&tf.t.RoundTimeout, "round-timeout", d.RoundTimeout, "how long a grading attempt stays open; a program run's stays open longer when its gas needs it at the gas rate")
	f.Int64Var(&tf.t.GasRate, "gas-rate", d.GasRate, fmt.Sprintf("gas a second a validator must meter to sit on program runs; their attempts stay open until the whole budget is spent at this rate (default: %d)", ledger.DefaultGasRate))
	f.Uint64Var(&tf.t.Protocol, "protocol", 0, fmt.Sprintf("protocol version the arena opens under (default: %d, the latest this binary knows)", ledger.KnownVersion()))
	f.Uint64Var(&tf.t.UpgradeNotice, "upgrade-notice", 0, fmt.Sprintf("fewest blocks between a governance proposal and the height it takes effect at: the time operators have to install a release (default: %d)", govern.DefaultNotice))
	f.StringVar(&tf.registry, "registry", "", "EVM registry address told of each won award (default: none)")
	f.StringVar(&tf.treasury, "treasury", "", "address paid tender fees and forfeits (default: a treasury key generated into the keystore)")
	f.StringArrayVar(&tf.fund, "fund", nil, "genesis allocation ADDRESS=AMOUNT (repeatable)")
	fees := node.DefaultFees(false)
	f.StringVar(&tf.fees[0], feeFlags[0], fees.PerTx.Units(), "fee every admitted transaction pays; 0 unless set in a dev arena")
	f.StringVar(&tf.fees[1], feeFlags[1], fees.PerByte.Units(), "fee per byte of a transaction's signed encoding; 0 unless set in a dev arena")
	f.StringVar(&tf.fees[2], feeFlags[2], fees.Grading.Units(), "fee paid with each entry and appeal beside its bond, shared by the graders who agree; 0 unless set in a dev arena")
	f.StringVar(&tf.operatorBond, "operator-bond", d.OperatorBond.Units(), "operator bond: the exact value of every agent match creation, slashed if the operator cheats or stalls")
	f.StringVar(&tf.validatorFund, "validator-fund", d.ValidatorFund.Units(), "genesis wallet of each generated validator, for its attestations' fees (none when transactions pay no fee)")
	tf.cmd = c
}

// terms returns the founding terms the flags give. Zero values are left for node.Init
// and node.Testnet to fill from node.DefaultTerms, and both validate the result as the
// ledger does.
func (tf *termsFlags) terms() (node.Terms, error) {
	t := tf.t
	var err error
	if t.EntryBond, err = optionalAmount("entry-bond", tf.entryBond); err != nil {
		return t, err
	}
	if t.AppealBond, err = optionalAmount("appeal-bond", tf.appealBond); err != nil {
		return t, err
	}
	if t.Genesis, err = allocations(tf.fund); err != nil {
		return t, err
	}
	if t.Fees, err = tf.feeSchedule(t.DevMode); err != nil {
		return t, err
	}
	if t.ValidatorFund, err = optionalAmount("validator-fund", tf.validatorFund); err != nil {
		return t, err
	}
	if t.OperatorBond, err = optionalAmount("operator-bond", tf.operatorBond); err != nil {
		return t, err
	}
	if t.Registry, err = optionalAddress("registry", tf.registry); err != nil {
		return t, err
	}
	if t.Treasury, err = optionalAddress("treasury", tf.treasury); err != nil {
		return t, err
	}
	return t, nil
}

// optionalAddress parses an address flag, leaving it nil (the default) when empty.
func optionalAddress(name, s string) (*ledger.Address, error) {
	if s == "" {
		return nil, nil
	}
	a, err := ledger.ParseAddress(s)
	if err != nil {
		return nil, fmt.Errorf("--%s %q: %w", name, s, err)
	}
	return &a, nil
}

// feeSchedule returns the fee schedule the fee flags set, the others taking the mode's
// defaults; nil, for node.Init to fill, when none was set.
func (tf *termsFlags) feeSchedule(dev bool) (*node.Fees, error) {
	f := node.DefaultFees(dev)
	dst := [3]*ledger.Amount{&f.PerTx, &f.PerByte, &f.Grading}
	set := false
	for i, name := range feeFlags {
		if tf.cmd == nil || !tf.cmd.Flags().Changed(name) {
			continue
		}
		v, err := parseAmount(tf.fees[i])
		if err != nil {
			return nil, fmt.Errorf("--%s: %w", name, err)
		}
		*dst[i], set = v, true
	}
	if !set {
		return nil, nil
	}
	return &f, nil
}

// optionalAmount parses an amount flag, leaving it zero (the default) when empty.
func optionalAmount(name, s string) (ledger.Amount, error) {
	if s == "" {
		return ledger.Amount{}, nil
	}
	v, err := parseAmount(s)
	if err != nil {
		return v, fmt.Errorf("--%s: %w", name, err)
	}
	return v, nil
}

// allocations parses ADDRESS=AMOUNT genesis allocations.
func allocations(specs []string) ([]ledger.Allocation, error) {
	var out []ledger.Allocation
	for _, s := range specs {
		addr, amt, ok := strings.Cut(s, "=")
		if !ok {
			return nil, fmt.Errorf("--fund %q: want ADDRESS=AMOUNT", s)
		}
		a, err := ledger.ParseAddress(addr)
		if err != nil {
			return nil, fmt.Errorf("--fund %q: %w", s, err)
		}
		v, err := parseAmount(amt)
		if err != nil {
			return nil, fmt.Errorf("--fund %q: %w", s, err)
		}
		out = append(out, ledger.Allocation{Address: a, Amount: v})
	}
	return out, nil
}
