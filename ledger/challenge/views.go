package challenge

import (
	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
)

// BenchView is one bench version as readers see it: its frozen identity, everything a
// validator needs to run it, and its check.
type BenchView struct {
	ID           BenchID                `json:"id"`
	Name         string                 `json:"name"`
	Version      uint32                 `json:"version"`
	Module       string                 `json:"module"` // sha256, lowercase hex
	Size         int64                  `json:"size"`
	URL          string                 `json:"url,omitempty"`
	Kinds        []string               `json:"kinds"`
	MinCases     int                    `json:"min_cases"`
	Profiles     []string               `json:"profiles"`
	Model        string                 `json:"model,omitempty"`
	Quorum       int                    `json:"quorum"`
	InitGas      int64                  `json:"init_gas"`
	CaseGas      int64                  `json:"case_gas"`
	BenchGas     int64                  `json:"bench_gas"`
	MaxPages     uint32                 `json:"max_pages"`
	Platform     string                 `json:"platform"`
	Fold         FoldTerms              `json:"fold"`
	CheckSeed    string                 `json:"check_seed"` // the seed the check generates, 64 hex digits
	Registrant   book.Address           `json:"registrant"`
	RegisteredAt int64                  `json:"registered_at"`
	State        string                 `json:"state"` // BenchChecking, BenchAccepted, BenchRefused or BenchLapsed
	Reason       string                 `json:"reason,omitempty"`
	Round        round.ID               `json:"round"`
	Dataset      string                 `json:"dataset,omitempty"` // the check seed's dataset digest, once accepted
	Cases        int                    `json:"cases,omitempty"`
	CheckedAt    int64                  `json:"checked_at,omitempty"`
	Checks       []CheckAttestationView `json:"attestations"` // every attestation of its check, by attempt
}

// CheckAttestationView is one committee member's verdict on a bench check.
type CheckAttestationView struct {
	Attempt   int          `json:"attempt"`
	Validator book.Address `json:"validator"`
	Height    uint64       `json:"height"`
	Result    BenchCheck   `json:"result"`
	Agrees    bool         `json:"agrees_with_leader"`
	Late      bool         `json:"late,omitempty"`
}

// ChallengeView is one challenge as readers see it: its terms, its money, the version
// it ranks on and the rollout to the next, its entries, its runs and its folds.
type ChallengeView struct {
	ID          ChallengeID  `json:"id"`
	Sponsor     book.Address `json:"sponsor"`
	Bench       string       `json:"bench"`
	Title       string       `json:"title"`
	Deposit     book.Amount  `json:"deposit"`
	GradingFee  book.Amount  `json:"grading_fee"` // paid beside the deposit with each commit
	PerEpoch    book.Amount  `json:"per_epoch"`
	EpochS      int64        `json:"epoch_s"`
	End         int64        `json:"end"`
	PublishedAt int64        `json:"published_at"`
	Funded      book.Amount  `json:"funded"`
	Pool        book.Amount  `json:"pool"` // unspent
	Paid        book.Amount  `json:"paid"`
	Returned    book.Amount  `json:"returned"` // to the sponsor at close
	State       string       `json:"state"`    // ChallengeOpen or ChallengeClosed
	ClosedAt    int64        `json:"closed_at,omitempty"`
	Epoch       uint64       `json:"epoch"`    // the epoch index at the arena's clock
	FoldDue     bool         `json:"fold_due"` // a fold would be taken now
	Active      BenchID      `json:"active"`   // the bench version entries rank on
	Version     uint32       `json:"version"`  // its version number
	Rollout     *RolloutView `json:"rollout,omitempty"`
	Champion    EntryID      `json:"champion,omitempty"` // the latest fold's
	Entries     []EntryView  `json:"entries"`
	Runs        []RunView    `json:"runs"`
	Folds       []FoldView   `json:"folds"`
}

// RolloutView is the progress of a newer accepted version toward becoming active.
type RolloutView struct {
	Bench   BenchID `json:"bench"`
	Version uint32  `json:"version"`
	Ranked  int     `json:"ranked"` // entries with a final, full, ranked run on it
	Needed  int     `json:"needed"` // rollout_agents of the active version
}

