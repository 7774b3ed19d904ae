package ledger

// TaskID, EntryID and RoundID number tasks, entries and grading rounds from 1 in the
// order the ledger created them. 0 means none.
type (
	TaskID  uint64
	EntryID uint64
	RoundID uint64
)

// Terms are an arena's founding terms. They are fixed when the arena is opened and
// nothing edits them later.
type Terms struct {
	Chain         string       `json:"chain"` // chain id; every signature names it
	Name          string       `json:"name"`
	Symbol        string       `json:"symbol"`             // currency symbol, e.g. "GEN"
	EntryBond     Amount       `json:"entry_bond"`         // atto; exact value of every submit
	AppealBond    Amount       `json:"appeal_bond"`        // atto; exact value of every appeal
	AppealWindowS int64        `json:"appeal_window_s"`    // seconds after a grade settles
	Validators    []Address    `json:"validators"`         // the grading validator set
	Committee     int          `json:"committee"`          // members per round; 0 = every validator
	Quorum        int          `json:"quorum"`             // agreeing results needed, leader included; 0 = majority
	Attempts      int          `json:"attempts"`           // attempts per round before it is left ungraded
	RoundTimeoutS int64        `json:"round_timeout_s"`    // block-time seconds an attempt stays open
	Registry      *Address     `json:"registry,omitempty"` // EVM registry told of awards, if any
	DevMode       bool         `json:"dev_mode"`           // enables faucet and dev_advance
	Genesis       []Allocation `json:"genesis"`            // wallets funded at the start
}

// Allocation funds one wallet at genesis.
type Allocation struct {
	Address Address `json:"address"`
	Amount  Amount  `json:"amount"`
}

// Rung is one step of the published ladder.
type Rung struct {
	Rung    int    `json:"rung"`
	Label   string `json:"label"`
	Meaning string `json:"meaning"`
	Worth   int    `json:"worth"`
}

// Ladder is the published six-rung ladder: the same six sentences a solver reads and the
// reader is handed.
var Ladder = [Rungs]Rung{
	{0, "fails the brief", "does not deliver what was asked, however well written", 0},
	{1, "poor", "attempts the brief and misses most of it", 20},
	{2, "weak", "delivers part of the brief, with gaps a reader would trip on", 40},
	{3, "adequate", "delivers what the brief asked for, and nothing beyond it", 60},
	{4, "strong", "delivers it well and is usable as it stands", 80},
	{5, "exemplary", "delivers it completely and could hardly be done better", 100},
}

// Limits on founding terms and on transaction fields, in bytes unless named otherwise.
const (
	MaxNameLen      = 80
	MaxSymbolLen    = 12
	MaxChainLen     = 64
	MaxValidators   = 64
	MaxGenesis      = 1024
	MaxTitleLen     = 200
	MaxSpecLen      = 8 << 10
	MaxRubricLen    = 4 << 10
	MaxWorkLen      = 64 << 10
	MaxURLLen       = 2048
	MaxArgumentLen  = 2 << 10
	MaxCloseS       = 365 * 24 * 3600
	MaxRationaleLen = 1 << 10
	MaxCallText     = 160 << 10 // each of a call's prompt and response
	MaxCalls        = 4
	MaxTxBytes      = 512 << 10
	MaxAttempts     = 64 // attempts per round
)

// CommitteeSize returns the number of validators on each round's committee.
func (t *Terms) CommitteeSize() int {
	if t.Committee <= 0 || t.Committee > len(t.Validators) {
		return len(t.Validators)
	}
	return t.Committee
}

// QuorumSize returns the number of agreeing results, leader included, that settle a round.
func (t *Terms) QuorumSize() int {
	if t.Quorum <= 0 {
		return t.CommitteeSize()/2 + 1
	}
	return t.Quorum
}

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
	case len(t.Genesis) > MaxGenesis:
		return errTermsGenesis
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
	return nil
}
