package ledgertest

import (
	"testing"
	"time"

	"github.com/arena/arena/ledger"
)

// Amounts print in units of the currency, exact to the atto.
func TestGenFormatsAttoAsUnits(t *testing.T) {
	for _, tt := range []struct {
		atto, want string
	}{
		{"0", "0"},
		{"1", "0.000000000000000001"},
		{"500000000000000000", "0.5"},
		{"1000000000000000000", "1"},
		{"205000000000000000000", "205"},
		{"1250000000000000000", "1.25"},
	} {
		if got := gen(ledger.MustAmount(tt.atto)); got != tt.want {
			t.Errorf("gen(%s) = %q, want %q", tt.atto, got, tt.want)
		}
	}
}

// A script's amounts are whole units; anything else is refused rather than rounded.
func TestParseGenTakesWholeUnits(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want string // atto, or "" for an error
	}{
		{"0", "0"},
		{"5", "5000000000000000000"},
		{"490", "490000000000000000000"},
		{"1.5", ""},
		{"-1", ""},
		{"", ""},
		{"1e3", ""},
	} {
		got, err := parseGen(tt.in)
		switch {
		case tt.want == "" && err == nil:
			t.Errorf("parseGen(%q) = %s, want an error", tt.in, got)
		case tt.want != "" && (err != nil || got.String() != tt.want):
			t.Errorf("parseGen(%q) = %s, %v; want %s", tt.in, got, err, tt.want)
		}
	}
}

// Durations print compactly, in a spelling time.ParseDuration reads back, so a script's
// expected output can be pasted into its commands.
func TestSinceIsCompact(t *testing.T) {
	for _, tt := range []struct {
		secs int64
		want string
	}{
		{0, "0s"}, {45, "45s"}, {60, "1m"}, {3600, "1h"}, {9000, "2h30m"}, {3605, "1h5s"}, {-60, "-1m"}, {7 * 3600, "7h"},
	} {
		got := since(tt.secs)
		if got != tt.want {
			t.Errorf("since(%d) = %q, want %q", tt.secs, got, tt.want)
		}
		if d, err := time.ParseDuration(got); err != nil || int64(d/time.Second) != tt.secs {
			t.Errorf("time.ParseDuration(%q) = %v, %v; want %ds", got, d, err, tt.secs)
		}
	}
}
