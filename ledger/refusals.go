package ledger

import "fmt"

// refuse returns an [EXPECTED] refusal with the exact message msg. Every refusal the
// ledger can make is listed in this file, so the protocol surface fits on one screen.
func refuse(msg string) *Error { return &Error{Class: Expected, Msg: msg} }

// Refusals, by the transaction that meets them. The messages are part of the protocol.
var (
	// New: the founding terms
	errTermsChain          = refusef("Chain id must be 1 to %d bytes", MaxChainLen)
	errTermsName           = refusef("Arena name must be 1 to %d bytes", MaxNameLen)
	errTermsSymbol         = refusef("Currency symbol must be 1 to %d bytes", MaxSymbolLen)
	errTermsEntryBond      = refuse("Entry bond must be positive")
	errTermsAppealBond     = refuse("Appeal bond must be positive")
	errTermsWindow         = refusef("Appeal window must be 1 to %d seconds", MaxCloseS)
	errTermsValidators     = refusef("Validator set must have 1 to %d members", MaxValidators)
	errTermsNegative       = refuse("Committee and quorum cannot be negative")
	errTermsQuorumSize     = refuse("Quorum cannot exceed the committee")
	errTermsQuorumMajority = refuse("Quorum must be a majority of the committee")
	errTermsAttempts       = refusef("Attempts per round must be 1 to %d", MaxAttempts)
	errTermsTimeout        = refusef("Round timeout must be 1 to %d seconds", MaxCloseS)
	errTermsGenesis        = refusef("At most %d genesis allocations", MaxGenesis)
	errTermsDistinct       = refuse("Validators must be distinct non-zero addresses")
	errTermsRegistry       = refuse("Registry address cannot be zero")
	errGenesisZero         = refuse("Genesis allocations must name a non-zero address")
	errGenesisOverflow     = refuse("Genesis allocations overflow 256 bits")

	// admission (Check): these never consume a nonce
	errNoBody  = refuse("Transaction has no body")
	errChain   = refuse("Transaction is for another chain")
	errNonce   = refuse("Nonce is not the sender's next nonce")
	errNoValue = refuse("This transaction takes no value")
	errFunds   = refuse("Wallet balance is below the transaction's value")

	// post_task
	errPrizeZero = refuse("Prize must be positive")
	errTitle     = refusef("Title must be 1 to %d bytes of UTF-8", MaxTitleLen)
	errSpec      = refusef("Spec must be 1 to %d bytes of UTF-8", MaxSpecLen)
	errRubric    = refusef("Rubric must be 1 to %d bytes of UTF-8", MaxRubricLen)
	errClosesIn  = refusef("Closing time must be 1 to %d seconds away", MaxCloseS)

	// submit
	errNoTask       = refuse("No such task")
	errEntryBond    = refuse("Value must equal the entry bond")
	errSponsorEntry = refuse("The sponsor cannot enter their own task")
	errTaskClosed   = refuse("Submissions are closed")
	errEnteredTwice = refuse("Already entered this task")
	errNoWork       = refuse("Submit work text or a work URL")
	errWorkLen      = refusef("Work must be at most %d bytes of UTF-8", MaxWorkLen)
	errWorkURL      = refusef("Work URL must be an https URL with a host, at most %d bytes", MaxURLLen)

	// grade
	errNoEntry       = refuse("No such entry")
	errAlreadyGraded = refuse("This entry was already graded")
	errAttemptOpen   = refuse("A grading attempt is still open")

	// attest
	errNoRound             = refuse("No such round")
	errNotCommittee        = refuse("Sender is not on this round's committee")
	errAttemptNotOpen      = refuse("That attempt is not open")
	errAttemptExpired      = refuse("That attempt's deadline has passed")
	errAttestedTwice       = refuse("Already attested this attempt")
	errResultSize          = refuse("Result is over a size limit")
	errResultClass         = refuse("Result error must start with a class prefix")
	errFailureGraded       = refuse("A failed result carries no grade")
	errTier                = refuse("Rung must be 0 to 5")
	errViolations          = refusef("Violations must be 0 to %d", MaxChecks)
	errDisqualifiedRung    = refuse("A disqualified entry sits on rung 0")
	errPassedGate          = refuse("Passed must mean rung 1 or above and not disqualified")
	errScoreArithmetic     = refuse("Score does not follow from the rung, gate and counts")
	errDuplicateNotDQ      = refuse("A duplicate must be disqualified")
	errDuplicateNotEarlier = refuse("Duplicate must name an entry filed earlier on the task")

	// appeal
	errAppealBond    = refuse("Value must equal the appeal bond")
	errArgument      = refusef("Argument must be 1 to %d bytes of UTF-8", MaxArgumentLen)
	errAppealedTwice = refuse("This grade was already appealed")
	errNoGrade       = refuse("This entry has no grade to appeal")
	errAppealClosed  = refuse("The appeal window has closed")

	// award
	errAlreadyAwarded = refuse("This task was already awarded")
	errAlreadyVoided  = refuse("This task was already voided")
	errNotClosed      = refuse("The task has not closed yet")
	errAwardUngraded  = refuse("An entry has not been graded yet")
	errAwardGrading   = refuse("An entry is still being graded")
	errAwardAppealed  = refuse("An appeal is still pending")
	errAwardWindow    = refuse("An appeal window is still open")

	// withdraw
	errNothingOwed = refuse("Nothing to withdraw")

	// faucet, dev_advance
	errDevOnly      = refuse("Only available in dev mode")
	errFaucetTo     = refuse("Faucet needs a non-zero address")
	errFaucetAmount = refuse("Faucet amount must be positive and keep the supply within 256 bits")
	errAdvance      = refusef("Advance must be 1 to %d seconds", MaxAdvanceS)
)

// The admission refusals that callers tell apart by errors.Is, since each is answered
// differently: a wrong chain, a nonce that is not the sender's next one (a replay or a
// gap: a conflict with the sender's state, retried after re-reading the nonce) and a
// wallet below the value. They are the refusals above, not copies.
var (
	// ErrChain is the refusal of a transaction for another chain.
	ErrChain error = errChain
	// ErrNonce is the refusal of a nonce that is not the sender's next nonce.
	ErrNonce error = errNonce
	// ErrFunds is the refusal of a value above the sender's wallet balance.
	ErrFunds error = errFunds
)

// refusef is refuse with a formatted message, for messages that name a limit.
func refusef(format string, args ...any) *Error { return refuse(fmt.Sprintf(format, args...)) }
