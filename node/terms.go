package node

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/arena/arena/ledger"
)

// Terms are the founding terms an operator chooses when an arena is opened, by Init or
// Testnet: everything in ledger.Terms but the validator set (generated) and the chain id
// (ChainID of the name). A zero field takes its value from DefaultTerms.
type Terms struct {
	Name          string              // arena name; the chain id is ChainID(Name)
	Symbol        string              // currency symbol
	DevMode       bool                // enables faucet and dev_advance
	EntryBond     ledger.Amount       // atto; the exact value of every entry
	AppealBond    ledger.Amount       // atto; the exact value of every appeal
	AppealWindow  time.Duration       // after a grade settles; whole seconds
	GradingWindow time.Duration       // after a task closes, in which its entries may be graded; whole seconds
	Committee     int                 // validators on each round; 0 means every validator
	Quorum        int                 // agreeing results, leader included; 0 means a majority of the committee
	Attempts      int                 // attempts per round before the entry is left ungraded
	RoundTimeout  time.Duration       // how long an attempt stays open; whole seconds
	GasRate       int64               // gas a second a validator on program runs must meter; 0 means ledger.DefaultGasRate
	AppealGrowth  int                 // a bounty regrade's panel is this much larger than a committee, drawn fresh first; 0: as any round
	Registry      *ledger.Address     // the EVM registry told of awards; nil for none
	Treasury      *ledger.Address     // receives tender fees and forfeits; nil: Init and Testnet generate a treasury key
	Genesis       []ledger.Allocation // wallets funded at the start
	// Fees is the fee schedule; nil takes DefaultFees for the arena's mode. A public
	// (not dev) arena must charge a fee per transaction (ErrNoFee).
	Fees *Fees
	// Operators are agent-match operators named besides any Init generates.
	Operators []ledger.Address
	// OperatorBond is the exact value of every match creation, slashed when the operator
	// cheats or stalls; zero takes DefaultTerms'.
	OperatorBond ledger.Amount
	// OperatorFund is the genesis wallet of each operator Init generates, from which it
	// posts its bonds; zero takes DefaultTerms'.
	OperatorFund ledger.Amount
	// ValidatorFund is the genesis wallet of each validator Init or Testnet generates, from
	// which it pays its attestations' fees; zero takes DefaultTerms' in an arena that
	// charges a transaction fee, and nothing in one that does not.
	ValidatorFund ledger.Amount
	// Protocol is the protocol version the arena opens under; zero takes the latest this
	// binary knows (ledger.KnownVersion).
	Protocol uint64
	// UpgradeNotice is the fewest blocks between a governance proposal and its height;
	// zero takes ledger's default (govern.DefaultNotice).
	UpgradeNotice uint64
}

// Fees are an arena's fee schedule, in atto (ledger.Terms.Fee).
type Fees struct {
	PerTx   ledger.Amount // paid by every admitted transaction
	PerByte ledger.Amount // paid per byte of its signed encoding
	Grading ledger.Amount // paid with each entry and appeal beside its bond, shared by the graders who agree
}

// DefaultFees returns the fee schedule of an arena whose operator chose none: nothing in
// a dev arena, and in a public one a fee that makes a flood cost its sender while a
// contest's transactions cost a few thousandths of a unit.
func DefaultFees(dev bool) Fees {
	if dev {
		return Fees{}
	}
	return Fees{PerTx: ledger.NewAmount(1e15), PerByte: ledger.NewAmount(1e12), Grading: ledger.NewAmount(1e17)}
}

// ErrNoFee refuses a public arena founded without a fee per transaction, in which any
// key, holding nothing, could write to the log for free.
var ErrNoFee = errors.New("a public arena charges a fee per transaction: set --fee-per-tx or found it with --dev")

// DefaultTerms returns the founding terms of an arena whose operator chose nothing: the
// one place their defaults are written. `arena init` and `arena testnet` show them as
// their flags' defaults, and Init and Testnet fill every zero field from them.
func DefaultTerms() Terms {
	return Terms{
		Name:          "arena",
		Symbol:        "GEN",
		EntryBond:     ledger.Ether(5),
		AppealBond:    ledger.Ether(20),
		AppealWindow:  6 * time.Hour,
		GradingWindow: 24 * time.Hour,
		Committee:     0, // every validator
		Quorum:        0, // a majority of the committee
		Attempts:      3,
		RoundTimeout:  2 * time.Minute,
		Fees:          nil, // DefaultFees(DevMode)
		ValidatorFund: ledger.Ether(10),
		Treasury:      nil, // a treasury key Init or Testnet generates
		OperatorBond:  ledger.Ether(10),
		OperatorFund:  ledger.Ether(100),
	}
}

