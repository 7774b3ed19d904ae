package season

import (
	"strings"
	"testing"

	"github.com/arena/arena/ledger/book"
)

// A failed run's error is one of the four consensus classes and at most MaxErrorLen
// bytes of UTF-8; size is checked first.
func TestAFailureIsClassedAndBounded(t *testing.T) {
	for _, c := range []struct {
		text string
		want *book.Error
	}{
		{"[EXPECTED] The module does not compile", nil},
		{"[EXTERNAL] The artifact's URL answered 404", nil},
		{"[TRANSIENT] Grading cancelled", nil},
		{"[LLM_ERROR] The model did not answer", nil},
		{"host down", errResultClass},
		{"", errResultClass},
		{"[EXPECTED] " + strings.Repeat("x", MaxErrorLen-11), nil},
		{"[EXPECTED] " + strings.Repeat("x", MaxErrorLen-10), errResultSize},
		{"[EXPECTED] \xff", errResultSize},
		{strings.Repeat("y", MaxErrorLen+1), errResultSize},
	} {
		if got := CheckFailure(c.text); got != c.want {
			t.Errorf("CheckFailure(%.40q) = %v, want %v", c.text, got, c.want)
		}
	}
}
