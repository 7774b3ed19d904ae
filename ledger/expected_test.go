package ledger_test

import (
	"fmt"

	. "github.com/arena/arena/ledger"
)

// The refusals the claim tests expect, by their exact messages: the root's, which
// refusals_test.go pins, and those of the round and bounty packages, which pin them in
// their own TestRefusalsArePinned. A test here that meets a different message fails.
var (
	errTermsChain          = expected("Chain id must be 1 to 64 bytes")
	errTermsName           = expected("Arena name must be 1 to 80 bytes")
	errTermsSymbol         = expected("Currency symbol must be 1 to 12 bytes")
	errTermsEntryBond      = expected("Entry bond must be positive")
	errTermsAppealBond     = expected("Appeal bond must be positive")
	errTermsGradingWindow  = expected("Grading window must be 1 to 31536000 seconds")
	errTermsWindow         = expected("Appeal window must be 1 to 31536000 seconds")
	errTermsValidators     = expected("Validator set must have 1 to 64 members")
	errTermsNegative       = expected("Committee and quorum cannot be negative")
	errTermsQuorumSize     = expected("Quorum cannot exceed the committee")
	errTermsQuorumMajority = expected("Quorum must be a majority of the committee")
	errTermsAttempts       = expected("Attempts per round must be 1 to 64")
	errTermsTimeout        = expected("Round timeout must be 1 to 31536000 seconds")
	errTermsGasRate        = expected("Gas rate must be 0 (the default, 25000000 gas a second) to 1000000000 gas a second")
	errTermsGenesis        = expected("At most 1024 genesis allocations")
	errTermsDistinct       = expected("Validators must be distinct non-zero addresses")
	errTermsRegistry       = expected("Registry address cannot be zero")
	errGenesisZero         = expected("Genesis allocations must name a non-zero address")
	errGenesisOverflow     = expected("Genesis allocations overflow 256 bits")
	errNoBody              = expected("Transaction has no body")
	errChain               = expected("Transaction is for another chain")
	errArena               = expected("Transaction is for another arena")
	errExpired             = expected("Transaction expired: the arena's clock is past its validUntil")
	errMaxFee              = expected("The fee schedule asks more than the transaction's maxFee")
	errNonce               = expected("Nonce is not the sender's next nonce")
	errNoValue             = expected("This transaction takes no value")
	errNotCommittedWork    = expected("Result must grade the work committed at filing")
	errFee                 = expected("Wallet balance cannot pay the transaction's fee")
	errFunds               = expected("Wallet balance is below the transaction's value")
	errNothingOwed         = expected("Nothing to withdraw")
	errDevOnly             = expected("Only available in dev mode")
	errFaucetTo            = expected("Faucet needs a non-zero address")
	errFaucetAmount        = expected("Faucet amount must be positive and keep the supply within 256 bits")
	errAdvance             = expected("Advance must be 1 to 315360000 seconds")

	errRevealWindow        = expected("A sealed task names a reveal window of 1 to 31536000 seconds, and only a sealed task does")
	errSealedCommit        = expected("A sealed task takes a commitment of 64 lowercase hex digits and no work until the reveal")
	errNotSealed           = expected("Only a sealed task takes a commitment")
	errNotSealedEntry      = expected("This entry is not a sealed entry awaiting its reveal")
	errRevealOwn           = expected("Only the solver reveals a sealed entry")
	errRevealEarly         = expected("Sealed entries are revealed after the task closes")
	errRevealLate          = expected("The reveal window has closed")
	errSalt                = expected("Salt must be 16 to 256 bytes of UTF-8")
	errRevealMismatch      = expected("Salt and work do not match the commitment")
	errNotRevealed         = expected("Sealed entries are graded once the reveal window has closed, and only if revealed")
	errAwardSealed         = expected("The reveal window is still open")
	errNoRound             = expected("No such round")
	errNotCommittee        = expected("Sender is not on this round's committee")
	errAttemptNotOpen      = expected("That attempt is not open")
	errAttemptExpired      = expected("That attempt's deadline has passed")
	errAttestedTwice       = expected("Already attested this attempt")
	errPrizeZero           = expected("Prize must be positive")
	errTitle               = expected("Title must be 1 to 200 bytes of UTF-8")
	errSpec                = expected("Spec must be 1 to 8192 bytes of UTF-8")
	errRubric              = expected("Rubric must be 1 to 4096 bytes of UTF-8")
	errClosesIn            = expected("Closing time must be 1 to 31536000 seconds away")
	errNoTask              = expected("No such task")
	errEntryBond           = expected("Value must equal the entry bond")
	errSponsorEntry        = expected("The sponsor cannot enter their own task")
	errTaskClosed          = expected("Submissions are closed")
	errEnteredTwice        = expected("Already entered this task")
	errNoWork              = expected("Submit work text or a work URL")
	errWorkLen             = expected("Work must be at most 65536 bytes of UTF-8")
	errWorkURL             = expected("Work URL must be an https URL with a host, at most 2048 bytes")
	errNoEntry             = expected("No such entry")
	errAlreadyGraded       = expected("This entry was already graded")
	errWorkDigest          = expected("A work URL entry carries the sha256 of its bytes as 64 lowercase hex digits, and only it does")
	errGradingClosed       = expected("The grading window has closed")
	errAttemptOpen         = expected("A grading attempt is still open")
	errResultSize          = expected("Result is over a size limit")
	errResultClass         = expected("Result error must start with a class prefix")
	errFailureGraded       = expected("A failed result carries no grade")
	errTier                = expected("Rung must be 0 to 5")
	errViolations          = expected("Violations must be 0 to 24")
	errDisqualifiedRung    = expected("A disqualified entry sits on rung 0")
	errPassedGate          = expected("Passed must mean rung 1 or above and not disqualified")
	errScoreArithmetic     = expected("Score does not follow from the rung, gate and counts")
	errDuplicateNotDQ      = expected("A duplicate must be disqualified")
	errDuplicateNotEarlier = expected("Duplicate must name an entry filed earlier on the task")
	errAppealBond          = expected("Value must equal the appeal bond")
	errArgument            = expected("Argument must be 1 to 2048 bytes of UTF-8")
	errAppealedTwice       = expected("This grade was already appealed")
	errNoGrade             = expected("This entry has no grade to appeal")
	errAppealClosed        = expected("The appeal window has closed")
	errAlreadyAwarded      = expected("This task was already awarded")
	errAlreadyVoided       = expected("This task was already voided")
	errNotClosed           = expected("The task has not closed yet")
	errAwardGrading        = expected("An entry is still being graded")
	errAwardAppealed       = expected("An appeal is still pending")
	errAwardWindow         = expected("An appeal window is still open")
)

func expected(msg string) *Error { return NewError(Expected, msg) }

// errTeamMember is the refusal of an entry by a member of entry id's team who filed none.
func errTeamMember(id EntryID) *Error {
	return expected(fmt.Sprintf("Already a member of entry %d's team on this task: a member is on at most one entry of a task", id))
}

// errAwardUngraded is the refusal of an award while an entry waits on its first grade
// inside the grading window, which ends at until.
func errAwardUngraded(until int64) *Error {
	return expected(fmt.Sprintf("An entry has not been graded yet: grading may go on until %d (unix seconds), when the grading window closes", until))
}
