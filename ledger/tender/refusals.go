package tender

import (
	"fmt"

	"github.com/arena/arena/ledger/book"
)

// Refusals, by the transaction that meets them. The messages are part of the protocol;
// every one is pinned by a test. A transaction is checked in the order listed.
var (
	// any tender transaction, when the founding terms name no treasury
	errNoTreasury = book.Refuse("This arena names no treasury, so it runs no tenders")

	// check (and publish's criteria)
	errCriteriaCount  = refusef("A tender takes between %d and %d criteria", CriteriaMin, CriteriaMax)
	errCriterionText  = refusef("A criterion cannot be blank or longer than %d characters", MaxCriterionLen)
	errCheckedAlready = book.Refuse("These exact criteria already have a verdict; reword one to ask again")
	errCheckRunning   = book.Refuse("These exact criteria are being checked now")
	errGradingFee     = book.Refuse("Wallet cannot pay the grading fee beside the value")

	// tender_check_attest and tender_attest
	errNotCheckRound  = book.Refuse("This round is not a scorability check")
	errNotScoreRound  = book.Refuse("This round is not a tender scoring round")
	errCheckShape     = book.Refuse("A scorability verdict flags distinct criteria in ascending order, each with a reason, and flags none when scorable")
	errScorecardShape = refusef("A scorecard holds one score from 0 to %d for each criterion, in order, each with a reason of %d to %d characters", ScoreMax, MinReasonLen, MaxReasonLen)
	errFailureScored  = book.Refuse("A failed run carries a classed error and no scores")
	errResultClass    = book.Refuse("A failure must be classed: [EXTERNAL], [TRANSIENT] or [LLM_ERROR]")
	errResultSize     = refusef("A result carries at most %d model calls of at most %d bytes each way", MaxCalls, MaxCallText)

	// publish
	errBudgetZero  = book.Refuse("The budget must be escrowed at publication")
	errTitle       = refusef("A tender needs a title of at most %d characters", MaxTitleLen)
	errSummary     = refusef("A summary is at most %d characters", MaxSummaryLen)
	errWeight      = refusef("Weights run from %d to %d", WeightMin, WeightMax)
	errPrimary     = book.Refuse("Exactly one criterion must be marked primary")
	errMaxBids     = refusef("A tender takes between 1 and %d bids", MaxBids)
	errRule        = book.Refuse("That eligibility rule does not exist")
	errRuleTwice   = book.Refuse("An eligibility rule is named once")
	errFeeBps      = refusef("The fee is outside the allowed range of 0 to %d basis points", MaxFeeBps)
	errNotScorable = book.Refuse("These criteria have not passed the scorability check")
	errWindows     = refusef("The windows must run commit then reveal then decide, all ahead, each at most %d seconds", MaxWindowS)

	// commit, amend, withdraw
	errNoTender       = book.Refuse("No such tender")
	errSettled        = book.Refuse("This tender is already settled")
	errCommitClosed   = book.Refuse("The commit window has closed")
	errCommitment     = book.Refuse("A commitment must be a sha256 hex digest")
	errDeposit        = book.Refuse("The value must be exactly this tender's entry deposit")
	errBuyerBid       = book.Refuse("The buyer cannot bid on its own tender")
	errCommittedTwice = book.Refuse("This address has already committed to this tender")
	errFull           = book.Refuse("This tender has taken its maximum number of bids")
	errIneligible     = book.Refuse("The bidder does not meet the eligibility rules")
	errNoBid          = book.Refuse("No such bid")
	errAmendClosed    = book.Refuse("The commit window has closed, so this bid can no longer be changed")
	errNotBidder      = book.Refuse("Only the bidder who sealed this bid may do that")
	errHandled        = book.Refuse("This bid was already handled")
	errSameCommitment = book.Refuse("That is already this bid's commitment")

	// ask, answer
	// (the length, per-address and answer refusals are clarify's, shared with the bounty)
	errAskClosed     = book.Refuse("Questions close with the commit window")
	errQuestionsFull = refusef("This tender has taken its maximum of %d questions", MaxQuestions)
	errNotBuyer      = book.Refuse("Only the buyer may do this")
	errAnswerClosed  = book.Refuse("Answers close with the commit window")

	// reveal
	errRevealEarly   = book.Refuse("The reveal window has not opened")
	errRevealLate    = book.Refuse("The reveal window has closed")
	errProposalLen   = refusef("A proposal is %d to %d characters", MinProposalLen, MaxProposalLen)
	errSalt          = refusef("The salt must be %d to %d characters", MinSaltLen, MaxSaltLen)
	errRevealNoMatch = book.Refuse("The reveal does not match the sealed commitment")

	// score, resolve
	errNotWaiting   = book.Refuse("This bid is not waiting to be scored")
	errAttemptOpen  = book.Refuse("The current attempt is still open")
	errNoOpenAppeal = book.Refuse("This bid has no open appeal")

	// appeal
	errAppealOwn     = book.Refuse("Only the bidder may appeal its scorecard")
	errNotScored     = book.Refuse("This bid has not been scored")
	errAppealedTwice = book.Refuse("This bid has already been appealed")
	errAppealBond    = book.Refuse("The value must be exactly this tender's appeal bond")
	errArgument      = refusef("An appeal needs an argument of %d to %d characters", MinArgumentLen, MaxArgumentLen)

	// expire, award, decline
	errRevealOpen    = book.Refuse("The reveal window has not closed")
	errUnscored      = book.Refuse("Every revealed bid must be scored first")
	errAppealOpen    = book.Refuse("An appeal is open on this tender")
	errNothingScored = book.Refuse("No bid was scored, so there is nothing to award")
	errAwardWait     = refusef("The appeal window on the last scored bid has not closed yet (%d seconds after its scoring)", AwardWaitS)
	errDecideClosed  = book.Refuse("The buyer's decision window has closed")
	errReason        = refusef("A declined tender needs a reason of 1 to %d characters", MaxDeclineLen)
	errNothingExpire = book.Refuse("Nothing to expire: no bid is past its reveal window unrevealed, and the tender is not past its decision window")
	errComplete      = book.Refuse("This tender is complete and can be awarded, so it cannot be abandoned")
)

func refusef(format string, args ...any) *book.Error {
	return book.Refuse(fmt.Sprintf(format, args...))
}
