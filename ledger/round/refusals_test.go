package round

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/ledger/book"
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
	texts := map[string]string{}
	seen := map[string]string{}
	for name, e := range got {
		texts[name] = e.Error()
		if other, dup := seen[e.Error()]; dup {
			t.Errorf("%s and %s share the message %q", name, other, e.Error())
		}
		seen[e.Error()] = name
		if book.ClassOf(e) != book.Expected {
			t.Errorf("%s is not [EXPECTED]", name)
		}
	}
	if diff := cmp.Diff(want, texts); diff != "" {
		t.Fatalf("refusals (-pinned +code):\n%s", diff)
	}
}
