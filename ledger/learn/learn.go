package learn

import (
	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/digest"
	"github.com/arena/arena/ledger/learn/score"
	"github.com/arena/arena/ledger/round"
	"github.com/arena/arena/ledger/season"
)

// The kind's names: its rounds and its pools.
const (
	Name        = "learn"
	RunKind     = "learn_run"     // a run's grading round; Subject = the run id
	HeldoutKind = "learn_heldout" // a run's held-out measurement; Subject = the run id
)

// The pools a learning challenge holds money in.
const (
	PoolPool    book.Pool = "learn/pool"     // unspent emission pools of open challenges
	DepositPool book.Pool = "learn/deposits" // deposits of runs not yet final
	GradePool   book.Pool = "learn/grading"  // grading fees of runs whose learn_run round has not ended
)

// pools are the kind's season pools.
var pools = season.Pools{Pool: PoolPool, Deposit: DepositPool, Grade: GradePool}

// Challenge states.
const (
	ChallengeOpen   = "open"
	ChallengeClosed = "closed"
)

// Reveal states of a challenge.
const (
	RevealPending  = "pending"  // before the reveal, with reveal_by not yet passed
	RevealRevealed = "revealed" // the sponsor revealed; held-out rounds open for the scored runs
	RevealLapsed   = "lapsed"   // reveal_by passed without a reveal: runs are final without held-out terms
)

// Run states. A run's deposit goes back when it reaches a state that can change no
// more: final, refused, unscored or abandoned.
const (
	RunAnchoring = "anchoring" // waiting for the next block's anchor
	RunRunning   = "running"   // its learn_run round is open
	RunWaiting   = "waiting"   // scored; waiting for the held-out reveal (or for reveal_by to pass)
	RunHeldout   = "heldout"   // scored; its learn_heldout round is open
	RunFinal     = "final"     // its score is final and ranks
	RunRefused   = "refused"   // a round settled on an agreed [EXPECTED] or [EXTERNAL] failure of the run
	RunUnscored  = "unscored"  // its learn_run round ran out of attempts
	RunAbandoned = "abandoned" // its challenge closed first
)

// How a final run's held-out terms came to be.
const (
	HeldoutMeasured   = "measured"   // its learn_heldout round settled on a result
	HeldoutUnrevealed = "unrevealed" // the sponsor did not reveal by reveal_by: penalty 1, tie 0
	HeldoutUnmeasured = "unmeasured" // the held-out round exhausted or agreed on an [EXTERNAL] failure: penalty 1, tie 0
)

// Limits and defaults.
const (
	MaxTitleLen     = 120
	MaxURLLen       = 512
	MaxQuorum       = 16
	MaxModuleBytes  = 8 << 20  // sandbox.MaxModuleBytes
	MaxDatasetBytes = 64 << 20 // a train or held-out split
	MaxParamCap     = 1 << 30  // a parameter region
	// InitGas is the gas of each module's initialisation in a learner, the same on every
	// validator: part of the protocol, as the injector's gas weights are.
	InitGas = 2_000_000_000
	// ByteCallGas is what the host's own work on each byte (two calls into the modules
	// and their bookkeeping) counts for in a run's budget: metered code runs tens of gas
	// a microsecond at the slowest rate the terms admit, and the host's calls for a
	// byte take a few microseconds.
	ByteCallGas    = 1_000
	MaxDataCap     = 1 << 24      // active data outside the parameter region
	MaxCurve       = 256          // loss-curve points
	Window         = score.Window // bytes of a loss-curve window; the first is the step-0 window
	PPM            = 1_000_000
	MaxBitsPerByte = 40 // the coder's ceiling on a byte's code: an escape (at most 24 bits while T ≤ 2^24) and 8 raw bits, with room for the flush
)

// IDs number challenges and runs from 1 in creation order across the arena. A run is
// one committed pair of modules: its id is also its entry's. 0 means none.
type (
	ChallengeID uint64
	RunID       uint64
)

// Terms are the founding terms learning challenges run under.
type Terms struct {
	GradingFee book.Amount // paid with each commit, shared by the members of its learn_run round who agree
}

// State is every learning challenge and run of an arena. It is not safe for concurrent
// use.
type State struct {
	terms      Terms
	challenges []*challenge // challenges[id-1]
	runs       []*run       // runs[id-1]

	// Derived from the above; rebuilt on decode, never encoded.
	anchoring []RunID       // runs waiting for the next block's anchor, ascending
	pending   []ChallengeID // open challenges whose reveal is pending, ascending
	pairs     map[pair]bool // every (challenge, arch, train) committed
	closed    int           // challenges closed

	sums struct{ challenges, runs digest.List }
}

// pair is one pair of modules entered in a challenge.
type pair struct {
	challenge   ChallengeID
	arch, train string
}

