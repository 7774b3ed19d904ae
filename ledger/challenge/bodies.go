package challenge

import (
	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
)

// The kind's transaction kinds.
const (
	KindBenchRegister    book.Kind = "bench_register"
	KindBenchCheckAttest book.Kind = "bench_check_attest"
	KindPublish          book.Kind = "challenge_publish"
	KindCommit           book.Kind = "challenge_commit"
	KindAttest           book.Kind = "challenge_attest"
	KindFold             book.Kind = "challenge_fold"
	KindClose            book.Kind = "challenge_close"
)

// FoldTerms are a bench's frozen fold parameters (FACTS §3.4's constants).
type FoldTerms struct {
	MarginPPM     uint64 `json:"margin_ppm"`     // relative dethrone margin, ppm of the champion's composite (20000 = 2%)
	Tail          int    `json:"tail"`           // runners-up paid beside the champion (4)
	ChampionPPM   uint64 `json:"champion_ppm"`   // the champion's share of an epoch's payment, ppm (900000)
	ZMilli        uint64 `json:"z_milli"`        // dethrone z in thousandths (1640); 0 disables the statistical band
	ConfirmSeeds  int    `json:"confirm_seeds"`  // confirmation seeds per contested pair (3)
	RolloutAgents int    `json:"rollout_agents"` // entries that must hold a ranked run on a newer version before it becomes active (5)
}

// DefaultFold returns the seed's fold parameters.
func DefaultFold() FoldTerms {
	return FoldTerms{MarginPPM: 20000, Tail: 4, ChampionPPM: 900000, ZMilli: 1640, ConfirmSeeds: 3, RolloutAgents: 5}
}

// BenchRegister freezes one version of a bench: the module by digest, what it generates
// and grades, the limits a run runs under, the platform it pins and its fold parameters.
// Anyone may send it; it takes no value, and the grading fee is taken from the wallet
// beside it. It opens a bench_check round with a committee of Quorum members.
type BenchRegister struct {
	Name     string    `json:"name"`    // [a-z0-9-]{1,40}
	Version  uint32    `json:"version"` // above every version of Name registered before
	Module   string    `json:"module"`  // sha256 of the module, lowercase hex
	Size     int64     `json:"size"`    // bytes, 1..MaxModuleBytes
	URL      string    `json:"url,omitempty"`
	Kinds    []string  `json:"kinds"`     // case kinds the full profile holds, sorted, distinct (tool, memory)
	MinCases int       `json:"min_cases"` // cases a run needs to rank (100)
	Profiles []string  `json:"profiles"`  // must hold "full"; "practice" optional
	Model    string    `json:"model,omitempty"`
	Quorum   int       `json:"quorum"` // agreeing validators that settle every round on this bench (3); its committee has one spare beside them when the arena has the validators
	InitGas  int64     `json:"init_gas"`
	CaseGas  int64     `json:"case_gas"`
	BenchGas int64     `json:"bench_gas"`
	MaxPages uint32    `json:"max_pages"` // memory cap in 64 KiB pages (2048)
	Platform string    `json:"platform"`  // must equal Platform
	Fold     FoldTerms `json:"fold"`
}

// BenchCheckAttest is a committee member's verdict on a bench_check round's attempt.
type BenchCheckAttest struct {
	Round   round.ID   `json:"round"`
	Attempt int        `json:"attempt"`
	Result  BenchCheck `json:"result"`
}

// Publish opens a challenge on the newest accepted version of Bench; the value is the
// emission pool, paid out per epoch. Every commit deposits Deposit.
type Publish struct {
	Bench    string      `json:"bench"` // the bench's name
	Title    string      `json:"title"`
	Deposit  book.Amount `json:"deposit"`
	PerEpoch book.Amount `json:"per_epoch"` // paid by each fold, at most what the pool holds
	EpochS   int64       `json:"epoch_s"`   // season.MinEpochS..season.MaxEpochS
	End      int64       `json:"end"`       // unix seconds, after now
}

// Commit enters a program by digest; the value is exactly the challenge's deposit plus
// the arena's grading fee. A digest enters a challenge once.
type Commit struct {
	Challenge ChallengeID `json:"challenge"`
	Program   string      `json:"program"` // sha256 of the module, lowercase hex: the agent id
	Size      int64       `json:"size"`
	URL       string      `json:"url,omitempty"`
	Profile   string      `json:"profile"` // ProfileFull or ProfilePractice
}

// Attest is a committee member's result on a challenge_run round's attempt.
type Attest struct {
	Round   round.ID  `json:"round"`
	Attempt int       `json:"attempt"`
	Result  RunResult `json:"result"`
}

// Fold folds a challenge's epoch: anyone, once per epoch index ≥ 1, before the end.
// Contest (on the wire "kind") names the contest kind the challenge belongs to: absent
// or FoldBenchmark for a benchmark challenge; the ledger hands "learning" to the
// learning kind, whose challenges are numbered apart.
type Fold struct {
	Challenge ChallengeID `json:"challenge"`
	Contest   string      `json:"kind,omitempty"`
}

// FoldBenchmark is the fold's kind of a benchmark challenge, the default.
const FoldBenchmark = "benchmark"

// Close closes a challenge at or after its end: anyone.
type Close struct {
	Challenge ChallengeID `json:"challenge"`
}

// Kind implementations name each body on the wire.
func (BenchRegister) Kind() book.Kind    { return KindBenchRegister }
func (BenchCheckAttest) Kind() book.Kind { return KindBenchCheckAttest }
func (Publish) Kind() book.Kind          { return KindPublish }
func (Commit) Kind() book.Kind           { return KindCommit }
func (Attest) Kind() book.Kind           { return KindAttest }
func (Fold) Kind() book.Kind             { return KindFold }
func (Close) Kind() book.Kind            { return KindClose }
