package book

import (
	"strings"
	"testing"
)

var unitsTests = []struct{ atto, want string }{
	{"0", "0"},
	{"1", "0.000000000000000001"},
	{"10", "0.00000000000000001"},
	{"999999999999999999", "0.999999999999999999"},
	{"1000000000000000000", "1"},
	{"1500000000000000000", "1.5"},
	{"5000000000000000000", "5"},
	{"205000000000000000000", "205"},
	{"1000000000000000001", "1.000000000000000001"},
	{"123456789012345678901234567890", "123456789012.34567890123456789"},
	{"115792089237316195423570985008687907853269984665640564039457584007913129639935",
		"115792089237316195423570985008687907853269984665640564039457.584007913129639935"},
}

// TestAmountsPrintExactly: DESIGN.md, "Money is atto-scale unsigned 256-bit integers":
// amounts print as decimal units with 18 places, exactly, up to 2^256-1.
func TestAmountsPrintExactly(t *testing.T) {
	for _, tc := range unitsTests {
		if got := MustAmount(tc.atto).Units(); got != tc.want {
			t.Errorf("Units(%s) = %q, want %q", tc.atto, got, tc.want)
		}
	}
}

// FuzzUnits: Units loses nothing: its digits, the fraction padded back to 18 places,
// are the amount's own decimal digits.
func FuzzUnits(f *testing.F) {
	for _, tc := range unitsTests {
		f.Add(tc.atto)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAmount(s)
		if err != nil {
			return
		}
		u := a.Units()
		whole, frac, dot := strings.Cut(u, ".")
		if dot && (frac == "" || strings.HasSuffix(frac, "0") || len(frac) > Decimals) {
			t.Fatalf("Units(%s) = %q: fraction not trimmed to at most 18 places", s, u)
		}
		digits := strings.TrimLeft(whole+frac+strings.Repeat("0", Decimals-len(frac)), "0")
		if digits == "" {
			digits = "0"
		}
		if digits != a.String() {
			t.Fatalf("Units(%s) = %q, which reads back as %s", s, u, digits)
		}
	})
}

// MulDiv carries the product in 512 bits, so a pro-rata share of the largest amount
// never overflows, and rounds down.
func TestMulDivRoundsDownWithoutOverflow(t *testing.T) {
	max := MustAmount("115792089237316195423570985008687907853269984665640564039457584007913129639935")
	for _, c := range []struct {
		a, b, d Amount
		want    string
		over    bool
	}{
		{NewAmount(10), NewAmount(1), NewAmount(3), "3", false},
		{max, NewAmount(2), NewAmount(3), "77194726158210796949047323339125271902179989777093709359638389338608753093290", false},
		{max, max, max, max.String(), false},
		{max, NewAmount(2), NewAmount(1), "0", true},
		{NewAmount(1), NewAmount(1), Amount{}, "0", true},
	} {
		got, over := c.a.MulDiv(c.b, c.d)
		if over != c.over || (!over && got.String() != c.want) {
			t.Errorf("%s * %s / %s = %s (overflow %v), want %s (overflow %v)", c.a, c.b, c.d, got, over, c.want, c.over)
		}
	}
}
