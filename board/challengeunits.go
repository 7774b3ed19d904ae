package board

import (
	"strconv"
	"strings"
)

// The challenge section shows scores exactly as the ledger keeps them: integer
// millionths written as decimals, never divided in floating point.

// decimal writes v, a count of 1/scale units (scale a power of ten above 1), as an
// exact decimal with all log10(scale) digits after the point: decimal(612345, 1e6) is
// "0.612345" and decimal(-5, 1e6) is "−0.000005", with the minus sign U+2212.
func decimal(v int64, scale uint64) string {
	digits := len(strconv.FormatUint(scale, 10)) - 1
	neg := v < 0
	u := uint64(v)
	if neg {
		u = -u
	}
	frac := strconv.FormatUint(u%scale, 10)
	s := strconv.FormatUint(u/scale, 10) + "." + strings.Repeat("0", digits-len(frac)) + frac
	if neg {
		return "\u2212" + s
	}
	return s
}

// micro writes a score in micros (1.0 = 1,000,000) with six decimals: "0.612345".
func micro(v int64) string { return decimal(v, 1_000_000) }

// withSE writes a composite and its standard error, both in micros: "0.612345 ± 0.041000".
func withSE(composite, se int64) string { return micro(composite) + " \u00b1 " + micro(se) }

// trimmed writes v/scale as a decimal without trailing zeros, for frozen constants:
// trimmed(900000, 1e6) is "0.9", trimmed(1640, 1000) is "1.64" and trimmed(2e6, 1e6)
// is "2".
func trimmed(v uint64, scale uint64) string {
	whole := strconv.FormatUint(v/scale, 10)
	if v%scale == 0 {
		return whole
	}
	return whole + strings.TrimRight(decimal(int64(v%scale), scale)[1:], "0")
}

// short returns the first 12 characters of a digest, and an ellipsis when it had more.
func short(d string) string {
	if len(d) <= 12 {
		return d
	}
	cut := 12
	for cut > 0 && (d[cut]&0xC0) == 0x80 {
		cut--
	}
	return d[:cut] + "\u2026"
}
