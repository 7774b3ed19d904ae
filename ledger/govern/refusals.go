package govern

import (
	"fmt"

	"github.com/arena/arena/ledger/book"
)

// Refusals of governance transactions. The messages are part of the protocol; every one
// is pinned by a test.
var (
	errNotValidator = book.Refuse("Only a validator in the set in force may propose or vote")
	errNoProposal   = book.Refuse("No proposal with that number")
	errNotInSet     = book.Refuse("That address is not a validator in the set in force")
	errNoUpgrade    = book.Refuse("No upgrade proposal with that number")
	errRelease      = refusef("An upgrade names its release in 1 to %d characters", MaxReleaseLen)
	errSettings     = refusef("A terms proposal changes 1 to %d terms", MaxSettings)
	errValueLen     = refusef("A term's new value is at most %d characters", MaxValueLen)
)

func refusef(format string, args ...any) *book.Error {
	return book.Refuse(fmt.Sprintf(format, args...))
}
