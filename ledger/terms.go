package ledger

import (
	"github.com/arena/arena/ledger/bounty"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/digest"
	"github.com/arena/arena/ledger/govern"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/ledger/round"
	"github.com/arena/arena/ledger/tender"
	"github.com/arena/arena/ledger/valset"
)

// Terms are an arena's founding terms. They are fixed when the arena is opened and
// nothing edits them later.
type Terms struct {
	Chain          string       `json:"chain"` // chain id; every signature names it
	Name           string       `json:"name"`
	Symbol         string       `json:"symbol"`              // currency symbol, e.g. "GEN"
	EntryBond      Amount       `json:"entry_bond"`          // atto; exact value of every submit
	AppealBond     Amount       `json:"appeal_bond"`         // atto; exact value of every appeal
	AppealWindowS  int64        `json:"appeal_window_s"`     // seconds after a grade settles
	GradingWindowS int64        `json:"grading_window_s"`    // seconds after a task closes that its entries may be graded
	Validators     []Address    `json:"validators"`          // the grading validator set
	Committee      int          `json:"committee"`           // members per round; 0 = every validator
	Quorum         int          `json:"quorum"`              // agreeing results needed, leader included; 0 = majority
	Attempts       int          `json:"attempts"`            // attempts per round before it is left ungraded
	RoundTimeoutS  int64        `json:"round_timeout_s"`     // block-time seconds an attempt stays open
	GasRate        int64        `json:"gas_rate,omitempty"`  // gas a second a validator on program runs must meter; 0 = DefaultGasRate
	Registry       *Address     `json:"registry,omitempty"`  // EVM registry told of awards, if any
	Treasury       *Address     `json:"treasury,omitempty"`  // receives tender and match fees, forfeits and slashed bonds; none: no tenders or matches
	Operators      []Address    `json:"operators,omitempty"` // who may create and run agent matches; none: no matches
	OperatorBond   Amount       `json:"operator_bond"`       // atto; exact value of every match creation, slashed if the operator cheats or stalls
	FeePerTx       Amount       `json:"fee_per_tx"`          // atto charged to every admitted transaction
	FeePerByte     Amount       `json:"fee_per_byte"`        // atto charged per byte of its signed encoding
	GradingFee     Amount       `json:"grading_fee"`         // atto paid with each entry and appeal, shared by the graders who agree
	DevMode        bool         `json:"dev_mode"`            // enables faucet and dev_advance
	Genesis        []Allocation `json:"genesis"`             // wallets funded at the start
	// AppealGrowth is how many members a bounty regrade's panel has beyond the
	// committee (at most every validator), its quorum growing with it; the panel is
	// drawn from validators who did not sit on the grade appealed first. 0: a regrade
	// is drawn as any round is.
	AppealGrowth int `json:"appeal_growth,omitempty"`
	// Joins are the founding operators' join statements when the network was founded
	// by ceremony: the validator set is their grading addresses, in order, and a
	// CometBFT engine takes its consensus validators from them.
	Joins []Join `json:"joins,omitempty"`
	// Protocol is the protocol version the arena opens under (version.go); 0, which
	// encodes as terms founded before versions existed, is version 1.
	Protocol uint64 `json:"protocol,omitempty"`
	// UpgradeNotice is the fewest blocks between a governance proposal and the height
	// it takes effect at: the time operators have to install a release. 0 is
	// govern.DefaultNotice.
	UpgradeNotice uint64 `json:"upgrade_notice,omitempty"`
	// ValidatorBond is what every validator posts and loses a share of for
	// misbehaviour: a joiner sends it with its join, a founder's is taken from its
	// genesis allocation. Zero, which encodes as terms founded before bonds existed:
	// validators post none.
	ValidatorBond Amount `json:"validator_bond,omitzero"`
	// UnbondingBlocks is how many blocks a validator's bond stays posted after it leaves
	// the set, so that misbehaviour found late still costs it. 0 is
	// DefaultUnbondingBlocks.
	UnbondingBlocks uint64 `json:"unbonding_blocks,omitempty"`
	// SlashShare is the share of its bond, in basis points, a validator loses for
	// signing two conflicting votes or two conflicting attestations. 0 is
	// DefaultSlashShare.
	SlashShare uint64 `json:"slash_share,omitempty"`
}

