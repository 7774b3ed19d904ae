package valset

import (
	"testing"

	"github.com/arena/arena/ledger/book"
)

// A slash share is exact to the atto and never overflows: bps basis points of a bond
// rounded down once, for the largest bond too.
func TestShareRoundsDownOnceAndNeverOverflows(t *testing.T) {
	max := book.MustAmount("115792089237316195423570985008687907853269984665640564039457584007913129639935")
	for _, c := range []struct {
		bond string
		bps  uint64
		want string
	}{
		{"10000000000000000007", 500, "500000000000000000"},
		{"19", 500, "0"},
		{"20", 500, "1"},
		{"12345", 10_000, "12345"},
		{"12345", 0, "0"},
		{"9999", 1, "0"},
		{"10001", 3, "3"},
		{max.String(), 10_000, max.String()},
		{max.String(), 500, "5789604461865809771178549250434395392663499233282028201972879200395656481996"},
	} {
		if got := Share(book.MustAmount(c.bond), c.bps); got.String() != c.want {
			t.Errorf("Share(%s, %d) = %s, want %s", c.bond, c.bps, got, c.want)
		}
	}
}

// The records refuse what the package's rules never make: a status it does not know, a
// bond kept by a validator whose bond came back, a grading address or a key twice.
func TestCheckRefusesRecordsTheRulesNeverMake(t *testing.T) {
	a, b := book.Address{1}, book.Address{2}
	for _, c := range []struct {
		name    string
		members []*Validator
		want    string
	}{
		{"an unknown status", []*Validator{{Address: a, Status: "jailed"}}, `validators: 0x0100000000000000000000000000000000000000 has status "jailed"`},
		{"a bond after it came back", []*Validator{{Address: a, Status: Left, Bond: book.NewAmount(1)}}, "validators: 0x0100000000000000000000000000000000000000 is left but holds a bond"},
		{"an address twice", []*Validator{{Address: a, Status: Active}, {Address: a, Status: Active}}, "validators: 0x0100000000000000000000000000000000000000 is recorded twice"},
		{"a key twice", []*Validator{{Address: a, Key: []byte{7}, Status: Active}, {Address: b, Key: []byte{7}, Status: Active}}, "validators: 0x0200000000000000000000000000000000000000 is recorded twice"},
	} {
		s := &State{Members: c.members}
		if err := s.Check(); err == nil || err.Error() != c.want {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}
