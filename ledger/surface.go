package ledger

import (
	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/bounty"
	"github.com/arena/arena/ledger/round"
)

// The ledger's surface names the types of its subpackages, so that engines, the store,
// the API and clients speak one vocabulary through one import: money and addresses from
// book, rounds from round, and the bounty's transactions and views from bounty. These are
// aliases, not copies.
type (
	// Amount is book.Amount: atto units as a decimal string.
	Amount = book.Amount
	// Address is book.Address: a checksummed Ethereum-style address.
	Address = book.Address
	// Class is book.Class: the class of a failure that consensus compares.
	Class = book.Class
	// Error is book.Error: a classed failure, "[CLASS] message".
	Error = book.Error
	// Event is book.Event: something a transaction caused.
	Event = book.Event
	// Outcome is book.Outcome: what applying one transaction did.
	Outcome = book.Outcome
	// Kind is book.Kind: a transaction type on the wire.
	Kind = book.Kind
	// Body is book.Body: the part of a transaction its type defines.
	Body = book.Body

	// RoundID is round.ID.
	RoundID = round.ID
	// RoundDetail is round.Detail: a round of any kind with every attempt and verdict.
	RoundDetail = round.Detail
	// Call is round.Call: the receipt of one model call.
	Call = round.Call

	// TaskID is bounty.TaskID.
	TaskID = bounty.TaskID
	// EntryID is bounty.EntryID.
	EntryID = bounty.EntryID
	// PostTask is bounty.PostTask.
	PostTask = bounty.PostTask
	// Submit is bounty.Submit.
	Submit = bounty.Submit
	// Grade is bounty.Grade.
	Grade = bounty.Grade
	// Attest is bounty.Attest.
	Attest = bounty.Attest
	// Appeal is bounty.Appeal.
	Appeal = bounty.Appeal
	// Award is bounty.Award.
	Award = bounty.Award
	// Reveal is bounty.Reveal.
	Reveal = bounty.Reveal
	// TopUp is bounty.TopUp.
	TopUp = bounty.TopUp
	// Extend is bounty.Extend.
	Extend = bounty.Extend
	// WithdrawEntry is bounty.WithdrawEntry.
	WithdrawEntry = bounty.WithdrawEntry
	// Replace is bounty.Replace.
	Replace = bounty.Replace
	// AskQuestion is bounty.AskQuestion.
	AskQuestion = bounty.AskQuestion
	// AnswerQuestion is bounty.AnswerQuestion.
	AnswerQuestion = bounty.AnswerQuestion
	// QuestionView is bounty.QuestionView: one public question on a task and its answer.
	QuestionView = bounty.QuestionView
	// Member is bounty.Member: one member of a team entry and its part.
	Member = bounty.Member
	// Funding is bounty.Funding: one addition to a task's prize.
	Funding = bounty.Funding
	// Place is bounty.Place: one rank of a tiered task's award.
	Place = bounty.Place
	// Payout is bounty.Payout: what one address received at award.
	Payout = bounty.Payout
	// Payee is book.Payee: one address an award with several winners or a team paid.
	Payee = book.Payee
	// Result is bounty.Result: one validator's grading of one entry.
	Result = bounty.Result
	// Check is bounty.Check: one compiled criterion and its outcome.
	Check = bounty.Check
	// Rung is bounty.Rung: one step of the published ladder.
	Rung = bounty.Rung
	// RulesView is bounty.Rules: the published arithmetic constants.
	RulesView = bounty.Rules
	// TaskView is bounty.TaskView.
	TaskView = bounty.TaskView
	// EntryView is bounty.EntryView.
	EntryView = bounty.EntryView
	// GradeView is bounty.GradeView.
	GradeView = bounty.GradeView
	// AppealView is bounty.AppealView.
	AppealView = bounty.AppealView
	// RoundView is bounty.RoundView.
	RoundView = bounty.RoundView
	// RoundInputs is bounty.RoundInputs.
	RoundInputs = bounty.RoundInputs
	// AttemptView is bounty.AttemptView.
	AttemptView = bounty.AttemptView
	// Attestation is bounty.Attestation.
	Attestation = bounty.Attestation
	// Reputation is bounty.Reputation.
	Reputation = bounty.Reputation
)

// Failure classes (book).
const (
	Expected  = book.Expected
	External  = book.External
	Transient = book.Transient
	LLMError  = book.LLMError
)

// The bounty's transaction kinds.
const (
	KindPostTask = bounty.KindPostTask
	KindSubmit   = bounty.KindSubmit
	KindGrade    = bounty.KindGrade
	KindAttest   = bounty.KindAttest
	KindAppeal   = bounty.KindAppeal
	KindAward    = bounty.KindAward
	KindReveal   = bounty.KindReveal
)

