package bounty

import (
	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/clarify"
	"github.com/arena/arena/ledger/round"
)

// The view types below are the bounty's read side: what get_task, get_submission,
// get_grades and get_reputation return. They hold copies, never references into the
// state, and every amount is a book.Amount (a decimal string in JSON).

// Task states.
const (
	TaskOpen    = "open"    // accepting entries until ClosesAt
	TaskClosed  = "closed"  // past ClosesAt, not yet awarded
	TaskAwarded = "awarded" // prize paid to Winner
	TaskVoided  = "voided"  // no eligible entry; prize back to the sponsor
)

// TaskView is get_task.
type TaskView struct {
	ID         TaskID        `json:"id"`
	Sponsor    book.Address  `json:"sponsor"`
	Title      string        `json:"title"`
	Spec       string        `json:"spec,omitempty"`   // omitted in get_tasks
	Rubric     string        `json:"rubric,omitempty"` // omitted in get_tasks
	Prize      book.Amount   `json:"prize"`
	PostedAt   int64         `json:"posted_at"`
	ClosesAt   int64         `json:"closes_at"`
	State      string        `json:"state"`
	Entries    []EntryID     `json:"entries"`
	Winner     EntryID       `json:"winner,omitempty"`
	WinnerAddr *book.Address `json:"winner_address,omitempty"`
	WinScore   int           `json:"winning_score,omitempty"`
	AwardedAt  int64         `json:"awarded_at,omitempty"`
	Sealed     bool          `json:"sealed,omitempty"`     // entries are commitments until the reveal
	RevealsBy  int64         `json:"reveals_by,omitempty"` // a sealed task's reveal deadline
	GradingBy  int64         `json:"grading_by"`           // no first grading starts or settles after this
	Shares     []int         `json:"shares,omitempty"`     // the prize by rank in basis points; absent: one winner
	TopUps     []Funding     `json:"top_ups,omitempty"`    // added to the prize after posting, oldest first
	Extensions []int64       `json:"extensions,omitempty"` // the close each extension set, oldest first
	Podium     []Place       `json:"podium,omitempty"`     // a tiered task's award, rank by rank
	Refunds    []Payout      `json:"refunds,omitempty"`    // prize sent back to its funders at award
	// RefundsPerFunder says the refunds were split once per funder (protocol version
	// 2); false: once per funding (version 1), a funder who topped up twice named twice.
	RefundsPerFunder bool   `json:"refunds_per_funder,omitempty"`
	CopyBase         bool   `json:"copy_base,omitempty"` // the copy check leaves out spec, rubric and template
	Template         string `json:"template,omitempty"`  // omitted in get_tasks

	Questions []QuestionView `json:"questions,omitempty"` // public clarifications and their answers; omitted in get_tasks
}

// QuestionView is one public question on a task and the sponsor's answer: clarify.View.
type QuestionView = clarify.View

// Entry states.
const (
	EntryPending   = "pending"   // no round opened yet
	EntryGrading   = "grading"   // a round is open
	EntryGraded    = "graded"    // a grade settled
	EntryFailed    = "failed"    // grading settled on an agreed EXTERNAL failure: ineligible
	EntryUngraded  = "ungraded"  // attempts ran out; grade() opens a fresh round
	EntryAppealed  = "appealed"  // a regrade round is open
	EntryStalled   = "stalled"   // not graded: grading stalled past the grading window; ineligible, bond returned
	EntrySealed    = "sealed"    // committed on a sealed task, not yet revealed; never revealed: forfeited at award
	EntryWithdrawn = "withdrawn" // taken back by its filer before close: bond returned in full
	EntryReplaced  = "replaced"  // replaced by its filer before close with a new entry, which took its bond
)

// EntryView is get_submission.
type EntryView struct {
	ID         EntryID      `json:"id"`
	Task       TaskID       `json:"task"`
	Solver     book.Address `json:"solver"`
	Seq        int          `json:"seq"` // filing order on the task, from 1
	Work       string       `json:"work"`
	WorkURL    string       `json:"work_url"`
	WorkSHA    string       `json:"work_sha256,omitempty"` // for a URL entry, the sha256 of its bytes at filing
	Commitment string       `json:"commitment,omitempty"`  // for a sealed entry, sha256(salt, solver, work)
	RevealedAt int64        `json:"revealed_at,omitempty"`
	Bond       book.Amount  `json:"bond"`
	Fee        book.Amount  `json:"grading_fee"` // paid with it; shared by the graders of its first grade
	FiledAt    int64        `json:"filed_at"`
	State      string       `json:"state"`
	Current    *GradeView   `json:"grade,omitempty"`   // the grade in force
	Rounds     []round.ID   `json:"rounds"`            // every round, oldest first
	Appeal     *AppealView  `json:"appeal,omitempty"`  // the latest appeal
	Outcome    string       `json:"outcome,omitempty"` // after award: "won", "placed", "refunded", "slashed", "forfeited"; or "withdrawn", "replaced"

	Team        []Member     `json:"team,omitempty"`         // a team entry's members and split in basis points
	WithdrawnAt int64        `json:"withdrawn_at,omitempty"` // when it was withdrawn or replaced
	ReplacedBy  EntryID      `json:"replaced_by,omitempty"`  // the entry filed in its place
	Replaces    EntryID      `json:"replaces,omitempty"`     // the entry it was filed in place of
	Rank        int          `json:"rank,omitempty"`         // the place it took on a tiered task
	Paid        *book.Amount `json:"prize_paid,omitempty"`   // its prize, on a tiered task or a team entry
	Payouts     []Payout     `json:"payouts,omitempty"`      // a team entry's members' parts of its prize and bond
}

