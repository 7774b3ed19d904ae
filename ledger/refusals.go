package ledger

import (
	"fmt"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/govern"
	"github.com/arena/arena/ledger/valset"
)

// refuse returns an [EXPECTED] refusal with the exact message msg. Every refusal of the
// arena itself is listed in this file; each kind lists its own (bounty/refusals.go,
// round/refusals.go), so the protocol surface fits on a few screens.
func refuse(msg string) *Error { return book.Refuse(msg) }

// Refusals, by the transaction that meets them. The messages are part of the protocol.
var (
	// New: the founding terms
	errTermsChain            = refusef("Chain id must be 1 to %d bytes", MaxChainLen)
	errTermsName             = refusef("Arena name must be 1 to %d bytes", MaxNameLen)
	errTermsSymbol           = refusef("Currency symbol must be 1 to %d bytes", MaxSymbolLen)
	errTermsEntryBond        = refuse("Entry bond must be positive")
	errTermsAppealBond       = refuse("Appeal bond must be positive")
	errTermsWindow           = refusef("Appeal window must be 1 to %d seconds", MaxCloseS)
	errTermsGradingWindow    = refusef("Grading window must be 1 to %d seconds", MaxCloseS)
	errTermsValidators       = refusef("Validator set must have 1 to %d members", MaxValidators)
	errTermsNegative         = refuse("Committee and quorum cannot be negative")
	errTermsQuorumSize       = refuse("Quorum cannot exceed the committee")
	errTermsQuorumMajority   = refuse("Quorum must be a majority of the committee")
	errTermsAttempts         = refusef("Attempts per round must be 1 to %d", MaxAttempts)
	errTermsTimeout          = refusef("Round timeout must be 1 to %d seconds", MaxCloseS)
	errTermsAppealGrowth     = refusef("Appeal growth must be 0 to %d validators", MaxValidators)
	errTermsNotice           = refusef("Upgrade notice must be 0 (the default, %d blocks) to %d blocks", govern.DefaultNotice, govern.MaxVoteBlocks)
	errTermsGasRate          = refusef("Gas rate must be 0 (the default, %d gas a second) to %d gas a second", DefaultGasRate, MaxGasRate)
	errTermsGenesis          = refusef("At most %d genesis allocations", MaxGenesis)
	errTermsDistinct         = refuse("Validators must be distinct non-zero addresses")
	errTermsRegistry         = refuse("Registry address cannot be zero")
	errTermsTreasury         = refuse("Treasury address cannot be zero")
	errTermsOperators        = refusef("Match operators must be at most %d distinct non-zero addresses", MaxOperators)
	errTermsOperatorTreasury = refuse("Match operators need a treasury to receive fees and slashed bonds")
	errTermsOperatorBond     = refuse("Match operators need a positive operator bond")
	errGenesisZero           = refuse("Genesis allocations must name a non-zero address")
	errGenesisOverflow       = refuse("Genesis allocations overflow 256 bits")
	errTermsJoinValidators   = refuse("Validators must be the join statements' grading addresses, in join order")

	// admission (Check): these never consume a nonce
	errNoBody  = refuse("Transaction has no body")
	errArena   = refuse("Transaction is for another arena")
	errChain   = refuse("Transaction is for another chain")
	errNonce   = refuse("Nonce is not the sender's next nonce")
	errExpired = refuse("Transaction expired: the arena's clock is past its validUntil")
	errMaxFee  = refuse("The fee schedule asks more than the transaction's maxFee")
	errNoValue = refuse("This transaction takes no value")
	errFunds   = refuse("Wallet balance is below the transaction's value")
	errFee     = refuse("Wallet balance cannot pay the transaction's fee")

	// withdraw
	errNothingOwed = refuse("Nothing to withdraw")

	// faucet, dev_advance
	errDevOnly      = refuse("Only available in dev mode")
	errFaucetTo     = refuse("Faucet needs a non-zero address")
	errFaucetAmount = refuse("Faucet amount must be positive and keep the supply within 256 bits")
	errAdvance      = refusef("Advance must be 1 to %d seconds", MaxAdvanceS)

	// the validator set: New's founding bonds, join_validator, exit_validator,
	// propose_removal, report_equivocation
	errTermsUnbonding   = refusef("Unbonding must be 0 (the default, %d blocks) to %d blocks", DefaultUnbondingBlocks, MaxUnbondingBlocks)
	errTermsSlashShare  = refusef("Slash share must be 0 (the default, %d basis points) to %d basis points", DefaultSlashShare, valset.BasisPoints)
	errJoinSender       = refuse("A join is sent from the grading address its statement names")
	errAlreadyValidator = refuse("This grading address is already a validator, or waits to become one")
	errTombstoned       = refuse("This validator was slashed for misbehaviour and can never be a validator again")
	errSlashedAttests   = refuse("This validator was slashed for misbehaviour: it attests on no round, those opened before included")
	errKeyInUse         = refuse("Another validator holds this consensus key")
	errSetFull          = refusef("The validator set is full: at most %d validators, joins waiting included", MaxValidators)
	errNotInSet         = refuse("Sender is not a validator in the set in force")
	errAlreadyLeaving   = refuse("This validator is already leaving the set")
	errSetEmpty         = refuse("The change would leave the validator set empty")
	errReportDecode     = refuse("Each attestation is a signed transaction in its wire form")
	errReportArena      = refuse("An attestation is not for this arena")
	errReportSig        = refuse("An attestation's signature is not by its sender")
	errReportKind       = refuse("Each transaction must be an attestation")
	errReportSigner     = refuse("The two attestations are signed by different validators")
	errReportAttempt    = refuse("The two attestations are for different rounds or attempts")
	errReportSame       = refuse("The two attestations give the same verdict")
	errReportOutside    = refuse("The attestations' signer is neither in the validator set nor unbonding")
	errReportSlashed    = refuse("This validator was already slashed")

	// challenge_fold: the contest kind it names
	errFoldKind = refuse("A fold's kind is benchmark (the default) or learning")
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
	// ErrFee is the refusal of a transaction whose sender cannot pay its fee: a key
	// holding nothing writes nothing.
	ErrFee error = errFee
)

// joinRefusal refuses the join statement j for the reason why, naming its operator.
func joinRefusal(j *Join, why string) *Error {
	return refusef("Join statement of %q (%s): %s", j.Name, j.GradingAddress, why)
}

// refusef is refuse with a formatted message, for messages that name a limit.
func refusef(format string, args ...any) *Error { return refuse(fmt.Sprintf(format, args...)) }