// New returns an empty learning state under t.
func New(t Terms) *State { return &State{terms: t, pairs: map[pair]bool{}} }

// challenge is one published learning challenge: its publication as sent, and what
// became of it.
type challenge struct {
	Publish
	ID           ChallengeID  `json:"id"`
	Sponsor      book.Address `json:"sponsor"`
	PublishedAt  int64        `json:"published_at"`
	season.Funds              // funded, pool, paid, returned: encoded in place
	State        string       `json:"state"`
	Reveal       string       `json:"reveal"` // RevealPending, RevealRevealed or RevealLapsed
	RevealedAt   int64        `json:"revealed_at"`
	ClosedAt     int64        `json:"closed_at"`
	Folds        []*fold      `json:"folds"`

	// Derived from the runs, which name their challenge; rebuilt on decode, never encoded.
	Runs []RunID `json:"-"` // ascending
}

// fold is one epoch's fold of a learning challenge.
type fold struct {
	Epoch    uint64      `json:"epoch"`
	At       int64       `json:"at"`
	Height   uint64      `json:"height"`
	Amount   book.Amount `json:"amount"` // paid in all; zero with nothing eligible
	Payments []payment   `json:"payments"`
}

// payment is one share a fold paid.
type payment struct {
	Run     RunID        `json:"run"` // the owner's first run of the family or variant it is paid for
	Address book.Address `json:"address"`
	Amount  book.Amount  `json:"amount"`
	Role    string       `json:"role"` // score.RoleArchitecture, score.RoleTraining or score.RoleBoth
}

// run is one committed pair of modules and everything measured of it.
type run struct {
	ID           RunID          `json:"id"`
	Challenge    ChallengeID    `json:"challenge"`
	Committer    book.Address   `json:"committer"`
	Arch         string         `json:"arch"`
	ArchSize     int64          `json:"arch_size"`
	ArchURL      string         `json:"arch_url"`
	Train        string         `json:"train"`
	TrainSize    int64          `json:"train_size"`
	TrainURL     string         `json:"train_url"`
	Deposit      book.Amount    `json:"deposit"`
	Fee          book.Amount    `json:"grading_fee"`
	CommittedAt  int64          `json:"committed_at"`
	Returned     bool           `json:"returned"` // its deposit went back
	Seed         string         `json:"seed"`     // 64 hex digits; "" while anchoring
	State        string         `json:"state"`
	Round        round.ID       `json:"round"`
	Kept         *RunResult     `json:"kept"`
	KeptFrom     *book.Address  `json:"kept_from"`
	Heldout      round.ID       `json:"heldout_round"`
	HeldoutKept  *HeldoutResult `json:"heldout_kept"`
	HeldoutFrom  *book.Address  `json:"heldout_from"`
	HeldoutTerms string         `json:"heldout_terms"` // a final run's: HeldoutMeasured, HeldoutUnrevealed or HeldoutUnmeasured
	Score        *Score         `json:"score"`         // a final run's
	EndedAt      int64          `json:"ended_at"`      // when it reached a state that changes no more
}

// ended reports whether the run can change no more.
func (r *run) ended() bool {
	switch r.State {
	case RunFinal, RunRefused, RunUnscored, RunAbandoned:
		return true
	}
	return false
}

func (s *State) challenge(id ChallengeID) *challenge {
	if id == 0 || id > ChallengeID(len(s.challenges)) {
		return nil
	}
	return s.challenges[id-1]
}

func (s *State) run(id RunID) *run {
	if id == 0 || id > RunID(len(s.runs)) {
		return nil
	}
	return s.runs[id-1]
}

func (s *State) markChallenge(id ChallengeID) { s.sums.challenges.Mark(uint64(id)) }
func (s *State) markRun(id RunID)             { s.sums.runs.Mark(uint64(id)) }

// Hash returns the combined hash of every challenge and run, recomputing only those
// that changed.
func (s *State) Hash() [32]byte {
	return digest.Combine(Name, digest.Refresh(&s.sums.challenges, s.challenges), digest.Refresh(&s.sums.runs, s.runs))
}

// Counts are the kind's headline numbers.
type Counts struct {
	Challenges int // every learning challenge published
	Open       int // challenges not yet closed
	Runs       int // every run committed
}

// Counts returns the kind's headline numbers.
func (s *State) Counts() Counts {
	return Counts{Challenges: len(s.challenges), Open: len(s.challenges) - s.closed, Runs: len(s.runs)}
}

// Anchoring reports whether any run waits for the next block's anchor, so that the
// ledger hashes the state at a new height only when one does.
func (s *State) Anchoring() bool { return len(s.anchoring) > 0 }

// Platform is the pinned platform a challenge names: every season's (season.Platform).
const Platform = season.Platform

// Retune puts the terms t in force from now on; deposits and fees already taken stay as
// taken.
func (s *State) Retune(t Terms) { s.terms = t }