// Defaults of the validator terms.
const (
	// DefaultUnbondingBlocks is CometBFT's default evidence age in blocks
	// (MaxAgeNumBlocks): a bond stays posted as long as evidence against it is taken.
	DefaultUnbondingBlocks = 100_000
	// DefaultSlashShare is 5%, the Cosmos SDK's default for double-signing
	// (SlashFractionDoubleSign 1/20).
	DefaultSlashShare = 500
	// MaxUnbondingBlocks bounds how long a bond is kept after its validator leaves.
	MaxUnbondingBlocks = 10_000_000
)

// unbonding is how many blocks a bond stays posted after its validator leaves.
func (t *Terms) unbonding() uint64 {
	if t.UnbondingBlocks == 0 {
		return DefaultUnbondingBlocks
	}
	return t.UnbondingBlocks
}

// slashShare is the share of a bond, in basis points, misbehaviour costs.
func (t *Terms) slashShare() uint64 {
	if t.SlashShare == 0 {
		return DefaultSlashShare
	}
	return t.SlashShare
}

// GenesisHash returns the arena's genesis hash: sha256 of the founding terms' JSON, as
// the state hash commits to them. Every transaction names the arena by it, and its
// signature's EIP-712 domain is derived from it (VerifyingContract).
func (t Terms) GenesisHash() [32]byte { return digest.Sum(cloneTerms(t)) }

// Allocation funds one wallet at genesis.
type Allocation struct {
	Address Address `json:"address"`
	Amount  Amount  `json:"amount"`
}

// Limits on founding terms and on the envelope, in bytes unless named otherwise.
const (
	MaxNameLen    = 80
	MaxSymbolLen  = 12
	MaxChainLen   = 64
	MaxValidators = 64
	MaxGenesis    = 1024
	MaxCloseS     = bounty.MaxCloseS // the longest window any term may name
	MaxTxBytes    = 512 << 10
	MaxAttempts   = 64 // attempts per round
	MaxOperators  = 16 // match operators
	// DefaultGasRate is the metered rate, in gas a second, required of a validator that
	// sits on program runs when the terms name none (GasRate 0, which encodes as terms
	// founded before the field did).
	DefaultGasRate = round.DefaultGasRate
	MaxGasRate     = round.MaxGasRate
)

// roundTerms are the terms the rounds of every kind run under.
func (t *Terms) roundTerms() round.Terms {
	return round.Terms{Validators: t.Validators, Committee: t.Committee, Quorum: t.Quorum, Attempts: t.Attempts, TimeoutS: t.RoundTimeoutS, GasRate: t.GasRate}
}

// bountyTerms are the terms bounties run under t, under the rules of the version in
// force.
func (s *State) bountyTerms(t Terms) bounty.Terms {
	return bounty.Terms{EntryBond: t.EntryBond, AppealBond: t.AppealBond, AppealWindowS: t.AppealWindowS, GradingWindowS: t.GradingWindowS, GradingFee: t.GradingFee, AppealGrowth: t.AppealGrowth,
		RefundPerFunder: s.Rules().RefundPerFunder}
}

// tenderTerms are the terms tenders run under.
func (t *Terms) tenderTerms() tender.Terms {
	return tender.Terms{Treasury: t.Treasury, GradingFee: t.GradingFee}
}

// challengeTerms are the terms challenges run under.
func (t *Terms) challengeTerms() challenge.Terms {
	return challenge.Terms{GradingFee: t.GradingFee}
}

// learnTerms are the terms learning challenges run under.
func (t *Terms) learnTerms() learn.Terms {
	return learn.Terms{GradingFee: t.GradingFee}
}

// matchTerms are the terms matches run under, in the arena whose genesis hash is arena.
func (t *Terms) matchTerms(arena [32]byte) match.Terms {
	return match.Terms{Chain: t.Chain, Arena: arena, Operators: t.Operators, OperatorBond: t.OperatorBond, Treasury: t.Treasury}
}

