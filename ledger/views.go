package ledger

// The view types below are the read side of the ledger: what get_arena, get_task,
// get_submission, get_grades, get_reputation, get_leaderboard and get_claimable return.
// They hold copies, never references into the state, and every amount is an Amount
// (a decimal string in JSON).

// Balances are the four balances of the money invariant, plus what entered and left.
// prize_escrow + bond_escrow + slash_pool + claimable_total == paid_in - paid_out.
type Balances struct {
	PrizeEscrow    Amount `json:"prize_escrow"`
	BondEscrow     Amount `json:"bond_escrow"`
	SlashPool      Amount `json:"slash_pool"`
	ClaimableTotal Amount `json:"claimable_total"`
	PaidIn         Amount `json:"paid_in"`
	PaidOut        Amount `json:"paid_out"`
}

// Counts are the arena's headline numbers.
type Counts struct {
	Tasks   int `json:"tasks"`
	Open    int `json:"open"`
	Awarded int `json:"awarded"`
	Voided  int `json:"voided"`
	Entries int `json:"entries"`
	Solvers int `json:"solvers"`
	Rounds  int `json:"rounds"`
}

// ArenaView is get_arena: the founding terms, the ladder as published, the balances
// and the counts, as of a height and block time.
type ArenaView struct {
	Terms    Terms       `json:"terms"`
	Ladder   [Rungs]Rung `json:"ladder"`
	Rules    RulesView   `json:"rules"`
	Balances Balances    `json:"balances"`
	Counts   Counts      `json:"counts"`
	Height   uint64      `json:"height"`
	Time     int64       `json:"time"` // the arena's clock: block time plus any dev advance, unix seconds
	Hash     string      `json:"state_hash"`
}

// RulesView publishes the arithmetic constants.
type RulesView struct {
	PointsPerRung int `json:"points_per_rung"`
	SoftDeduction int `json:"soft_deduction"`
	CopyThreshold int `json:"copy_threshold"`
	MaxChecks     int `json:"max_checks"`
	MaxCheckLen   int `json:"max_check_len"`
}

// Task states.
const (
	TaskOpen    = "open"    // accepting entries until ClosesAt
	TaskClosed  = "closed"  // past ClosesAt, not yet awarded
	TaskAwarded = "awarded" // prize paid to Winner
	TaskVoided  = "voided"  // no eligible entry; prize back to the sponsor
)

// TaskView is get_task.
type TaskView struct {
	ID         TaskID    `json:"id"`
	Sponsor    Address   `json:"sponsor"`
	Title      string    `json:"title"`
	Spec       string    `json:"spec,omitempty"`   // omitted in get_tasks
	Rubric     string    `json:"rubric,omitempty"` // omitted in get_tasks
	Prize      Amount    `json:"prize"`
	PostedAt   int64     `json:"posted_at"`
	ClosesAt   int64     `json:"closes_at"`
	State      string    `json:"state"`
	Entries    []EntryID `json:"entries"`
	Winner     EntryID   `json:"winner,omitempty"`
	WinnerAddr *Address  `json:"winner_address,omitempty"`
	WinScore   int       `json:"winning_score,omitempty"`
	AwardedAt  int64     `json:"awarded_at,omitempty"`
}

// Entry states.
const (
	EntryPending  = "pending"  // no round opened yet
	EntryGrading  = "grading"  // a round is open
	EntryGraded   = "graded"   // a grade settled
	EntryFailed   = "failed"   // grading settled on an agreed EXTERNAL failure: ineligible
	EntryUngraded = "ungraded" // attempts ran out; grade() opens a fresh round
	EntryAppealed = "appealed" // a regrade round is open
)

// EntryView is get_submission.
type EntryView struct {
	ID      EntryID     `json:"id"`
	Task    TaskID      `json:"task"`
	Solver  Address     `json:"solver"`
	Seq     int         `json:"seq"` // filing order on the task, from 1
	Work    string      `json:"work"`
	WorkURL string      `json:"work_url"`
	Bond    Amount      `json:"bond"`
	FiledAt int64       `json:"filed_at"`
	State   string      `json:"state"`
	Current *GradeView  `json:"grade,omitempty"`   // the grade in force
	Rounds  []RoundID   `json:"rounds"`            // every round, oldest first
	Appeal  *AppealView `json:"appeal,omitempty"`  // the latest appeal
	Outcome string      `json:"outcome,omitempty"` // after award: "won", "refunded", "slashed"
}

