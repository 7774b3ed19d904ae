package store

import (
	"strings"
	"testing"
)

var parseIDTests = []struct {
	in string
	ok bool
}{
	{"0x" + strings.Repeat("ab", 32), true},
	{"0x" + strings.Repeat("AB", 32), true},
	{"0x" + strings.Repeat("0", 64), true},
	{"", false},
	{"0x", false},
	{strings.Repeat("ab", 33), false},
	{"0X" + strings.Repeat("ab", 32), false},
	{"0x" + strings.Repeat("ab", 31), false},
	{"0x" + strings.Repeat("ab", 33), false},
	{"0x" + strings.Repeat("zz", 32), false},
	{"0x" + strings.Repeat("ab", 31) + "a ", false},
}

// TestParseID: ids and hashes cross the API as 0x + 64 hex digits; nothing else parses.
func TestParseID(t *testing.T) {
	for _, tc := range parseIDTests {
		id, err := ParseID(tc.in)
		if (err == nil) != tc.ok {
			t.Errorf("ParseID(%q) = %v, want ok=%v", tc.in, err, tc.ok)
			continue
		}
		if tc.ok && HexID(id) != strings.ToLower(tc.in) {
			t.Errorf("HexID(ParseID(%q)) = %q", tc.in, HexID(id))
		}
		if !tc.ok && err.Error() != `id "`+tc.in+`" is not 0x followed by 64 hex digits` {
			t.Errorf("ParseID(%q) error = %q", tc.in, err)
		}
	}
}

func FuzzParseID(f *testing.F) {
	for _, tc := range parseIDTests {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, err := ParseID(s)
		if err != nil {
			return
		}
		if back, err := ParseID(HexID(id)); err != nil || back != id {
			t.Fatalf("ParseID(%q) = %x; reparsing HexID gives %x, %v", s, id, back, err)
		}
	})
}
