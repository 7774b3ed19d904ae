package board

import (
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
)

// TestAmountsPrintAsUnits: the board shows amounts as ledger.Amount.Units does, with
// the currency symbol.
func TestAmountsPrintAsUnits(t *testing.T) {
	if got := money(ledger.MustAmount("1500000000000000000"), "GEN"); got != "1.5 GEN" {
		t.Errorf("money(1.5 ether) = %q, want \"1.5 GEN\"", got)
	}
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