// GradeView is a settled grade.
type GradeView struct {
	Round        RoundID   `json:"round"`
	Attempt      int       `json:"attempt"`
	Tier         int       `json:"tier"`
	Label        string    `json:"label"`
	Passed       bool      `json:"passed"`
	Disqualified bool      `json:"disqualified"`
	DuplicateOf  EntryID   `json:"duplicate_of"`
	Violations   int       `json:"violations"`
	Score        int       `json:"score"`
	Error        string    `json:"error,omitempty"`
	SettledAt    int64     `json:"settled_at"`
	AppealUntil  int64     `json:"appeal_until"`
	Leader       Address   `json:"leader"`
	Agreed       []Address `json:"agreed"`
	Disagreed    []Address `json:"disagreed"`
	Result       Result    `json:"result"` // the leader's full result
}

// AppealView is one appeal and, once its regrade settled, its outcome.
type AppealView struct {
	Appellant Address `json:"appellant"`
	Argument  string  `json:"argument"`
	Bond      Amount  `json:"bond"`
	Round     RoundID `json:"round"`
	FiledAt   int64   `json:"filed_at"`
	Against   RoundID `json:"against"`           // the round whose grade was appealed
	Outcome   string  `json:"outcome,omitempty"` // "moved" or "held"
	Bounty    Amount  `json:"bounty"`
}

// Round states.
const (
	RoundOpen      = "open"
	RoundSettled   = "settled"   // a grade (or an agreed EXTERNAL failure) was kept
	RoundExhausted = "exhausted" // attempts ran out; the entry is left ungraded
)

// RoundView is one grading round with every attempt: get_grades returns these.
type RoundView struct {
	ID        RoundID       `json:"id"`
	Entry     EntryID       `json:"entry"`
	Regrade   bool          `json:"regrade"` // opened by an appeal
	Argument  string        `json:"argument,omitempty"`
	OpenedAt  int64         `json:"opened_at"`
	Committee []Address     `json:"committee"`
	Inputs    RoundInputs   `json:"inputs"`
	State     string        `json:"state"`
	Attempts  []AttemptView `json:"attempts"`
	Grade     *GradeView    `json:"grade,omitempty"`
}

// RoundInputs are frozen when a round opens: the task, the entry and every entry filed
// before it on the task, by filing order. Validators grade exactly these.
type RoundInputs struct {
	Task    TaskID    `json:"task"`
	Entry   EntryID   `json:"entry"`
	Earlier []EntryID `json:"earlier"`
}

// Attempt outcomes.
const (
	AttemptOpen      = "open"
	AttemptSettled   = "settled"
	AttemptDiscarded = "discarded" // agreement could no longer be reached
	AttemptTimedOut  = "timed_out"
	AttemptTransient = "transient" // leader and quorum agreed the work host was unavailable
)

// AttemptView is one attempt of a round.
type AttemptView struct {
	Attempt      int           `json:"attempt"`
	Leader       Address       `json:"leader"`
	OpenedAt     int64         `json:"opened_at"`
	Deadline     int64         `json:"deadline"`
	State        string        `json:"state"`
	Attestations []Attestation `json:"attestations"`
}

// Attestation is one committee member's result as the ledger recorded it.
type Attestation struct {
	Validator Address `json:"validator"`
	Height    uint64  `json:"height"`
	Result    Result  `json:"result"`
	Agrees    bool    `json:"agrees_with_leader"`
}

// Reputation is get_reputation: a public record, never shown to a grader.
type Reputation struct {
	Address           Address `json:"address"`
	Entries           int     `json:"entries"`
	Grades            int     `json:"grades"`
	Wins              int     `json:"wins"`
	Disqualifications int     `json:"disqualifications"`
	BestScore         int     `json:"best_score"`
	AverageScore      int     `json:"average_score"` // integer mean of settled scores
	ScoreSum          int     `json:"score_sum"`
	Earned            Amount  `json:"earned"`
}

// Claimable is get_claimable.
type Claimable struct {
	Address Address `json:"address"`
	Amount  Amount  `json:"amount"`
}

// Snapshot is every view at one height: what `arena snapshot` writes and the board reads.
type Snapshot struct {
	Arena       ArenaView    `json:"arena"`
	Tasks       []TaskView   `json:"tasks"`
	Entries     []EntryView  `json:"entries"`
	Rounds      []RoundView  `json:"rounds"`
	Leaderboard []Reputation `json:"leaderboard"`
	Claimable   []Claimable  `json:"claimable"` // every address owed, by address
	Events      []Event      `json:"events"`    // award events, for the bridge
}
