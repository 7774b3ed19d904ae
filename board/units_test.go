package board

import (
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
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
// the board prints decimal units with 18 places, exactly, up to 2^256-1.
func TestAmountsPrintExactly(t *testing.T) {
	for _, tc := range unitsTests {
		if got := units(ledger.MustAmount(tc.atto)); got != tc.want {
			t.Errorf("units(%s) = %q, want %q", tc.atto, got, tc.want)
		}
	}
	if got := money(ledger.Ether(20), "GEN"); got != "20 GEN" {
		t.Errorf("money(20 ether) = %q, want \"20 GEN\"", got)
	}
}

// FuzzUnits: units loses nothing: its digits, the fraction padded back to 18 places,
// are the amount's own decimal digits.
func FuzzUnits(f *testing.F) {
	for _, tc := range unitsTests {
		f.Add(tc.atto)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ledger.ParseAmount(s)
		if err != nil {
			return
		}
		u := units(a)
		whole, frac, dot := strings.Cut(u, ".")
		if dot && (frac == "" || strings.HasSuffix(frac, "0") || len(frac) > attoDigits) {
			t.Fatalf("units(%s) = %q: fraction not trimmed to at most 18 places", s, u)
		}
		digits := strings.TrimLeft(whole+frac+strings.Repeat("0", attoDigits-len(frac)), "0")
		if digits == "" {
			digits = "0"
		}
		if digits != a.String() {
			t.Fatalf("units(%s) = %q, which reads back as %s", s, u, digits)
		}
	})
}

// TestTimesAndDurations: close times are UTC from unix seconds; terms read as spoken.
func TestTimesAndDurations(t *testing.T) {
	for _, tc := range []struct {
		unix int64
		iso  string
		text string
	}{
		{0, "", "-"},
		{1767225600, "2026-01-01T00:00:00Z", "2026-01-01 00:00:00 UTC"},
		{1767312000 + 3599, "2026-01-02T00:59:59Z", "2026-01-02 00:59:59 UTC"},
	} {
		if got := stamp(tc.unix); got != tc.iso {
			t.Errorf("stamp(%d) = %q, want %q", tc.unix, got, tc.iso)
		}
		if got := readable(stamp(tc.unix)); got != tc.text {
			t.Errorf("readable(stamp(%d)) = %q, want %q", tc.unix, got, tc.text)
		}
	}
	for _, tc := range []struct {
		s    int64
		want string
	}{{21600, "6 h"}, {600, "10 min"}, {90, "90 s"}, {0, "0 s"}, {3660, "61 min"}} {
		if got := duration(tc.s); got != tc.want {
			t.Errorf("duration(%d) = %q, want %q", tc.s, got, tc.want)
		}
	}
	for _, tc := range []struct {
		n    int
		want string
	}{{0, "0"}, {5, "+5"}, {-60, "\u221260"}} {
		if got := signed(tc.n); got != tc.want {
			t.Errorf("signed(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}

// TestWorkIsCutAtARuneBoundary: a card carries at most 4 KiB of work and never splits
// a character.
func TestWorkIsCutAtARuneBoundary(t *testing.T) {
	s := strings.Repeat("a", maxWorkShown-1) + "é" + "tail"
	got, cut := excerpt(s, maxWorkShown)
	if !cut || got != strings.Repeat("a", maxWorkShown-1) {
		t.Errorf("excerpt cut=%v len=%d, want the 4095 a's alone", cut, len(got))
	}
	if got, cut := excerpt("short", maxWorkShown); cut || got != "short" {
		t.Errorf("excerpt(short) = %q, %v", got, cut)
	}
}
