package learn

import (
	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
)

// The kind's transaction kinds. Its fold is the benchmark challenge's challenge_fold
// with "kind":"learning", which the ledger hands to Fold.
const (
	KindPublish book.Kind = "learn_publish"
	KindCommit  book.Kind = "learn_commit"
	KindAttest  book.Kind = "learn_attest"
	KindReveal  book.Kind = "learn_reveal"
	KindClose   book.Kind = "learn_close"
)

// FoldKind is the value of challenge_fold's "kind" that folds a learning challenge.
const FoldKind = "learning"

// Publish opens a learning challenge on a pinned dataset; the value is the emission
// pool, paid out per epoch. The sponsor commits the held-out split's digest now and
// reveals it after close_at, before reveal_by.
type Publish struct {
	Title        string      `json:"title"`
	Dataset      string      `json:"dataset"`       // sha256 of the train split, lowercase hex
	DatasetBytes int64       `json:"dataset_bytes"` // its length, 1..MaxDatasetBytes
	Heldout      string      `json:"heldout"`       // sha256 of the held-out split: the commitment
	HeldoutBytes int64       `json:"heldout_bytes"` // its length, 1..MaxDatasetBytes
	CloseAt      int64       `json:"close_at"`      // unix seconds; commits before it, the reveal at or after it
	RevealBy     int64       `json:"reveal_by"`     // unix seconds; after close_at; no reveal before it: no held-out terms
	End          int64       `json:"end"`           // unix seconds; at or after reveal_by; folds before it, close at or after it
	Deposit      book.Amount `json:"deposit"`
	PerEpoch     book.Amount `json:"per_epoch"` // paid by each fold, at most what the pool holds
	EpochS       int64       `json:"epoch_s"`   // season.MinEpochS..season.MaxEpochS
	ParamCap     int64       `json:"param_cap"` // the parameter region's cap, bytes, 1..MaxParamCap
	DataCap      int64       `json:"data_cap"`  // active data of the architecture outside its parameter region, bytes
	ByteGas      int64       `json:"byte_gas"`  // gas per byte for the pair (predict + learn), > 0
	Quorum       int         `json:"quorum"`    // committee size and quorum of every round of the challenge (3)
	Platform     string      `json:"platform"`  // must equal challenge.Platform
	GzipBPB      int64       `json:"gzip_bpb"`  // gzip -9 on the train split, bits per byte in micros (informational)
	XzBPB        int64       `json:"xz_bpb"`    // xz -9 likewise
}

// Commit enters an architecture and a training program by digest; the value is exactly
// the challenge's deposit plus the arena's grading fee. A pair enters a challenge once.
type Commit struct {
	Challenge ChallengeID `json:"challenge"`
	Arch      string      `json:"arch"` // sha256 of the architecture module, lowercase hex
	ArchSize  int64       `json:"arch_size"`
	Train     string      `json:"train"` // sha256 of the training module; never equal to Arch
	TrainSize int64       `json:"train_size"`
	ArchURL   string      `json:"arch_url,omitempty"`
	TrainURL  string      `json:"train_url,omitempty"`
}

// Attest is a committee member's result on an attempt of a learn_run round (Run set) or
// a learn_heldout round (Heldout set): exactly one of the two.
type Attest struct {
	Round   round.ID       `json:"round"`
	Attempt int            `json:"attempt"`
	Result  *RunResult     `json:"result,omitempty"`  // a learn_run round's
	Heldout *HeldoutResult `json:"heldout,omitempty"` // a learn_heldout round's
}

// Reveal reveals the held-out split: only the sponsor, at or after close_at and before
// reveal_by, with the digest committed at publication. The bytes go up as a blob.
type Reveal struct {
	Challenge ChallengeID `json:"challenge"`
	Heldout   string      `json:"heldout"` // sha256 of the held-out bytes
}

// Fold folds a learning challenge's epoch: anyone, once per epoch index ≥ 1, before
// the end. On the wire it is challenge_fold {challenge, kind:"learning"}.
type Fold struct {
	Challenge ChallengeID `json:"challenge"`
}

// Close closes a learning challenge at or after its end: anyone.
type Close struct {
	Challenge ChallengeID `json:"challenge"`
}

// Kind implementations name each body on the wire.
func (Publish) Kind() book.Kind { return KindPublish }
func (Commit) Kind() book.Kind  { return KindCommit }
func (Attest) Kind() book.Kind  { return KindAttest }
func (Reveal) Kind() book.Kind  { return KindReveal }
func (Close) Kind() book.Kind   { return KindClose }
