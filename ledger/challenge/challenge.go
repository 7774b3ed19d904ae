package challenge

import (
	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/digest"
	"github.com/arena/arena/ledger/season"
)

// The kind's names: its rounds and its pools.
const (
	Name      = "challenge"
	CheckKind = "bench_check"   // a bench version's check round; Subject = the bench id
	RunKind   = "challenge_run" // a run's grading round; Subject = the run id
)

// The pools a challenge holds money in.
const (
	PoolPool    book.Pool = "challenge/pool"     // unspent emission pools of open challenges
	DepositPool book.Pool = "challenge/deposits" // deposits of entries whose entry run has not ended
	GradePool   book.Pool = "challenge/grading"  // grading fees of checks and entry runs not yet paid or returned
)

// pools are the kind's season pools.
var pools = season.Pools{Pool: PoolPool, Deposit: DepositPool, Grade: GradePool}

// The pinned platform and gas injector: a bench names the platform it was frozen on
// (season.Platform), and a validator on any other abstains.
const (
	Platform        = season.Platform
	InjectorVersion = "arena-gas/1"
)

// Profiles a bench generates; only the full profile ranks or earns.
const (
	ProfileFull     = "full"
	ProfilePractice = "practice"
)

// Bench states.
const (
	BenchChecking = "checking"
	BenchAccepted = "accepted"
	BenchRefused  = "refused"
	BenchLapsed   = "lapsed" // the check round ran out of attempts; the version may be registered again
)

// Challenge states.
const (
	ChallengeOpen   = "open"
	ChallengeClosed = "closed"
)

// Run purposes.
const (
	PurposeEntry   = "entry"   // the run a commit opens; its end returns the deposit
	PurposeConfirm = "confirm" // a CRN confirmation run of a contested pair
	PurposeRescore = "rescore" // a champion's or tail entry's run on a newer version
)

// Run states.
const (
	RunAnchoring   = "anchoring"   // waiting for the next block's anchor
	RunRunning     = "running"     // its round is open
	RunFinal       = "final"       // settled on a scored result
	RunRefused     = "refused"     // settled on an agreed [EXPECTED] or [EXTERNAL] failure
	RunProvisional = "provisional" // exhausted with some scored attestations: feedback, never ranked
	RunUnscored    = "unscored"    // exhausted with none
	RunAbandoned   = "abandoned"   // its challenge closed first
)

// Limits and defaults.
const (
	MaxNameLen     = 40
	MaxTitleLen    = 120
	MaxURLLen      = 512
	MaxKinds       = 8
	MaxKindLen     = 32
	MaxModelLen    = 128
	MaxQuorum      = 16
	MaxModuleBytes = 8 << 20 // sandbox.MaxModuleBytes
	MaxPagesCap    = 4096    // 256 MiB of wasm pages
	DefaultPages   = 2048
	MaxInitGas     = 2_000_000_000 // init_gas and case_gas at most
	MaxCaseGas     = 2_000_000_000
	MaxBenchGas    = 200_000_000_000 // bench_gas at most
	MaxMinCases    = 10_000
	MaxTail        = 16
	MaxConfirm     = 8
	MaxRollout     = 64
	PPM            = 1_000_000
	MaxCategories  = 256 // categories a run result's composite may carry
	MaxCategoryLen = 128 // bytes of UTF-8 in a category's name; its kind is at most MaxKindLen
)

// IDs number benches, challenges, entries and runs from 1 in creation order across the
// arena. 0 means none.
type (
	BenchID     uint64
	ChallengeID uint64
	EntryID     uint64
	RunID       uint64
)

// Terms are the founding terms challenges run under.
type Terms struct {
	GradingFee book.Amount // paid with each bench registration and commit, shared by the graders who agree
}

// State is every bench, challenge, entry and run of an arena. It is not safe for
// concurrent use.
type State struct {
	terms      Terms
	benches    []*bench     // benches[id-1]
	challenges []*challenge // challenges[id-1]
	entries    []*entry     // entries[id-1]
	runs       []*run       // runs[id-1]

	// Derived from the above; rebuilt on decode, never encoded.
	anchoring []RunID // runs waiting for the next block's anchor, ascending
	closed    int     // challenges closed

	sums struct{ benches, challenges, entries, runs digest.List }
}

// New returns an empty challenge state under t.
func New(t Terms) *State { return &State{terms: t} }

func (s *State) bench(id BenchID) *bench {
	if id == 0 || id > BenchID(len(s.benches)) {
		return nil
	}
	return s.benches[id-1]
}

func (s *State) challenge(id ChallengeID) *challenge {
	if id == 0 || id > ChallengeID(len(s.challenges)) {
		return nil
	}
	return s.challenges[id-1]
}

func (s *State) entry(id EntryID) *entry {
	if id == 0 || id > EntryID(len(s.entries)) {
		return nil
	}
	return s.entries[id-1]
}

func (s *State) run(id RunID) *run {
	if id == 0 || id > RunID(len(s.runs)) {
		return nil
	}
	return s.runs[id-1]
}

func (s *State) markBench(id BenchID)         { s.sums.benches.Mark(uint64(id)) }
func (s *State) markChallenge(id ChallengeID) { s.sums.challenges.Mark(uint64(id)) }
func (s *State) markEntry(id EntryID)         { s.sums.entries.Mark(uint64(id)) }
func (s *State) markRun(id RunID)             { s.sums.runs.Mark(uint64(id)) }

// Hash returns the combined hash of every bench, challenge, entry and run, recomputing
// only those that changed.
func (s *State) Hash() [32]byte {
	return digest.Combine(Name,
		digest.Refresh(&s.sums.benches, s.benches),
		digest.Refresh(&s.sums.challenges, s.challenges),
		digest.Refresh(&s.sums.entries, s.entries),
		digest.Refresh(&s.sums.runs, s.runs))
}

// Counts are the kind's headline numbers.
type Counts struct {
	Benches    int // every bench version registered
	Challenges int // every challenge published
	Open       int // challenges not yet closed
	Entries    int // every entry committed
	Runs       int // every run created
}

// Counts returns the kind's headline numbers.
func (s *State) Counts() Counts {
	return Counts{Benches: len(s.benches), Challenges: len(s.challenges), Open: len(s.challenges) - s.closed, Entries: len(s.entries), Runs: len(s.runs)}
}

// Anchoring reports whether any run waits for the next block's anchor, so that the
// ledger hashes the state at a new height only when one does.
func (s *State) Anchoring() bool { return len(s.anchoring) > 0 }

// Retune puts the terms t in force from now on; deposits and fees already taken stay as
// taken.
func (s *State) Retune(t Terms) { s.terms = t }
