package bounty

import (
	"fmt"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/clarify"
)

// Limits on the bounty's transaction fields, in bytes unless named otherwise.
const (
	MaxTitleLen     = 200
	MaxSpecLen      = 8 << 10
	MaxRubricLen    = 4 << 10
	MaxTemplateLen  = 16 << 10
	MaxWorkLen      = 64 << 10
	MaxURLLen       = 2048
	MaxArgumentLen  = 2 << 10
	MaxCloseS       = 365 * 24 * 3600
	MaxRationaleLen = 1 << 10
	MaxCallText     = 160 << 10 // each of a call's prompt and response
	MaxCalls        = 4
	MinSaltLen      = 16 // a sealed entry's salt: long enough that the work cannot be guessed
	MaxSaltLen      = 256
	TotalBasis      = 10000 // basis points in a whole: prize shares and team splits sum to it
	MaxShares       = 10    // ranks a task's prize may be split across
	MaxTeam         = 16    // members of a team entry
	MaxTopUps       = 64    // top-ups a task takes
	MaxExtensions   = 3     // times a sponsor may extend a task's close

	MaxQuestions   = clarify.MaxQuestions   // questions a task takes
	AsksPerAddress = clarify.AsksPerAddress // questions one address may ask on a task
	MinQuestionLen = clarify.MinQuestionLen // characters of a question, whitespace collapsed
	MaxQuestionLen = clarify.MaxQuestionLen // characters of a question
	MaxAnswerLen   = clarify.MaxAnswerLen   // characters of an answer
)

