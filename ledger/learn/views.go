package learn

import (
	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
)

// Score is a final run's score with every part of it, as package score computes them
// in fixed point: micros (1e6 = 1), each the rounded value of the exact quantity, over
// exact integer code lengths (bpb is exactly Bits/Bytes). Without held-out terms the
// held-out fields are 0, Penalty is 1000000 and Tie 0.
type Score struct {
	Bits         int64 `json:"bits"`
	Bytes        int64 `json:"bytes"`
	WindowBits   int64 `json:"window_bits"`   // the first Window bytes' bits: the step-0 check
	TrainedBits  int64 `json:"trained_bits"`  // held-out bits of the trained model
	TwinBits     int64 `json:"twin_bits"`     // held-out bits of the fresh-init twin
	HeldoutBytes int64 `json:"heldout_bytes"` // the held-out split's bytes
	BPB          int64 `json:"bpb"`           // bits/bytes, micros
	Base         int64 `json:"base"`          // 1/(1+bpb), micros
	StepZero     bool  `json:"step_zero"`     // the first Window bytes coded below 4 bits a byte
	Multiplier   int64 `json:"multiplier"`    // 0 on a step-0 anomaly, else 1000000
	Heldout      bool  `json:"heldout"`       // the held-out terms were measured
	TrainedBPB   int64 `json:"trained_bpb"`   // micros
	TwinBPB      int64 `json:"twin_bpb"`      // micros
	Gap          int64 `json:"gap"`           // trained_bpb − bpb, micros
	Delta        int64 `json:"delta"`         // twin_bpb − trained_bpb, micros
	Cap          int64 `json:"cap"`           // the tie's bound, micros
	Tanh         int64 `json:"tanh"`          // tanh(delta), micros
	Penalty      int64 `json:"penalty"`       // 500000 when the gap exceeds 1 bit per byte, else 1000000
	Tie          int64 `json:"tie"`           // cap·tanh(delta), micros
	Final        int64 `json:"final"`         // (base·penalty + tie) × multiplier, micros
}

// ChallengeView is one learning challenge as readers see it: its terms, its money, its
// reveal, its runs, its ranking and its folds.
type ChallengeView struct {
	ID           ChallengeID  `json:"id"`
	Sponsor      book.Address `json:"sponsor"`
	Title        string       `json:"title"`
	Dataset      string       `json:"dataset"`
	DatasetBytes int64        `json:"dataset_bytes"`
	Heldout      string       `json:"heldout"` // the commitment
	HeldoutBytes int64        `json:"heldout_bytes"`
	CloseAt      int64        `json:"close_at"`
	RevealBy     int64        `json:"reveal_by"`
	End          int64        `json:"end"`
	Deposit      book.Amount  `json:"deposit"`
	GradingFee   book.Amount  `json:"grading_fee"` // paid beside the deposit with each commit
	PerEpoch     book.Amount  `json:"per_epoch"`
	EpochS       int64        `json:"epoch_s"`
	ParamCap     int64        `json:"param_cap"`
	DataCap      int64        `json:"data_cap"`
	ByteGas      int64        `json:"byte_gas"`
	Quorum       int          `json:"quorum"`
	Platform     string       `json:"platform"`
	GzipBPB      int64        `json:"gzip_bpb"` // micros, informational
	XzBPB        int64        `json:"xz_bpb"`   // micros, informational
	PublishedAt  int64        `json:"published_at"`
	Funded       book.Amount  `json:"funded"`
	Pool         book.Amount  `json:"pool"` // unspent
	Paid         book.Amount  `json:"paid"`
	Returned     book.Amount  `json:"returned"` // to the sponsor at close
	State        string       `json:"state"`    // ChallengeOpen or ChallengeClosed
	ClosedAt     int64        `json:"closed_at,omitempty"`
	Open         bool         `json:"open"`   // commits are taken now (before close_at)
	Reveal       string       `json:"reveal"` // RevealPending, RevealRevealed or RevealLapsed
	RevealedAt   int64        `json:"revealed_at,omitempty"`
	Epoch        uint64       `json:"epoch"`    // the epoch index at the arena's clock
	FoldDue      bool         `json:"fold_due"` // a fold would be taken now
	Runs         []RunView    `json:"runs"`     // by id
	Ranking      []RankView   `json:"ranking"`  // final runs, one row per submitter, best first
	Folds        []FoldView   `json:"folds"`
}

