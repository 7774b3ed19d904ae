package bounty

import (
	"testing"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/book/booktest"
)

// The copy base's refusal, pinned by its exact text beside the package's table.
func TestTheTemplateRefusalIsPinned(t *testing.T) {
	booktest.PinRefusals(t, map[string]*book.Error{"errTemplate": errTemplate},
		map[string]string{"errTemplate": "[EXPECTED] Template must be at most 16384 bytes of UTF-8"})
}
