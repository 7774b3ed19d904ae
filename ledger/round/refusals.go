package round

import "github.com/arena/arena/ledger/book"

// Refusals of an attestation that every kind shares. The messages are part of the protocol.
var (
	errNoRound        = book.Refuse("No such round")
	errNotCommittee   = book.Refuse("Sender is not on this round's committee")
	errAttemptNotOpen = book.Refuse("That attempt is not open")
	errAttemptExpired = book.Refuse("That attempt's deadline has passed")
	errAttestedTwice  = book.Refuse("Already attested this attempt")
)
