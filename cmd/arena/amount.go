package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/arena/arena/ledger"
)

// decimals is the number of decimal places of one whole unit: amounts are atto.
const decimals = ledger.Decimals

// errAmountFlag reports an amount flag that is neither whole units nor atto:N.
var errAmountFlag = errors.New(`amount must be whole units with up to 18 decimals ("200", "0.5") or "atto:N"`)

// parseAmount converts whole units with optional decimals ("200", "0.5") exactly to
// atto, or takes "atto:N" as N atto.
func parseAmount(s string) (ledger.Amount, error) {
	if n, ok := strings.CutPrefix(s, "atto:"); ok {
		a, err := ledger.ParseAmount(n)
		if err != nil {
			return a, fmt.Errorf("%w: %q", errAmountFlag, s)
		}
		return a, nil
	}
	whole, frac, dot := strings.Cut(s, ".")
	if whole == "" || (dot && frac == "") || len(frac) > decimals || !digits(whole) || !digits(frac) {
		return ledger.Amount{}, fmt.Errorf("%w: %q", errAmountFlag, s)
	}
	atto := strings.TrimLeft(whole+frac+strings.Repeat("0", decimals-len(frac)), "0")
	if atto == "" {
		atto = "0"
	}
	a, err := ledger.ParseAmount(atto)
	if err != nil {
		return a, fmt.Errorf("%w: %q", errAmountFlag, s)
	}
	return a, nil
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// formatAmount renders atto as whole units with the decimals it needs: "200", "0.5".
func formatAmount(a ledger.Amount) string { return a.Units() }

// errDuration reports a duration flag that is not a whole number of seconds.
var errDuration = errors.New(`duration must be a positive whole number of seconds, as "90s", "6h", "1h30m" or "7d"`)

// parseSeconds parses a Go duration, or a number of days written "7d", into seconds.
func parseSeconds(s string) (int64, error) {
	if n, ok := strings.CutSuffix(s, "d"); ok && digits(n) && n != "" {
		d, err := strconv.ParseInt(n, 10, 32)
		if err != nil || d <= 0 {
			return 0, fmt.Errorf("%w: %q", errDuration, s)
		}
		return d * 86400, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 || d%time.Second != 0 {
		return 0, fmt.Errorf("%w: %q", errDuration, s)
	}
	return int64(d / time.Second), nil
}