// withDefaults fills the zero fields of t from DefaultTerms.
func (t Terms) withDefaults() Terms {
	d := DefaultTerms()
	if t.Name == "" {
		t.Name = d.Name
	}
	if t.Protocol == 0 {
		t.Protocol = ledger.KnownVersion()
	}
	if t.Symbol == "" {
		t.Symbol = d.Symbol
	}
	if t.EntryBond.IsZero() {
		t.EntryBond = d.EntryBond
	}
	if t.AppealBond.IsZero() {
		t.AppealBond = d.AppealBond
	}
	if t.AppealWindow <= 0 {
		t.AppealWindow = d.AppealWindow
	}
	if t.GradingWindow <= 0 {
		t.GradingWindow = d.GradingWindow
	}
	if t.Attempts <= 0 {
		t.Attempts = d.Attempts
	}
	if t.RoundTimeout <= 0 {
		t.RoundTimeout = d.RoundTimeout
	}
	if t.Fees == nil {
		f := DefaultFees(t.DevMode)
		t.Fees = &f
	}
	if t.OperatorBond.IsZero() {
		t.OperatorBond = d.OperatorBond
	}
	if t.OperatorFund.IsZero() {
		t.OperatorFund = d.OperatorFund
	}
	if t.ValidatorFund.IsZero() && t.charges() {
		t.ValidatorFund = d.ValidatorFund
	}
	return t
}

// charges reports whether t's transactions pay a fee, so that validators need a wallet.
func (t Terms) charges() bool {
	return t.Fees != nil && (!t.Fees.PerTx.IsZero() || !t.Fees.PerByte.IsZero())
}

// validatorFund returns what each generated validator is funded with at genesis: nothing
// in an arena that charges no fee.
func (t Terms) validatorFund() ledger.Amount {
	if !t.charges() {
		return ledger.Amount{}
	}
	return t.ValidatorFund
}

// ledgerTerms returns t as the ledger's founding terms naming validators vals, which may
// be nil when the engine generates them (comet.Testnet, given ValidatorFund). Each of
// vals is funded with ValidatorFund when the arena charges fees.
func (t Terms) ledgerTerms(vals []ledger.Address) ledger.Terms {
	lt := ledger.Terms{
		Chain: ChainID(t.Name), Name: t.Name, Symbol: t.Symbol,
		EntryBond: t.EntryBond, AppealBond: t.AppealBond,
		AppealWindowS: int64(t.AppealWindow / time.Second), GradingWindowS: int64(t.GradingWindow / time.Second),
		Committee: t.Committee, Quorum: t.Quorum, Attempts: t.Attempts,
		RoundTimeoutS: int64(t.RoundTimeout / time.Second), GasRate: t.GasRate, AppealGrowth: t.AppealGrowth,
		Validators: slices.Clone(vals),
		DevMode:    t.DevMode, Genesis: slices.Clone(t.Genesis),
		Protocol: t.Protocol, UpgradeNotice: t.UpgradeNotice,
	}
	if t.Fees != nil {
		lt.FeePerTx, lt.FeePerByte, lt.GradingFee = t.Fees.PerTx, t.Fees.PerByte, t.Fees.Grading
	}
	if fund := t.validatorFund(); !fund.IsZero() {
		for _, v := range vals {
			lt.Genesis = append(lt.Genesis, ledger.Allocation{Address: v, Amount: fund})
		}
	}
	if t.Registry != nil {
		r := *t.Registry
		lt.Registry = &r
	}
	if t.Treasury != nil {
		r := *t.Treasury
		lt.Treasury = &r
	}
	if len(t.Operators) > 0 {
		lt.Operators, lt.OperatorBond = slices.Clone(t.Operators), t.OperatorBond
	}
	return lt
}

// check validates t with validators vals as the ledger validates founding terms, and
// refuses a public arena without a fee per transaction, so that nothing is written for
// terms the ledger would refuse or that would let anyone write for free.
func (t Terms) check(vals []ledger.Address) error {
	if !t.DevMode && (t.Fees == nil || t.Fees.PerTx.IsZero()) {
		return fmt.Errorf("founding terms: %w", ErrNoFee)
	}
	if _, err := ledger.New(t.ledgerTerms(vals)); err != nil {
		return fmt.Errorf("founding terms: %w", err)
	}
	return nil
}

// standIns returns n distinct validator addresses for checking terms before the real
// validators exist: the ledger's rules ask only how many there are and that they differ.
func standIns(n int) []ledger.Address {
	vals := make([]ledger.Address, n)
	for i := range vals {
		vals[i][0], vals[i][18], vals[i][19] = 1, byte(i>>8), byte(i)
	}
	return vals
}
