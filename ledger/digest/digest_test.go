package digest

import (
	"strings"
	"testing"
)

// A digest is named the one way: 64 digits of lowercase hex, nothing shorter, longer,
// upper-case or prefixed.
func TestADigestIsSixtyFourLowercaseHexDigits(t *testing.T) {
	ok := strings.Repeat("0123456789abcdef", 4)
	for _, c := range []struct {
		s    string
		want bool
	}{
		{ok, true},
		{strings.Repeat("f", 64), true},
		{ok[:63], false},
		{ok + "0", false},
		{strings.ToUpper(ok), false},
		{"0x" + ok[:62], false},
		{ok[:63] + "g", false},
		{ok[:63] + " ", false},
		{"", false},
	} {
		if got := IsSHA256Hex(c.s); got != c.want {
			t.Errorf("IsSHA256Hex(%q) = %v, want %v", c.s, got, c.want)
		}
	}
}
