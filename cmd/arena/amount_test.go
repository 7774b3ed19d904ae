package main

import (
	"errors"
	"testing"
)

var amountTests = []struct {
	in   string
	atto string // "" means refused
}{
	{"200", "200000000000000000000"},
	{"0.5", "500000000000000000"},
	{"0", "0"},
	{"0.000000000000000001", "1"},
	{"1.000000000000000001", "1000000000000000001"},
	{"007", "7000000000000000000"},
	{"atto:1", "1"},
	{"atto:0", "0"},
	{"atto:1000000000000000000", "1000000000000000000"},
	{"0.0000000000000000001", ""}, // 19 decimals
	{"1.", ""},
	{".5", ""},
	{"-1", ""},
	{"1e18", ""},
	{"1,000", ""},
	{"", ""},
	{" 1", ""},
	{"atto:01", ""},
	{"atto:0.5", ""},
	{"atto:", ""},
	{"200 GEN", ""},
}

// TestParseAmountIsExact: amount flags take whole units with up to 18 decimals and
// convert them exactly to atto, or take atto:N as N atto; everything else is refused.
func TestParseAmountIsExact(t *testing.T) {
	for _, tc := range amountTests {
		a, err := parseAmount(tc.in)
		switch {
		case tc.atto == "" && !errors.Is(err, errAmountFlag):
			t.Errorf("parseAmount(%q) = %s, %v; want errAmountFlag", tc.in, a, err)
		case tc.atto != "" && (err != nil || a.String() != tc.atto):
			t.Errorf("parseAmount(%q) = %s, %v; want %s atto", tc.in, a, err, tc.atto)
		}
	}
}

// TestFormatAmountRoundTrips: formatAmount writes what parseAmount reads back.
func TestFormatAmountRoundTrips(t *testing.T) {
	for _, tc := range []struct{ atto, want string }{
		{"200000000000000000000", "200"}, {"500000000000000000", "0.5"}, {"0", "0"}, {"1", "0.000000000000000001"},
	} {
		a, _ := parseAmount("atto:" + tc.atto)
		if got := formatAmount(a); got != tc.want {
			t.Errorf("formatAmount(%s atto) = %q, want %q", tc.atto, got, tc.want)
		}
	}
}

func FuzzParseAmount(f *testing.F) {
	for _, tc := range amountTests {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := parseAmount(s)
		if err != nil {
			return
		}
		b, err := parseAmount(formatAmount(a))
		if err != nil || !b.Eq(a) {
			t.Fatalf("parseAmount(%q) = %s; formatted %q reparses as %s, %v", s, a, formatAmount(a), b, err)
		}
	})
}

// TestParseSeconds: durations are whole seconds, in Go's syntax or as days.
func TestParseSeconds(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
	}{
		{"90s", 90}, {"6h", 21600}, {"1h30m", 5400}, {"7d", 604800}, {"0s", 0}, {"1.5s", 0}, {"-1h", 0}, {"d", 0}, {"3", 0},
	} {
		got, err := parseSeconds(tc.in)
		if (tc.want == 0) != (err != nil) || got != tc.want {
			t.Errorf("parseSeconds(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
		}
	}
}