// EntryView is one committed program and its standing on the active version.
type EntryView struct {
	ID          EntryID      `json:"id"` // also its first_seen
	Challenge   ChallengeID  `json:"challenge"`
	Committer   book.Address `json:"committer"`
	Program     string       `json:"program"` // the agent id
	Size        int64        `json:"size"`
	URL         string       `json:"url,omitempty"`
	Profile     string       `json:"profile"`
	Deposit     book.Amount  `json:"deposit"`
	DepositHeld bool         `json:"deposit_held"` // false once returned
	CommittedAt int64        `json:"committed_at"`
	Run         RunID        `json:"run"`  // its entry run
	Runs        []RunID      `json:"runs"` // every run of it
	// Canonical is the canonical program digest its latest final run attested ("" until
	// one has); CopyOf the first-seen entry of the same canonical digest when this one is
	// a later copy, which never ranks or earns, and Standing then says so in words.
	Canonical string  `json:"canonical,omitempty"`
	CopyOf    EntryID `json:"copy_of,omitempty"`
	Standing  string  `json:"standing,omitempty"`
	// Ranked is its ranked run on the active version (final and full), if any, and
	// Eligible whether the fold counts it (n ≥ min_cases and composite > 0).
	Ranked   RunID `json:"ranked,omitempty"`
	Eligible bool  `json:"eligible"`
	// Composite and SE are the ranked run's, in micros; Confirmations the final
	// confirmation runs on the active version.
	Composite     int64              `json:"composite,omitempty"`
	SE            int64              `json:"se,omitempty"`
	N             int                `json:"n,omitempty"`
	Confirmations []ConfirmationView `json:"confirmations"`
}

// ConfirmationView is one final confirmation composite of an entry.
type ConfirmationView struct {
	Run       RunID   `json:"run"`
	Pair      EntryID `json:"pair"`
	K         int     `json:"k"`
	CRN       uint64  `json:"crn,string"` // a 64-bit seed: a decimal string, as JSON numbers past 2^53 are not exact
	Composite int64   `json:"composite"`
}

// RunView is one run: what a validator needs to run it (the program, the bench version,
// the seed and the profile), its state, the result it kept and every attestation.
type RunView struct {
	ID           RunID                `json:"id"`
	Challenge    ChallengeID          `json:"challenge"`
	Entry        EntryID              `json:"entry"`
	Program      string               `json:"program"`
	Size         int64                `json:"size"`
	URL          string               `json:"url,omitempty"`
	Profile      string               `json:"profile"`
	Bench        BenchID              `json:"bench"`
	Version      uint32               `json:"version"`
	Purpose      string               `json:"purpose"` // PurposeEntry, PurposeConfirm or PurposeRescore
	K            int                  `json:"k,omitempty"`
	CRN          uint64               `json:"crn,string,omitempty"` // a 64-bit seed, as a decimal string
	Pair         EntryID              `json:"pair,omitempty"`
	Seed         string               `json:"seed,omitempty"` // 64 hex digits, once anchored
	State        string               `json:"state"`
	Round        round.ID             `json:"round,omitempty"`
	CreatedAt    int64                `json:"created_at"`
	EndedAt      int64                `json:"ended_at,omitempty"`
	Kept         *RunResult           `json:"kept,omitempty"` // final or refused: the kept result; provisional: the median of the scored attestations
	KeptFrom     *book.Address        `json:"kept_from,omitempty"`
	Attestations []RunAttestationView `json:"attestations"`
}

// RunAttestationView is one committee member's result on a run.
type RunAttestationView struct {
	Attempt   int          `json:"attempt"`
	Validator book.Address `json:"validator"`
	Height    uint64       `json:"height"`
	Result    RunResult    `json:"result"`
	Agrees    bool         `json:"agrees_with_leader"`
	Late      bool         `json:"late,omitempty"`
}

// FoldView is one epoch's fold: the version it ranked on, the champion and tail, what it
// paid, the contested pairs it sent to confirmation and the runs it opened.
type FoldView struct {
	Epoch     uint64        `json:"epoch"`
	At        int64         `json:"at"`
	Height    uint64        `json:"height"`
	Version   uint32        `json:"version"`
	Flipped   bool          `json:"flipped,omitempty"`
	Amount    book.Amount   `json:"amount"`
	Champion  EntryID       `json:"champion,omitempty"`
	Tail      []EntryID     `json:"tail"`
	Payments  []PaymentView `json:"payments"`
	Contested []PairView    `json:"contested"`
	Rescore   []EntryID     `json:"rescore"`
	Opened    []RunID       `json:"opened"`
}

// PaymentView is one share a fold paid, claimable by Address.
type PaymentView struct {
	Entry   EntryID      `json:"entry"`
	Address book.Address `json:"address"`
	Amount  book.Amount  `json:"amount"`
	Role    string       `json:"role"` // "champion" or "tail"
}

// PairView is one contested pair: the champion and a challenger inside the band.
type PairView struct {
	Champion   EntryID `json:"champion"`
	Challenger EntryID `json:"challenger"`
}