// RankView is one row of a challenge's ranking: a submitter's best final run.
type RankView struct {
	Rank      int          `json:"rank"` // from 1
	Run       RunID        `json:"run"`
	Committer book.Address `json:"committer"`
	Arch      string       `json:"arch"`
	Train     string       `json:"train"`
	Final     int64        `json:"final"` // micros
}

// RunView is one run: what a validator needs to run it (the modules, the seeds and the
// challenge's limits), its state, the results it kept, its score with every part, and
// every attestation of both its rounds.
type RunView struct {
	ID           RunID             `json:"id"`
	Challenge    ChallengeID       `json:"challenge"`
	Committer    book.Address      `json:"committer"`
	Arch         string            `json:"arch"`
	ArchSize     int64             `json:"arch_size"`
	ArchURL      string            `json:"arch_url,omitempty"`
	Train        string            `json:"train"`
	TrainSize    int64             `json:"train_size"`
	TrainURL     string            `json:"train_url,omitempty"`
	Dataset      string            `json:"dataset"`
	DatasetBytes int64             `json:"dataset_bytes"`
	Heldout      string            `json:"heldout"` // the commitment; its bytes are a blob once revealed
	HeldoutBytes int64             `json:"heldout_bytes"`
	Revealed     bool              `json:"revealed"`
	ParamCap     int64             `json:"param_cap"`
	DataCap      int64             `json:"data_cap"`
	ByteGas      int64             `json:"byte_gas"`
	Platform     string            `json:"platform"`
	GzipBPB      int64             `json:"gzip_bpb"`
	XzBPB        int64             `json:"xz_bpb"`
	Deposit      book.Amount       `json:"deposit"`
	DepositHeld  bool              `json:"deposit_held"` // false once returned
	CommittedAt  int64             `json:"committed_at"`
	Seed         string            `json:"seed,omitempty"`      // 64 hex digits, once anchored
	InitSeed     string            `json:"init_seed,omitempty"` // sha256("arena learn init\n" + seed), hex
	State        string            `json:"state"`
	Round        round.ID          `json:"round,omitempty"`
	Kept         *RunResult        `json:"kept,omitempty"`
	KeptFrom     *book.Address     `json:"kept_from,omitempty"`
	CurvePer     int64             `json:"curve_per"` // windows of Window bytes merged into each curve point
	HeldoutRound round.ID          `json:"heldout_round,omitempty"`
	HeldoutKept  *HeldoutResult    `json:"heldout_kept,omitempty"`
	HeldoutFrom  *book.Address     `json:"heldout_from,omitempty"`
	HeldoutTerms string            `json:"heldout_terms,omitempty"` // a final run's: HeldoutMeasured, HeldoutUnrevealed or HeldoutUnmeasured
	Score        *Score            `json:"score,omitempty"`         // a final run's
	EndedAt      int64             `json:"ended_at,omitempty"`
	Attestations []AttestationView `json:"attestations"` // both rounds', run first, by attempt
}

// AttestationView is one committee member's result on one of a run's rounds.
type AttestationView struct {
	Kind      string         `json:"kind"` // RunKind or HeldoutKind
	Attempt   int            `json:"attempt"`
	Validator book.Address   `json:"validator"`
	Height    uint64         `json:"height"`
	Result    *RunResult     `json:"result,omitempty"`
	Heldout   *HeldoutResult `json:"heldout,omitempty"`
	Agrees    bool           `json:"agrees_with_leader"`
	Late      bool           `json:"late,omitempty"`
}

// FoldView is one epoch's fold: what it paid, and to whom.
type FoldView struct {
	Epoch    uint64        `json:"epoch"`
	At       int64         `json:"at"`
	Height   uint64        `json:"height"`
	Amount   book.Amount   `json:"amount"` // zero when nothing was eligible
	Payments []PaymentView `json:"payments"`
}

// PaymentView is one share a fold paid, claimable by Address.
type PaymentView struct {
	Run     RunID        `json:"run"` // the owner's first run of the family or variant it is paid for
	Address book.Address `json:"address"`
	Amount  book.Amount  `json:"amount"`
	Role    string       `json:"role"` // score.RoleArchitecture, score.RoleTraining or score.RoleBoth
}
