package round

import (
	"testing"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/book/booktest"
)

// "Every refusal has an exact message, and a test that pins it": this package's part of
// the protocol surface, in one table. A change here is a protocol change.
func TestRefusalsArePinned(t *testing.T) {
	got := map[string]*book.Error{
		"errNoRound":        errNoRound,
		"errNotCommittee":   errNotCommittee,
		"errAttemptNotOpen": errAttemptNotOpen,
		"errAttemptExpired": errAttemptExpired,
		"errAttestedTwice":  errAttestedTwice,
	}
	want := map[string]string{
		"errNoRound":        "[EXPECTED] No such round",
		"errNotCommittee":   "[EXPECTED] Sender is not on this round's committee",
		"errAttemptNotOpen": "[EXPECTED] That attempt is not open",
		"errAttemptExpired": "[EXPECTED] That attempt's deadline has passed",
		"errAttestedTwice":  "[EXPECTED] Already attested this attempt",
	}
	booktest.PinRefusals(t, got, want)
}
