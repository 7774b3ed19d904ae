package ledger

import "strconv"

// SetKnownVersionForTest makes this binary know versions up to v, as a release linked
// with -X ledger.knownVersions does, and returns what puts it back.
func SetKnownVersionForTest(v uint64) func() {
	was := knownVersions
	knownVersions = strconv.FormatUint(v, 10)
	return func() { knownVersions = was }
}
