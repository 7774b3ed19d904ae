package match

import (
	"fmt"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/match/battle"
)

// Refusals, by the transaction that meets them. The messages are part of the protocol;
// every one is pinned by a test. A transaction is checked in the order listed.
var (
	// any match transaction, when the founding terms name no operators
	errNoOperators = book.Refuse("This arena names no operators, so it runs no matches")

	// create
	errNotOperator    = book.Refuse("Only an operator named in the founding terms may create a match")
	errBond           = book.Refuse("The value must be exactly the operator bond")
	errEntrants       = book.Refuse("A match needs two distinct entrants, neither the zero address nor the operator")
	errModel          = refusef("An agent's model is 1 to %d characters", MaxModelLen)
	errSystemPrompt   = refusef("An agent's system prompt is at most %d bytes of UTF-8", MaxSystemPromptLen)
	errFeeBps         = refusef("The fee is outside the allowed range of 0 to %d basis points", MaxFeeBps)
	errSeedCommitment = book.Refuse("The seed commitment must be 0x followed by 64 lowercase hex digits")

	// join, and every transaction on a match
	errNoMatch     = book.Refuse("No such match")
	errSettled     = book.Refuse("This match is already settled")
	errNotEntrant  = book.Refuse("Only the match's entrants may join it")
	errJoinedTwice = book.Refuse("This entrant has already joined")
	errEntryFee    = book.Refuse("The value must be exactly this match's entry fee")

	// commit
	errNotMatchOperator = book.Refuse("Only this match's operator may do this")
	errNotStarted       = book.Refuse("The match has not started: both entrants must join, after the block that created it")
	errTurnOrder        = book.Refuse("Turns are committed in order, each once the one before is revealed")
	errGameOver         = book.Refuse("The reported game is over; only finish remains")
	errCommitment       = book.Refuse("A commitment must be 0x followed by 64 lowercase hex digits")

	// bet
	errStake         = book.Refuse("A bet stakes at least 1 atto")
	errBetTarget     = refusef("A bet names a turn from 1 to %d and an agent, 0 or 1", battle.MaxTurns)
	errMove          = book.Refuse("A move is attack, defend, charge or heal")
	errBettingClosed = book.Refuse("Betting on this turn has closed")
	errBetsFull      = refusef("This match has taken its maximum of %d bets", MaxBets)

	// reveal
	errNotHidden     = book.Refuse("That turn is not committed and unrevealed")
	errText          = refusef("A prompt and a response are at most %d bytes each", MaxTextBytes)
	errSalt          = book.Refuse("A salt must be 0x followed by 64 lowercase hex digits")
	errSig           = book.Refuse("A receipt signature must be 0x followed by 130 hex digits")
	errReceiptFields = book.Refuse("A receipt must name this match, turn and agent, and the revealed move, with times at most 9007199254740991")
	errReceiptChain  = book.Refuse("A receipt's signature_chain_id must be 1 to 18446744073709551615")
	errReceiptHashes = book.Refuse("A receipt's prompt and response hashes must be the keccak256 of the revealed texts")
	errFallback      = book.Refuse("A move must be the one the response names, or defend with a fallback reason that fits the response")
	errReceiptSig    = book.Refuse("A receipt must be signed by the match's operator")
	errRevealNoMatch = book.Refuse("The reveal does not match the turn's commitment")
	errEvents        = refusef("A turn reports 1 to %d events, each of this turn", MaxEvents)

	// finish
	errHidden        = book.Refuse("The committed turn must be revealed before the match finishes")
	errSecret        = book.Refuse("The secret must be 0x followed by 64 lowercase hex digits")
	errSecretNoMatch = book.Refuse("The secret does not match the seed commitment")

	// reclaim
	errNotStalled = refusef("The match is not stalled: its operator acted within the last %d seconds", StallS)
	errJoinWait   = refusef("The entrants have %d seconds from creation to join", StallS)
)

func refusef(format string, args ...any) *book.Error {
	return book.Refuse(fmt.Sprintf(format, args...))
}
