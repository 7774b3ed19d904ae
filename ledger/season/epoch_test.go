package season

import (
	"testing"

	"github.com/arena/arena/ledger/book"
)

// The epoch index is floor((now − published) / epoch_s), 0 up to and at publication.
func TestTheEpochCountsWholeEpochsSincePublication(t *testing.T) {
	for _, c := range []struct {
		now  int64
		want uint64
	}{{900, 0}, {1000, 0}, {1059, 0}, {1060, 1}, {1119, 1}, {1120, 2}, {1000 + 60*1000, 1000}} {
		if got := Epoch(1000, 60, c.now); got != c.want {
			t.Errorf("Epoch(1000, 60, %d) = %d, want %d", c.now, got, c.want)
		}
	}
}

// A publication's terms are refused in order: a pool of zero, then per_epoch of zero,
// then epoch_s outside [MinEpochS, MaxEpochS].
func TestTermsAreRefusedInOrder(t *testing.T) {
	one := book.NewAmount(1)
	for _, c := range []struct {
		name            string
		value, perEpoch book.Amount
		epochS          int64
		want            *book.Error
	}{
		{"everything wrong", book.Amount{}, book.Amount{}, 0, errPoolZero},
		{"no per_epoch", one, book.Amount{}, 0, errPerEpoch},
		{"epoch too short", one, one, MinEpochS - 1, errEpochS},
		{"epoch too long", one, one, MaxEpochS + 1, errEpochS},
		{"shortest epoch", one, one, MinEpochS, nil},
		{"longest epoch", one, one, MaxEpochS, nil},
	} {
		if got := CheckTerms(c.value, c.perEpoch, c.epochS); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// A fold is due once per epoch from the first: never in epoch 0, never twice in one
// epoch, and a missed epoch is simply skipped.
func TestAFoldIsDueOncePerEpochFromTheFirst(t *testing.T) {
	for _, c := range []struct {
		epoch, last uint64
		want        *book.Error
	}{
		{0, 0, errFoldEarly},
		{1, 0, nil},
		{1, 1, errFoldedEpoch},
		{2, 1, nil},
		{5, 2, nil},
		{3, 4, errFoldedEpoch},
	} {
		if got := FoldDue(c.epoch, c.last); got != c.want {
			t.Errorf("FoldDue(%d, %d) = %v, want %v", c.epoch, c.last, got, c.want)
		}
	}
}
