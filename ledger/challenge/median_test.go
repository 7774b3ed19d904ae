package challenge

import (
	"slices"
	"testing"

	"github.com/arena/arena/ledger/book"
)

// row is an attested composite and who attested it.
type row struct {
	composite int64
	validator byte
}

func medianOf(rows []row) row {
	return Median(rows, func(r row) int64 { return r.composite }, func(r row) book.Address { return book.Address{r.validator} })
}

// The kept row of a pinned-model or provisional run is the median by composite, then
// validator address, the lower middle of an even count, whatever order the rows came
// in; the rows themselves are left in their order.
func TestTheMedianRowIsByCompositeThenValidatorTheLowerMiddleOfAnEvenCount(t *testing.T) {
	for _, c := range []struct {
		name string
		rows []row
		want row
	}{
		{"one row", []row{{5, 1}}, row{5, 1}},
		{"an odd count", []row{{9, 1}, {1, 2}, {5, 3}}, row{5, 3}},
		{"an even count keeps the lower middle", []row{{40, 1}, {10, 2}, {30, 3}, {20, 4}}, row{20, 4}},
		{"a tie on composite goes to the lower address", []row{{7, 3}, {7, 1}, {7, 2}}, row{7, 2}},
		{"a tie at the lower middle", []row{{7, 9}, {7, 4}, {1, 1}, {8, 2}}, row{7, 4}},
		{"negative composites", []row{{-3, 1}, {0, 2}, {-1, 3}}, row{-1, 3}},
	} {
		in := slices.Clone(c.rows)
		if got := medianOf(in); got != c.want {
			t.Errorf("%s: the median of %v is %v, want %v", c.name, c.rows, got, c.want)
		}
		if !slices.Equal(in, c.rows) {
			t.Errorf("%s: the rows were reordered to %v", c.name, in)
		}
		rev := slices.Clone(c.rows)
		slices.Reverse(rev)
		if got := medianOf(rev); got != c.want {
			t.Errorf("%s: reversed, the median is %v, want %v", c.name, got, c.want)
		}
	}
}