// Fee returns what a transaction of size bytes (its signed encoding, Tx.Size) pays at
// admission: FeePerTx + FeePerByte*size. It reports false when that overflows 256 bits.
func (t *Terms) Fee(size int) (Amount, bool) {
	if t.FeePerByte.IsZero() {
		return t.FeePerTx, true
	}
	per, over := t.FeePerByte.MulUint64(uint64(size))
	if over {
		return Amount{}, false
	}
	fee, over := per.Add(t.FeePerTx)
	return fee, !over
}

// CommitteeSize returns the number of validators on each round's committee.
func (t *Terms) CommitteeSize() int { rt := t.roundTerms(); return rt.CommitteeSize() }

// Rate returns the metered rate, in gas a second, that a validator sitting on program
// runs must sustain: GasRate, or DefaultGasRate when the terms name none.
func (t *Terms) Rate() int64 { rt := t.roundTerms(); return rt.Rate() }

// QuorumSize returns the number of agreeing results, leader included, that settle a round.
func (t *Terms) QuorumSize() int { rt := t.roundTerms(); return rt.QuorumSize() }

// Validate reports the first thing wrong with t as an [EXPECTED] refusal.
func (t *Terms) Validate() error {
	switch {
	case t.Chain == "" || len(t.Chain) > MaxChainLen:
		return errTermsChain
	case t.Name == "" || len(t.Name) > MaxNameLen:
		return errTermsName
	case t.Symbol == "" || len(t.Symbol) > MaxSymbolLen:
		return errTermsSymbol
	case t.EntryBond.IsZero():
		return errTermsEntryBond
	case t.AppealBond.IsZero():
		return errTermsAppealBond
	case t.AppealWindowS <= 0 || t.AppealWindowS > MaxCloseS:
		return errTermsWindow
	case t.GradingWindowS <= 0 || t.GradingWindowS > MaxCloseS:
		return errTermsGradingWindow
	case len(t.Validators) == 0 || len(t.Validators) > MaxValidators:
		return errTermsValidators
	case t.Committee < 0 || t.Quorum < 0:
		return errTermsNegative
	case t.QuorumSize() > t.CommitteeSize():
		return errTermsQuorumSize
	case t.QuorumSize()*2 <= t.CommitteeSize():
		return errTermsQuorumMajority
	case t.Attempts <= 0 || t.Attempts > MaxAttempts:
		return errTermsAttempts
	case t.RoundTimeoutS <= 0 || t.RoundTimeoutS > MaxCloseS:
		return errTermsTimeout
	case t.GasRate < 0 || t.GasRate > MaxGasRate:
		return errTermsGasRate
	case t.AppealGrowth < 0 || t.AppealGrowth > MaxValidators:
		return errTermsAppealGrowth
	case t.UpgradeNotice > govern.MaxVoteBlocks:
		return errTermsNotice
	case len(t.Genesis) > MaxGenesis:
		return errTermsGenesis
	case t.UnbondingBlocks > MaxUnbondingBlocks:
		return errTermsUnbonding
	case t.SlashShare > valset.BasisPoints:
		return errTermsSlashShare
	}
	if err := t.validateJoins(); err != nil { // before the validators, to name the joins that repeat one
		return err
	}
	seen := make(map[Address]bool, len(t.Validators))
	for _, v := range t.Validators {
		if v.IsZero() || seen[v] {
			return errTermsDistinct
		}
		seen[v] = true
	}
	if t.Registry != nil && t.Registry.IsZero() {
		return errTermsRegistry
	}
	if t.Treasury != nil && t.Treasury.IsZero() {
		return errTermsTreasury
	}
	return t.validateOperators()
}

// validateOperators checks the match terms: at most MaxOperators distinct non-zero
// operators, and, when there are any, a treasury to take slashed bonds and a positive
// bond to slash.
func (t *Terms) validateOperators() error {
	if len(t.Operators) == 0 {
		return nil
	}
	if len(t.Operators) > MaxOperators {
		return errTermsOperators
	}
	seen := make(map[Address]bool, len(t.Operators))
	for _, o := range t.Operators {
		if o.IsZero() || seen[o] {
			return errTermsOperators
		}
		seen[o] = true
	}
	switch {
	case t.Treasury == nil:
		return errTermsOperatorTreasury
	case t.OperatorBond.IsZero():
		return errTermsOperatorBond
	}
	return nil
}
