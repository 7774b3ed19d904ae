package board

import (
	"math"
	"testing"
)

// TestScoresAreWrittenExactlyFromMicros: issue 13, "fixed-point integer arithmetic ...
// so every validator and every node gets the same bits": the board writes a score's
// integer micros as an exact decimal, digit for digit, never through a float.
func TestScoresAreWrittenExactlyFromMicros(t *testing.T) {
	for _, c := range []struct {
		v    int64
		want string
	}{
		{0, "0.000000"}, {1, "0.000001"}, {612_345, "0.612345"}, {41_000, "0.041000"}, {1_000_000, "1.000000"},
		{999_999, "0.999999"}, {1_234_567_890, "1234.567890"}, {-5, "\u22120.000005"},
		{math.MaxInt64, "9223372036854.775807"}, {math.MinInt64, "\u22129223372036854.775808"},
	} {
		if got := micro(c.v); got != c.want {
			t.Errorf("micro(%d) = %q, want %q", c.v, got, c.want)
		}
	}
	if got := withSE(612_345, 41_000); got != "0.612345 \u00b1 0.041000" {
		t.Errorf("withSE = %q", got)
	}
}

// TestFrozenConstantsAreWrittenWithoutTrailingZeros: the fold's constants read as the
// seed writes them: a champion share of 0.9, a margin of 0.02, a z of 1.64.
func TestFrozenConstantsAreWrittenWithoutTrailingZeros(t *testing.T) {
	for _, c := range []struct {
		v, scale uint64
		want     string
	}{
		{900_000, 1_000_000, "0.9"}, {100_000, 1_000_000, "0.1"}, {25_000, 1_000_000, "0.025"}, {20_000, 1_000_000, "0.02"},
		{1_640, 1_000, "1.64"}, {0, 1_000, "0"}, {2_000, 1_000, "2"}, {1, 1_000_000, "0.000001"}, {1_000_001, 1_000_000, "1.000001"},
	} {
		if got := trimmed(c.v, c.scale); got != c.want {
			t.Errorf("trimmed(%d, %d) = %q, want %q", c.v, c.scale, got, c.want)
		}
	}
}

// TestADigestIsShortenedToTwelveCharacters: a row shows a program's digest by its first
// twelve characters, whole runes only; the details show it whole.
func TestADigestIsShortenedToTwelveCharacters(t *testing.T) {
	for in, want := range map[string]string{
		"cf208d42dfa7e3c2a371cbe77b82a8038b62d7e2c514e8ced159213dc3a523c6": "cf208d42dfa7\u2026",
		"cf208d42dfa7": "cf208d42dfa7",
		"":             "",
		"ééééééééé":    "éééééé\u2026",
	} {
		if got := short(in); got != want {
			t.Errorf("short(%q) = %q, want %q", in, got, want)
		}
	}
}
