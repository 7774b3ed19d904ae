package season

import "github.com/arena/arena/ledger/book"

// Limits of a season's terms.
const (
	MinEpochS = 60
	MaxEpochS = 365 * 24 * 3600
)

// Epoch returns the epoch index at now of a pool published at published and folded
// every epochS seconds: floor((now − published) / epochS), 0 before publication.
func Epoch(published, epochS, now int64) uint64 {
	if now <= published {
		return 0
	}
	return uint64((now - published) / epochS)
}

// CheckTerms refuses a publication whose value (the emission pool), per_epoch or
// epoch_s is out of range, in that order.
func CheckTerms(value, perEpoch book.Amount, epochS int64) *book.Error {
	switch {
	case value.IsZero():
		return errPoolZero
	case perEpoch.IsZero():
		return errPerEpoch
	case epochS < MinEpochS || epochS > MaxEpochS:
		return errEpochS
	}
	return nil
}

// FoldDue refuses a fold of epoch, the epoch index at the fold's time, when the first
// epoch has not passed or when last, the epoch the challenge's latest fold folded (0 for
// none), is not before it. The kind checks first that the challenge is open and has not
// ended.
func FoldDue(epoch, last uint64) *book.Error {
	switch {
	case epoch < 1:
		return errFoldEarly
	case last >= epoch:
		return errFoldedEpoch
	}
	return nil
}