// The bounty's transaction kinds for prize tiers, teams, top-ups, extensions and
// withdrawing or replacing an entry, and the entry states the last two leave.
const (
	KindTopUp         = bounty.KindTopUp
	KindExtend        = bounty.KindExtend
	KindWithdrawEntry = bounty.KindWithdraw
	KindReplace       = bounty.KindReplace

	EntryWithdrawn = bounty.EntryWithdrawn
	EntryReplaced  = bounty.EntryReplaced
	TotalBasis     = bounty.TotalBasis
	MaxShares      = bounty.MaxShares
	MaxTeam        = bounty.MaxTeam
	MaxExtensions  = bounty.MaxExtensions
)

// The bounty's transaction kinds for public questions on a task, and their caps.
const (
	KindAskQuestion    = bounty.KindAsk
	KindAnswerQuestion = bounty.KindAnswer

	MaxQuestions   = bounty.MaxQuestions
	AsksPerAddress = bounty.AsksPerAddress
	MaxQuestionLen = bounty.MaxQuestionLen
	MaxAnswerLen   = bounty.MaxAnswerLen
)

// The ladder and the bounty's arithmetic.
const (
	Rungs           = bounty.Rungs
	PointsPerRung   = bounty.PointsPerRung
	SoftDeduction   = bounty.SoftDeduction
	CopyThreshold   = bounty.CopyThreshold
	MaxChecks       = bounty.MaxChecks
	MaxCheckLen     = bounty.MaxCheckLen
	MaxRationaleLen = bounty.MaxRationaleLen
	MaxCallText     = bounty.MaxCallText
	MaxCalls        = bounty.MaxCalls
	MaxTitleLen     = bounty.MaxTitleLen
	MaxSpecLen      = bounty.MaxSpecLen
	MaxRubricLen    = bounty.MaxRubricLen
	MaxWorkLen      = bounty.MaxWorkLen
	MaxURLLen       = bounty.MaxURLLen
	MaxArgumentLen  = bounty.MaxArgumentLen
)

// Task, entry, appeal, round and attempt states.
const (
	TaskOpen    = bounty.TaskOpen
	TaskClosed  = bounty.TaskClosed
	TaskAwarded = bounty.TaskAwarded
	TaskVoided  = bounty.TaskVoided

	EntryPending  = bounty.EntryPending
	EntryGrading  = bounty.EntryGrading
	EntryGraded   = bounty.EntryGraded
	EntryFailed   = bounty.EntryFailed
	EntryUngraded = bounty.EntryUngraded
	EntryAppealed = bounty.EntryAppealed
	EntryStalled  = bounty.EntryStalled
	EntrySealed   = bounty.EntrySealed

	AppealMoved  = bounty.AppealMoved
	AppealHeld   = bounty.AppealHeld
	AppealLapsed = bounty.AppealLapsed

	RoundOpen      = round.Open
	RoundSettled   = round.Settled
	RoundExhausted = round.Exhausted
	RoundAbandoned = round.Abandoned

	AttemptOpen      = round.AttemptOpen
	AttemptSettled   = round.AttemptSettled
	AttemptDiscarded = round.AttemptDiscarded
	AttemptTimedOut  = round.AttemptTimedOut
	AttemptTransient = round.AttemptTransient
	AttemptAbandoned = round.AttemptAbandoned
)

// Decimals is the number of decimal places between one atto and one whole unit.
const Decimals = book.Decimals

// Ladder is the bounty's published six-rung ladder.
var Ladder = bounty.Ladder

// Errors of parsing amounts and addresses.
var (
	ErrAmount  = book.ErrAmount
	ErrAddress = book.ErrAddress
)

// NewAmount returns the amount n atto.
func NewAmount(n uint64) Amount { return book.NewAmount(n) }

// Ether returns n whole units of the currency (n * 10^18 atto).
func Ether(n uint64) Amount { return book.Ether(n) }

// ParseAmount parses a canonical decimal amount.
func ParseAmount(s string) (Amount, error) { return book.ParseAmount(s) }

// MustAmount is ParseAmount for constants; it panics on a bad string.
func MustAmount(s string) Amount { return book.MustAmount(s) }

// ParseAddress parses "0x" + 40 hex digits, checking an EIP-55 checksum in mixed case.
func ParseAddress(s string) (Address, error) { return book.ParseAddress(s) }

// MustAddress is ParseAddress for constants; it panics on a bad string.
func MustAddress(s string) Address { return book.MustAddress(s) }

// NewError returns an *Error of class c with the message msg.
func NewError(c Class, msg string) *Error { return book.NewError(c, msg) }

// ParseError splits "[CLASS] message" into its class and message.
func ParseError(s string) (*Error, bool) { return book.ParseError(s) }

// ClassOf returns the class of err if it wraps an *Error, and 0 otherwise.
func ClassOf(err error) Class { return book.ClassOf(err) }

// ScoreOf returns the bounty's settled score for a reading.
func ScoreOf(tier, violations int, disqualified bool) int {
	return bounty.ScoreOf(tier, violations, disqualified)
}
