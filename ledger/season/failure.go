package season

import (
	"unicode/utf8"

	"github.com/arena/arena/ledger/book"
)

// Platform is the pinned platform and gas injector every season's programs run on: a
// bench or a learning challenge names it, and a validator on any other abstains.
const Platform = "wazero v1.12.0 amd64 arena-gas/1"

// MaxErrorLen bounds a failed run's error, in bytes of UTF-8.
const MaxErrorLen = 1 << 10

// CheckFailure refuses a failure that is too long or not a consensus class ([EXPECTED],
// [EXTERNAL], [TRANSIENT] or [LLM_ERROR]).
func CheckFailure(text string) *book.Error {
	if len(text) > MaxErrorLen || !utf8.ValidString(text) {
		return errResultSize
	}
	if _, ok := book.ParseError(text); !ok {
		return errResultClass
	}
	return nil
}
