// Package booktest holds the check every ledger package's refusal table runs, for tests
// only: it sits below every kind, so a kind's internal tests can import it.
package booktest

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/ledger/book"
)

// PinRefusals fails t unless every refusal in got is an [EXPECTED] error whose text is
// exactly the one want pins under the same name, no two share a text, and want names no
// refusal got lacks. got maps each refusal's variable name to the refusal.
func PinRefusals(t *testing.T, got map[string]*book.Error, want map[string]string) {
	t.Helper()
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
