package match

import (
	"testing"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/book/booktest"
)

// "Every refusal has an exact message, and a test that pins it": this package's part of
// the protocol surface, in one table. A change here is a protocol change.
func TestRefusalsArePinned(t *testing.T) {
	got := map[string]*book.Error{
		"errNoOperators":      errNoOperators,
		"errNotOperator":      errNotOperator,
		"errBond":             errBond,
		"errEntrants":         errEntrants,
		"errModel":            errModel,
		"errSystemPrompt":     errSystemPrompt,
		"errFeeBps":           errFeeBps,
		"errSeedCommitment":   errSeedCommitment,
		"errNoMatch":          errNoMatch,
		"errSettled":          errSettled,
		"errNotEntrant":       errNotEntrant,
		"errJoinedTwice":      errJoinedTwice,
		"errEntryFee":         errEntryFee,
		"errNotMatchOperator": errNotMatchOperator,
		"errNotStarted":       errNotStarted,
		"errTurnOrder":        errTurnOrder,
		"errGameOver":         errGameOver,
		"errCommitment":       errCommitment,
		"errStake":            errStake,
		"errBetTarget":        errBetTarget,
		"errMove":             errMove,
		"errBettingClosed":    errBettingClosed,
		"errBetsFull":         errBetsFull,
		"errNotHidden":        errNotHidden,
		"errText":             errText,
		"errSalt":             errSalt,
		"errSig":              errSig,
		"errReceiptFields":    errReceiptFields,
		"errReceiptHashes":    errReceiptHashes,
		"errFallback":         errFallback,
		"errReceiptSig":       errReceiptSig,
		"errRevealNoMatch":    errRevealNoMatch,
		"errEvents":           errEvents,
		"errHidden":           errHidden,
		"errSecret":           errSecret,
		"errSecretNoMatch":    errSecretNoMatch,
		"errNotStalled":       errNotStalled,
		"errJoinWait":         errJoinWait,
	}
	want := map[string]string{
		"errNoOperators":      "[EXPECTED] This arena names no operators, so it runs no matches",
		"errNotOperator":      "[EXPECTED] Only an operator named in the founding terms may create a match",
		"errBond":             "[EXPECTED] The value must be exactly the operator bond",
		"errEntrants":         "[EXPECTED] A match needs two distinct entrants, neither the zero address nor the operator",
		"errModel":            "[EXPECTED] An agent's model is 1 to 120 characters",
		"errSystemPrompt":     "[EXPECTED] An agent's system prompt is at most 4000 bytes of UTF-8",
		"errFeeBps":           "[EXPECTED] The fee is outside the allowed range of 0 to 1000 basis points",
		"errSeedCommitment":   "[EXPECTED] The seed commitment must be 0x followed by 64 lowercase hex digits",
		"errNoMatch":          "[EXPECTED] No such match",
		"errSettled":          "[EXPECTED] This match is already settled",
		"errNotEntrant":       "[EXPECTED] Only the match's entrants may join it",
		"errJoinedTwice":      "[EXPECTED] This entrant has already joined",
		"errEntryFee":         "[EXPECTED] The value must be exactly this match's entry fee",
		"errNotMatchOperator": "[EXPECTED] Only this match's operator may do this",
		"errNotStarted":       "[EXPECTED] The match has not started: both entrants must join, after the block that created it",
		"errTurnOrder":        "[EXPECTED] Turns are committed in order, each once the one before is revealed",
		"errGameOver":         "[EXPECTED] The reported game is over; only finish remains",
		"errCommitment":       "[EXPECTED] A commitment must be 0x followed by 64 lowercase hex digits",
		"errStake":            "[EXPECTED] A bet stakes at least 1 atto",
		"errBetTarget":        "[EXPECTED] A bet names a turn from 1 to 20 and an agent, 0 or 1",
		"errMove":             "[EXPECTED] A move is attack, defend, charge or heal",
		"errBettingClosed":    "[EXPECTED] Betting on this turn has closed",
		"errBetsFull":         "[EXPECTED] This match has taken its maximum of 1000 bets",
		"errNotHidden":        "[EXPECTED] That turn is not committed and unrevealed",
		"errText":             "[EXPECTED] A prompt and a response are at most 16384 bytes each",
		"errSalt":             "[EXPECTED] A salt must be 0x followed by 64 lowercase hex digits",
		"errSig":              "[EXPECTED] A receipt signature must be 0x followed by 130 hex digits",
		"errReceiptFields":    "[EXPECTED] A receipt must name this match, turn and agent, and the revealed move, with times at most 9007199254740991",
		"errReceiptHashes":    "[EXPECTED] A receipt's prompt and response hashes must be the keccak256 of the revealed texts",
		"errFallback":         "[EXPECTED] A move must be the one the response names, or defend with a fallback reason that fits the response",
		"errReceiptSig":       "[EXPECTED] A receipt must be signed by the match's operator",
		"errRevealNoMatch":    "[EXPECTED] The reveal does not match the turn's commitment",
		"errEvents":           "[EXPECTED] A turn reports 1 to 16 events, each of this turn",
		"errHidden":           "[EXPECTED] The committed turn must be revealed before the match finishes",
		"errSecret":           "[EXPECTED] The secret must be 0x followed by 64 lowercase hex digits",
		"errSecretNoMatch":    "[EXPECTED] The secret does not match the seed commitment",
		"errNotStalled":       "[EXPECTED] The match is not stalled: its operator acted within the last 1800 seconds",
		"errJoinWait":         "[EXPECTED] The entrants have 1800 seconds from creation to join",
	}
	booktest.PinRefusals(t, got, want)
}