// Refusals, by the transaction that meets them. The messages are part of the protocol;
// every one is pinned by a test.
var (
	// post_task
	errPrizeZero    = book.Refuse("Prize must be positive")
	errTitle        = refusef("Title must be 1 to %d bytes of UTF-8", MaxTitleLen)
	errSpec         = refusef("Spec must be 1 to %d bytes of UTF-8", MaxSpecLen)
	errRubric       = refusef("Rubric must be 1 to %d bytes of UTF-8", MaxRubricLen)
	errClosesIn     = refusef("Closing time must be 1 to %d seconds away", MaxCloseS)
	errRevealWindow = refusef("A sealed task names a reveal window of 1 to %d seconds, and only a sealed task does", MaxCloseS)
	errSharesRanks  = refusef("Prize shares name at most %d ranks", MaxShares)
	errSharesSum    = refusef("Prize shares must be positive whole basis points summing to %d", TotalBasis)
	errTemplate     = refusef("Template must be at most %d bytes of UTF-8", MaxTemplateLen)

	// submit
	errNoTask       = book.Refuse("No such task")
	errEntryBond    = book.Refuse("Value must equal the entry bond")
	errSponsorEntry = book.Refuse("The sponsor cannot enter their own task")
	errTaskClosed   = book.Refuse("Submissions are closed")
	errEnteredTwice = book.Refuse("Already entered this task")
	errNoWork       = book.Refuse("Submit work text or a work URL")
	errWorkLen      = refusef("Work must be at most %d bytes of UTF-8", MaxWorkLen)
	errWorkURL      = refusef("Work URL must be an https URL with a host, at most %d bytes", MaxURLLen)
	errSealedCommit = book.Refuse("A sealed task takes a commitment of 64 lowercase hex digits and no work until the reveal")
	errNotSealed    = book.Refuse("Only a sealed task takes a commitment")
	errGradingFee   = book.Refuse("Wallet cannot pay the grading fee beside the bond")
	errWorkDigest   = book.Refuse("A work URL entry carries the sha256 of its bytes as 64 lowercase hex digits, and only it does")
	errTeamSize     = refusef("A team names 2 to %d members", MaxTeam)
	errTeamSplit    = refusef("Team shares must be positive whole basis points summing to %d", TotalBasis)
	errTeamRepeat   = book.Refuse("A team names each member once, by a non-zero address")
	errTeamSponsor  = book.Refuse("The sponsor cannot be on a team entering their own task")
	errTeamFiler    = book.Refuse("A team names its filer among its members")
	errTeamEntered  = book.Refuse("A team member is already on an entry of this task")

	// top_up
	errTopUpZero   = book.Refuse("A top-up must be positive")
	errTopUpClosed = book.Refuse("Top-ups close when the task closes")
	errTopUps      = refusef("A task takes at most %d top-ups", MaxTopUps)

	// extend_task
	errExtendSponsor = book.Refuse("Only the sponsor extends a task")
	errExtendClosed  = book.Refuse("A task is extended only before it closes")
	errExtensions    = refusef("A task is extended at most %d times", MaxExtensions)
	errExtendBy      = refusef("An extension moves the close 1 to %d seconds later", MaxCloseS)

	// ask_question, answer_question (the length, per-address and answer refusals are
	// clarify's, shared with the tender)
	errAskClosed     = book.Refuse("Questions close when the task closes")
	errQuestionsFull = refusef("A task takes at most %d questions", MaxQuestions)
	errAnswerSponsor = book.Refuse("Only the sponsor answers a task's questions")
	errAnswerClosed  = book.Refuse("Answers close when the task closes")

	// withdraw_entry, replace_entry
	errWithdrawOwn    = book.Refuse("Only the filer withdraws or replaces an entry")
	errWithdrawClosed = book.Refuse("Entries are withdrawn or replaced only before the task closes")
	errWithdrawBusy   = book.Refuse("An entry is withdrawn or replaced only while no grading round or appeal is open on it")
	errWithdrawn      = book.Refuse("This entry was withdrawn or replaced")
	errReplaceFee     = book.Refuse("Wallet cannot pay the replacement's grading fee")

	// reveal
	errNotSealedEntry = book.Refuse("This entry is not a sealed entry awaiting its reveal")
	errRevealOwn      = book.Refuse("Only the solver reveals a sealed entry")
	errRevealEarly    = book.Refuse("Sealed entries are revealed after the task closes")
	errRevealLate     = book.Refuse("The reveal window has closed")
	errSalt           = refusef("Salt must be %d to %d bytes of UTF-8", MinSaltLen, MaxSaltLen)
	errRevealMismatch = book.Refuse("Salt and work do not match the commitment")

	// grade
	errNoEntry       = book.Refuse("No such entry")
	errAlreadyGraded = book.Refuse("This entry was already graded")
	errAttemptOpen   = book.Refuse("A grading attempt is still open")
	errGradingClosed = book.Refuse("The grading window has closed")
	errNotRevealed   = book.Refuse("Sealed entries are graded once the reveal window has closed, and only if revealed")

	// attest (after the round's own refusals)
	errNotBountyRound      = book.Refuse("That round does not grade a bounty entry")
	errResultSize          = book.Refuse("Result is over a size limit")
	errResultClass         = book.Refuse("Result error must start with a class prefix")
	errFailureGraded       = book.Refuse("A failed result carries no grade")
	errTier                = book.Refuse("Rung must be 0 to 5")
	errViolations          = refusef("Violations must be 0 to %d", MaxChecks)
	errDisqualifiedRung    = book.Refuse("A disqualified entry sits on rung 0")
	errPassedGate          = book.Refuse("Passed must mean rung 1 or above and not disqualified")
	errScoreArithmetic     = book.Refuse("Score does not follow from the rung, gate and counts")
	errDuplicateNotDQ      = book.Refuse("A duplicate must be disqualified")
	errDuplicateNotEarlier = book.Refuse("Duplicate must name an entry filed earlier on the task")
	errNotCommittedWork    = book.Refuse("Result must grade the work committed at filing")

	// appeal
	errAppealBond    = book.Refuse("Value must equal the appeal bond")
	errArgument      = refusef("Argument must be 1 to %d bytes of UTF-8", MaxArgumentLen)
	errAppealedTwice = book.Refuse("This grade was already appealed")
	errNoGrade       = book.Refuse("This entry has no grade to appeal")
	errAppealClosed  = book.Refuse("The appeal window has closed")

	// award
	errAlreadyAwarded = book.Refuse("This task was already awarded")
	errAlreadyVoided  = book.Refuse("This task was already voided")
	errNotClosed      = book.Refuse("The task has not closed yet")
	errAwardGrading   = book.Refuse("An entry is still being graded")
	errAwardAppealed  = book.Refuse("An appeal is still pending")
	errAwardWindow    = book.Refuse("An appeal window is still open")
	errAwardSealed    = book.Refuse("The reveal window is still open")
)

// errTeamMember refuses an entry by someone who filed none but is a member of entry
// id's team on the same task: a member is on at most one entry of a task.
func errTeamMember(id EntryID) *book.Error {
	return refusef("Already a member of entry %d's team on this task: a member is on at most one entry of a task", id)
}

// errAwardUngraded refuses an award while an entry waits on its first grade and the
// grading window, which ends at until (unix seconds of the arena's clock), is still open.
func errAwardUngraded(until int64) *book.Error {
	return refusef("An entry has not been graded yet: grading may go on until %d (unix seconds), when the grading window closes", until)
}

func refusef(format string, args ...any) *book.Error {
	return book.Refuse(fmt.Sprintf(format, args...))
}
