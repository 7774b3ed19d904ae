package board

import (
	"strconv"
	"strings"
	"time"

	"github.com/arena/arena/ledger"
)

// units formats an atto amount as exact decimal units of the currency.
func units(a ledger.Amount) string { return a.Units() }

// money formats a as units followed by the currency symbol.
func money(a ledger.Amount, symbol string) string { return units(a) + " " + symbol }

// stamp formats unix seconds as an RFC 3339 UTC time ("2026-01-01T00:00:00Z"); 0 is "".
func stamp(unix int64) string {
	if unix == 0 {
		return ""
	}
	return time.Unix(unix, 0).UTC().Format(time.RFC3339)
}

// readable turns a stamp into the text shown for it: "2026-01-01 00:00:00 UTC". The
// script does the same two replacements, so server and client render alike.
func readable(iso string) string {
	if iso == "" {
		return "-"
	}
	return strings.Replace(strings.Replace(iso, "T", " ", 1), "Z", " UTC", 1)
}

// duration formats whole seconds the way terms are spoken: "6 h", "10 min", "90 s".
func duration(s int64) string {
	switch {
	case s > 0 && s%3600 == 0:
		return itoa(s/3600) + " h"
	case s > 0 && s%60 == 0:
		return itoa(s/60) + " min"
	default:
		return itoa(s) + " s"
	}
}

// signed formats n with an explicit sign, using the minus sign U+2212: "+5", "\u221260", "0".
func signed(n int) string {
	switch {
	case n > 0:
		return "+" + itoa(int64(n))
	case n < 0:
		return "\u2212" + itoa(-int64(n))
	default:
		return "0"
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
