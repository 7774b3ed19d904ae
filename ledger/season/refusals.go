package season

import (
	"fmt"

	"github.com/arena/arena/ledger/book"
)

// Refusals of a season's transactions, whichever kind runs it. The messages are part of
// the protocol; every one is pinned by a test.
var (
	// publication
	errPoolZero = book.Refuse("The pool must be escrowed at publication")
	errPerEpoch = book.Refuse("per_epoch must be positive")
	errEpochS   = refusef("An epoch is %d to %d seconds", MinEpochS, MaxEpochS)

	// a run's classed failure
	errResultClass = book.Refuse("A failure must be classed: [EXPECTED], [EXTERNAL], [TRANSIENT] or [LLM_ERROR]")
	errResultSize  = refusef("An error is at most %d bytes of UTF-8", MaxErrorLen)

	// a fold
	errFoldEarly   = book.Refuse("The first epoch has not passed")
	errFoldedEpoch = book.Refuse("This epoch has already been folded")
)

func refusef(format string, args ...any) *book.Error {
	return book.Refuse(fmt.Sprintf(format, args...))
}