// GradeView is a settled grade.
type GradeView struct {
	Round        round.ID       `json:"round"`
	Attempt      int            `json:"attempt"`
	Tier         int            `json:"tier"`
	Label        string         `json:"label"`
	Passed       bool           `json:"passed"`
	Disqualified bool           `json:"disqualified"`
	DuplicateOf  EntryID        `json:"duplicate_of"`
	Violations   int            `json:"violations"`
	Score        int            `json:"score"`
	Error        string         `json:"error,omitempty"`
	SettledAt    int64          `json:"settled_at"`
	AppealUntil  int64          `json:"appeal_until"`
	Leader       book.Address   `json:"leader"`
	Agreed       []book.Address `json:"agreed"`
	Disagreed    []book.Address `json:"disagreed"`        // reached a different verdict
	Failed       []book.Address `json:"failed,omitempty"` // answered with a failure the leader did not
	Result       Result         `json:"result"`           // the leader's full result
}

// Appeal outcomes.
const (
	AppealMoved  = "moved"  // the regrade moved the reading: bond back plus the bounty
	AppealHeld   = "held"   // the reading held: the bond is slashed
	AppealLapsed = "lapsed" // the regrade could not settle: the grade stands, the bond is returned
)

// AppealView is one appeal and, once its regrade settled, its outcome.
type AppealView struct {
	Appellant book.Address `json:"appellant"`
	Argument  string       `json:"argument"`
	Bond      book.Amount  `json:"bond"`
	Fee       book.Amount  `json:"grading_fee"` // paid with it; shared by the graders of its regrade
	Round     round.ID     `json:"round"`
	FiledAt   int64        `json:"filed_at"`
	Against   round.ID     `json:"against"`           // the round whose grade was appealed
	Outcome   string       `json:"outcome,omitempty"` // AppealMoved, AppealHeld or AppealLapsed
	Bounty    book.Amount  `json:"bounty"`
}

// RoundView is one grading round with every attempt: get_grades returns these.
type RoundView struct {
	ID        round.ID       `json:"id"`
	Kind      string         `json:"kind"` // the contest kind the round grades: Kind
	Entry     EntryID        `json:"entry"`
	Regrade   bool           `json:"regrade"` // opened by an appeal
	Argument  string         `json:"argument,omitempty"`
	OpenedAt  int64          `json:"opened_at"`
	Committee []book.Address `json:"committee"`
	Quorum    int            `json:"quorum,omitempty"` // a regrade panel's own quorum; absent: the terms'
	Inputs    RoundInputs    `json:"inputs"`
	State     string         `json:"state"`
	Attempts  []AttemptView  `json:"attempts"`
	Grade     *GradeView     `json:"grade,omitempty"`
}

// RoundInputs are frozen when a round opens: the task, the entry and every entry filed
// before it on the task, by filing order. Validators grade exactly these.
type RoundInputs struct {
	Task    TaskID    `json:"task"`
	Entry   EntryID   `json:"entry"`
	Earlier []EntryID `json:"earlier"`
}

// AttemptView is one attempt of a round.
type AttemptView struct {
	Attempt      int           `json:"attempt"`
	Leader       book.Address  `json:"leader"`
	OpenedAt     int64         `json:"opened_at"`
	Deadline     int64         `json:"deadline"`
	State        string        `json:"state"`
	Attestations []Attestation `json:"attestations"`
}

// Attestation is one committee member's result as the ledger recorded it.
type Attestation struct {
	Validator book.Address `json:"validator"`
	Height    uint64       `json:"height"`
	Result    Result       `json:"result"`
	Agrees    bool         `json:"agrees_with_leader"`
	Late      bool         `json:"late,omitempty"` // sent after the attempt ended: on the record, never tallied
}

// Reputation is get_reputation: a public record, never shown to a grader.
type Reputation struct {
	Address           book.Address `json:"address"`
	Entries           int          `json:"entries"`
	Grades            int          `json:"grades"`
	Wins              int          `json:"wins"`
	Disqualifications int          `json:"disqualifications"`
	BestScore         int          `json:"best_score"`
	AverageScore      int          `json:"average_score"` // integer mean of settled scores
	ScoreSum          int          `json:"score_sum"`
	Earned            book.Amount  `json:"earned"`
}
